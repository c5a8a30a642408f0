/**
 * What the server tells the console about an entity: `GET /admin/base/comm/schema?prefix=` (fields with the
 * very JSON Schema the server validates with) and the EPS entry's `screen` block (schemas/README.md).
 */
export type Labels = Partial<Record<'zh-cn' | 'zh-tw' | 'en', string>>;

export interface OptionMeta {
  value: unknown;
  label: Labels | string;
  /** Semi tag colour name (`success`, `danger`, …) or a CSS colour. */
  color?: string;
}

export type JsonSchema = Record<string, unknown>;

export interface FieldMeta {
  name: string;
  /** Column kind: string, text, longtext, integer, bigint, number, decimal, boolean, date, datetime, json. */
  type: string;
  nullable?: boolean;
  readOnly?: boolean;
  secret?: boolean;
  implicit?: boolean;
  label: Labels;
  schema: JsonSchema;
  length?: number;
  precision?: number;
  scale?: number;
  default?: unknown;
  /** Dictionary type key. */
  dict?: string;
  options?: OptionMeta[];
  /** Referenced entity id (`base/sys/department`). */
  ref?: string;
  /** The row field holding the referenced record's label through a join (`goodsTitle` beside `goodsId`). */
  refLabel?: string;
}

/** A column a page row carries through a join (`x-query.join`): read-only, reached through the reference `via`. */
export interface JoinedFieldMeta extends FieldMeta {
  via: string;
}

export interface ActionMeta {
  name: string;
  method: string;
  path: string;
  perm?: string;
  auth?: string;
  summary?: Labels;
  body?: JsonSchema;
  query?: JsonSchema;
}

/** An `x-screen` form or column item: a field name or an object with layout and widget choices. */
export type ScreenItem =
  | string
  | { field: string; width?: number; span?: number; sortable?: boolean | 'asc' | 'desc'; component?: string; hidden?: boolean; props?: Record<string, unknown>; fixed?: 'left' | 'right'; group?: Labels; showWhen?: Record<string, unknown[]>; virtual?: VirtualField };

/** A value the entity's handlers read or answer that is not a column (a user's `roleIdList`, `roleName`). */
export interface VirtualField {
  label: Labels;
  schema?: JsonSchema;
}

export interface ScreenAction {
  name: string;
  placement?: 'row' | 'toolbar' | 'both';
  confirm?: boolean;
  component?: string;
  label?: Labels;
  /** A row action shows only on rows whose fields hold one of the listed values. */
  showWhen?: Record<string, unknown[]>;
}

export interface ScreenBlock {
  view?: 'table' | 'tree-table' | 'cards' | 'none';
  route?: string;
  moduleLabel?: Labels;
  columns?: ScreenItem[];
  form?: ScreenItem[];
  formLayout?: 'grid' | 'sections' | 'tabs';
  /** An index column: the row's number across pages. */
  index?: boolean;
  search?: { keyWord?: boolean; filters?: string[] };
  sidebar?: { entity: string; filter: string; tree?: boolean; start?: 'all' | 'first'; title?: Labels };
  actions?: ScreenAction[];
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  buttons?: string[];
}

export interface EntitySchema {
  id: string;
  module: string;
  prefix: string;
  name?: string;
  label: Labels;
  audited?: boolean;
  tree?: boolean;
  fields: FieldMeta[];
  /** Many-to-many id lists through a link entity (`x-relation`); `stored` ones are also in `fields`. */
  relations?: RelationMeta[];
  /** Columns of joined entities a row carries (listed by a screen's `columns`, never in forms). */
  joined?: JoinedFieldMeta[];
  required: string[];
  actions: ActionMeta[];
  screen?: ScreenBlock | null;
  /** The EPS search block (keyword fields, filters), answered by `base/comm/schema` beside the screen block. */
  search?: EpsSearch | null;
}

export interface EpsSearch {
  keyWordLikeFields?: { propertyName: string; labels?: Labels }[];
  fieldEq?: { propertyName: string }[];
  fieldLike?: { propertyName: string }[];
  fieldRange?: { propertyName: string }[];
}

export interface RelationMeta {
  name: string;
  /** `$id` of the linked entity. */
  target: string;
  stored: boolean;
  label: Labels;
  schema: Record<string, unknown>;
}

/** One row as the server answers it. */
export type Row = Record<string, unknown> & { id?: number | string };

export interface PageResult {
  list: Row[];
  /** `totalExact: false`: the server's total is an approximation (above its COUNT_EXACT_LIMIT). */
  pagination: { page: number; size: number; total: number; totalExact?: boolean };
}
