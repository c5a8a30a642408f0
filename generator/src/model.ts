/**
 * The sanitized model: what every generator target and the server runtime read.
 * Produced by `sanitizeEntity()` from a schema file that passed the meta-schema;
 * nothing downstream reads the raw schema files.
 */

export const LOCALES = ['zh-cn', 'zh-tw', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
/** A text in every supported locale. */
export type Labels = Record<Locale, string>;

/** Storage type of a column; every target maps each one (adding one fails the build elsewhere). */
export type FieldType =
  | 'string'
  | 'text'
  | 'longtext'
  | 'integer'
  | 'bigint'
  | 'double'
  | 'decimal'
  | 'boolean'
  | 'json'
  | 'datetime'
  | 'date';

export const FIELD_TYPES: readonly FieldType[] = [
  'string', 'text', 'longtext', 'integer', 'bigint', 'double', 'decimal', 'boolean', 'json', 'datetime', 'date',
];

/** JSON Schema subset we carry around (kept loose on purpose: ajv and rjsf read it). */
export type JsonSchema = Record<string, unknown>;

export interface FieldOption {
  value: string | number | boolean;
  label: Labels;
  color?: string;
}

export interface FieldModel {
  /** Property name, also the column name (camelCase, as the cool-admin family). */
  name: string;
  type: FieldType;
  nullable: boolean;
  /** varchar length (type string only). */
  length?: number;
  precision?: number;
  scale?: number;
  /** Database / add-time default; undefined = none. */
  default?: unknown;
  unique: boolean;
  index: boolean;
  /** Never leaves the server (responses, EPS, recycle snapshots, logs). */
  secret: boolean;
  /** id, createTime, updateTime: set by the server, never by a request body. */
  implicit: boolean;
  /** Returned, but never taken from a request body (implicit fields, passwordV, isSuper…). */
  readOnly: boolean;
  /** false when the default is applied by the service only (TEXT/JSON columns cannot carry one in MySQL). */
  dbDefault?: false;
  label: Labels;
  /** Dictionary type key (dict_type.key). */
  dict?: string;
  /** Inline value labels. */
  options?: FieldOption[];
  /** $id of the referenced entity. */
  ref?: string;
  /** Previous column name: the diff turns drop+add into a rename that keeps data. */
  renamedFrom?: string;
  /** The property's JSON Schema (x- keywords removed), for request validation and forms. */
  schema: JsonSchema;
}

/**
 * A many-to-many through a link entity, declared by `x-relation` on an id-list property
 * (docs/kernel-and-modules.md, "Relations"). The generic add/update replace the link rows, info answers them,
 * delete takes them into the recycle-bin snapshot.
 */
export interface RelationModel {
  /** The id-list property, e.g. `menuIdList`. */
  name: string;
  /** `$id` of the link entity. */
  through: string;
  /** Its column holding this entity's id. */
  self: string;
  /** Its column holding the linked id (an `x-ref` to `target`). */
  other: string;
  /** `$id` of the linked entity (the `x-ref` of `other`, filled by the cross-entity pass). */
  target: string;
  /**
   * The row also keeps the list in a JSON column of its own (a field of the same name), written with the row;
   * page and list answer that copy, info the link rows. Without it the property has no column.
   */
  stored: boolean;
  /** Message key for linked ids that do not exist (`{ids}`); default `error.relationNotFound`. */
  notFound?: string;
  label: Labels;
  /** The property's JSON Schema (x- keywords removed), for request validation. */
  schema: JsonSchema;
}

export type GenericAction = 'add' | 'delete' | 'update' | 'info' | 'list' | 'page' | 'history';
/** Generic actions a schema may declare in x-api; `history` is added automatically to audited entities. */
export const GENERIC_ACTIONS: readonly GenericAction[] = ['add', 'delete', 'update', 'info', 'list', 'page'];

/** open: no token; login: any signed-in admin; perm: the action's permission key; super: super-admins only. */
export type AuthLevel = 'open' | 'login' | 'perm' | 'super';

export interface ActionModel {
  name: string;
  method: 'get' | 'post';
  /** Relative path with a leading slash, e.g. `/page`. */
  path: string;
  /** Full URL path, e.g. `/admin/demo/goods/page`. */
  url: string;
  /** The generic CRUD operation this action is (also set when a named handler overrides it). */
  generic?: GenericAction;
  /** Named handler in runtime-server/src/modules/<module>/<file>.ts; when set, it serves the action. */
  handler?: string;
  auth: AuthLevel;
  /** Permission key, `module:controller:action`. */
  perm: string;
  summary: Labels;
  /** Request schema for POST bodies (custom actions) — generic actions derive theirs from the fields. */
  body?: JsonSchema;
  /** Request schema for GET query strings. */
  query?: JsonSchema;
  /** list: the order when the request names none (x-api `defaultSort`), instead of `createTime desc`. */
  defaultSort?: { field: string; order: 'asc' | 'desc' };
}

export interface FilterRef {
  /** Qualified column, `a.status` or `b.name`. */
  column: string;
  /** Request key. */
  param: string;
}

export interface JoinModel {
  entity: string;
  table: string;
  alias: string;
  /** Main-table field holding the joined row's id. */
  on: string;
  /** Output name -> joined column. */
  select: Record<string, string>;
}

export interface QueryModel {
  keyWordLikeFields: string[];
  fieldEq: FilterRef[];
  fieldLike: FilterRef[];
  /** Inclusive ranges on number, decimal, date and datetime columns: request `[from, to]`, either may be null. */
  fieldRange: FilterRef[];
  order: { column: string; direction: 'asc' | 'desc' }[];
  join: JoinModel[];
}

export interface IndexModel {
  name: string;
  columns: string[];
  unique: boolean;
  /**
   * PostgreSQL only: the first column keeps NULLs first, the order a page asks of a nullable column there
   * (orderByKey in runtime-server/src/crud/query.ts); a default index (NULLS LAST) cannot serve that order.
   */
  nullsFirst?: true;
}

export interface EntityModel {
  /** `$id`, e.g. `base/sys/user`. */
  id: string;
  module: string;
  /** Schema file, relative to the repository root. */
  file: string;
  /** Handler module for named handlers, relative to runtime-server/src/modules. */
  handlerModule: string;
  /** URL prefix, `/admin/<id>`. */
  prefix: string;
  /** Entity class name (EPS `name`), e.g. `BaseSysUserEntity`; absent for controller-only schemas. */
  name?: string;
  table?: string;
  renamedFrom?: string;
  /**
   * `coding`: written by the coding endpoints or the AI helper (x-origin); such an entity reaches only what
   * docs/generator.md ("What a created entity may touch") lists.
   */
  origin?: 'coding';
  label: Labels;
  /** The schema's `description` (EPS `info.type.description`, e.g. 开放接口 for base/open). */
  description?: string;
  /** id, then declared fields, then createTime/updateTime. Empty for controller-only schemas. */
  fields: FieldModel[];
  /** `x-relation` properties (a stored one is also in `fields`); absent when there are none. */
  relations?: RelationModel[];
  required: string[];
  actions: ActionModel[];
  query: QueryModel;
  indexes: IndexModel[];
  /**
   * Main-table text columns keyword and `fieldLike` search read through the database's search index
   * (docs/generator.md, "Search indexes"): SQLite FTS5 trigram, PostgreSQL pg_trgm GIN; absent when none.
   */
  search?: string[];
  dataScope?: string;
  /** Tenant-scoped (x-tenant): an implicit `tenantId` column filters and stamps every generic query. */
  tenant: boolean;
  recycle: boolean;
  /** Writes are recorded in base_sys_audit (x-audit, default true for tables). */
  audit: boolean;
  screen?: JsonSchema;
  defs: Record<string, JsonSchema>;
}

/** The whole sanitized set, entities sorted by id. */
export interface Model {
  entities: EntityModel[];
}

/** `asc`/`desc` (any case), comma-separated: what page/list accept as `sort`. */
export const SORT_PATTERN = '^\\s*([aA][sS][cC]|[dD][eE][sS][cC])(\\s*,\\s*([aA][sS][cC]|[dD][eE][sS][cC]))*\\s*$';
