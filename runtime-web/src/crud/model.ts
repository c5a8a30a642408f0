/**
 * The screen model: what a generic CRUD screen shows, derived from the entity schema, its EPS search
 * block and its `x-screen` block — with defaults good enough that a bare schema gets a usable screen.
 */
import type { EntitySchema, EpsSearch, FieldMeta, Labels, RelationMeta, ScreenAction, ScreenItem } from './types';

export type CellKind =
  | 'text'
  | 'longtext'
  | 'dict'
  | 'options'
  | 'datetime'
  | 'date'
  | 'decimal'
  | 'number'
  | 'boolean'
  | 'image'
  | 'images'
  | 'file'
  | 'json'
  | 'ref'
  | 'secret';

export interface ColumnModel {
  key: string;
  label: Labels;
  field?: FieldMeta;
  kind: CellKind;
  /** A registered cell name from `x-screen` (overrides `kind`). */
  component?: string;
  width?: number;
  sortable: boolean;
  align: 'left' | 'right' | 'center';
  fixed?: 'left' | 'right';
  /** A `virtual` screen item: a value the page answer computes, not a column of the table. */
  virtual?: true;
}

export type FilterKind = 'dict' | 'options' | 'boolean' | 'ref' | 'number' | 'text' | 'numberRange' | 'dateRange';

export interface FilterModel {
  field: string;
  label: Labels;
  kind: FilterKind;
  /** eq / like: one value (or a list for eq); range: `[from, to]`, either end null. */
  match: 'eq' | 'like' | 'range';
  meta?: FieldMeta;
}

export interface FormItemModel {
  /** The section or tab this field sits in (x-screen form item `group`). */
  group?: Labels;
  field: string;
  meta: FieldMeta;
  span: number;
  width?: number;
  component?: string;
  props?: Record<string, unknown>;
  hidden?: boolean;
  /** Shown only while each named field holds one of the listed values (a menu's fields by its type). */
  showWhen?: Record<string, unknown[]>;
}

/** Whether a form item (for the current values) or a row action (for its row) shows (`showWhen`). */
export function shownFor(item: { showWhen?: Record<string, unknown[]> }, data: Record<string, unknown>): boolean {
  return !item.showWhen || Object.entries(item.showWhen).every(([k, values]) => values.includes(data[k]));
}

export interface ActionModel extends ScreenAction {
  label: Labels;
  perm?: string;
  method: string;
}

export type { EpsSearch } from './types';

export interface ScreenModel {
  entity: EntitySchema;
  title: Labels;
  view: 'table' | 'tree-table' | 'cards';
  columns: ColumnModel[];
  keyWord: boolean;
  keyWordFields: Labels[];
  filters: FilterModel[];
  form: FormItemModel[];
  rowActions: ActionModel[];
  toolbarActions: ActionModel[];
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** Standard operations the entity's API has (before permissions). */
  ops: { add: boolean; update: boolean; delete: boolean; info: boolean; page: boolean; list: boolean; history: boolean };
  sidebar?: { entity: string; filter: string; tree?: boolean; start?: 'all' | 'first'; title?: Labels };
  /** Explicit toolbar buttons from `x-screen.buttons`, when given. */
  buttons?: string[];
  formLayout: 'grid' | 'sections' | 'tabs';
  /** Row numbers across pages before the data columns (`x-screen.index`). */
  index: boolean;
}

const STANDARD = new Set(['add', 'delete', 'update', 'info', 'list', 'page', 'history']);
const IMAGE_NAME = /(image|img|avatar|logo|pic|photo|cover|thumb)/i;
const FILE_NAME = /(file|attachment)/i;
const INTERNAL_COLUMNS = new Set(['tenantId', 'updateTime']);

const itemOf = (i: ScreenItem) => (typeof i === 'string' ? { field: i } : i);

/** The field of a `virtual` screen item: read-only in columns, a nullable JSON value in forms. */
function virtualMeta(item: ReturnType<typeof itemOf>, form: boolean): FieldMeta | undefined {
  if (!('virtual' in item) || !item.virtual) return undefined;
  const schema = item.virtual.schema ?? {};
  const type = form ? 'json' : 'string';
  return { name: item.field, type, nullable: true, label: item.virtual.label, schema, ...(form ? {} : { readOnly: true }) };
}

function relationMeta(r: RelationMeta): FieldMeta {
  return { name: r.name, type: 'json', nullable: true, label: r.label, schema: r.schema, ref: r.target };
}

/** The cell kind a field gets when the screen names no component. */
export function cellKind(f: FieldMeta): CellKind {
  if (f.secret) return 'secret';
  if (f.dict) return 'dict';
  if (f.options?.length) return 'options';
  const items = (f.schema.items ?? {}) as Record<string, unknown>;
  switch (f.type) {
    case 'datetime':
      return 'datetime';
    case 'date':
      return 'date';
    case 'decimal':
      return 'decimal';
    case 'integer':
    case 'bigint':
    case 'number':
      return f.ref ? 'ref' : 'number';
    case 'boolean':
      return 'boolean';
    case 'json':
      if (types(f.schema).includes('array') && types(items).includes('string') && IMAGE_NAME.test(f.name)) return 'images';
      return 'json';
    case 'text':
    case 'longtext':
      return 'longtext';
    default:
      if (IMAGE_NAME.test(f.name)) return 'image';
      if (FILE_NAME.test(f.name) || f.schema.format === 'uri') return 'file';
      return 'text';
  }
}

function types(schema: Record<string, unknown>): string[] {
  const t = schema.type;
  return Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
}

function filterKind(f: FieldMeta | undefined, match: FilterModel['match']): FilterKind {
  if (match === 'range') return f && (f.type === 'date' || f.type === 'datetime') ? 'dateRange' : 'numberRange';
  if (!f || match === 'like') return 'text';
  if (f.dict) return 'dict';
  if (f.options?.length) return 'options';
  if (f.type === 'boolean') return 'boolean';
  if (f.ref) return 'ref';
  if (['integer', 'bigint', 'number', 'decimal'].includes(f.type)) return 'number';
  return 'text';
}

/** Fields a person may type into: not read-only, not implicit (id, timestamps, tenant). */
export function editable(f: FieldMeta): boolean {
  return !f.readOnly && !f.implicit;
}

export function buildScreenModel(entity: EntitySchema, search: EpsSearch = entity.search ?? {}): ScreenModel {
  const screen = entity.screen ?? {};
  const byName = new Map(entity.fields.map((f) => [f.name, f]));
  const apiNames = new Set(entity.actions.map((a) => a.name));
  const ops = {
    add: apiNames.has('add'),
    update: apiNames.has('update'),
    delete: apiNames.has('delete'),
    info: apiNames.has('info'),
    page: apiNames.has('page'),
    list: apiNames.has('list'),
    history: apiNames.has('history'),
  };
  const sortItem = screen.defaultSort ?? (byName.has('createTime') ? { field: 'createTime', order: 'desc' as const } : undefined);

  const columnItems: ScreenItem[] =
    screen.columns ?? entity.fields.filter((f) => !f.secret && !INTERNAL_COLUMNS.has(f.name) && f.name !== 'id').map((f) => f.name);
  const columns: ColumnModel[] = [];
  const joined = new Map((entity.joined ?? []).map((f) => [f.name, f]));
  const listed = new Set(columnItems.map((i) => itemOf(i).field));
  for (const raw of columnItems) {
    const item = itemOf(raw);
    const stored = byName.get(item.field);
    const viaJoin = stored ? undefined : joined.get(item.field);
    // A joined label beside its reference column would say the same twice: the reference cell shows it.
    if (viaJoin && listed.has(viaJoin.via) && byName.get(viaJoin.via)?.refLabel === viaJoin.name) continue;
    const f = stored ?? viaJoin ?? virtualMeta(item, false);
    if (!f || f.secret) continue;
    const kind = cellKind(f);
    columns.push({
      key: f.name,
      ...(stored || viaJoin ? {} : { virtual: true as const }),
      label: f.label,
      field: f,
      kind,
      ...(item.component ? { component: item.component } : {}),
      ...(item.width ? { width: item.width } : {}),
      ...(item.fixed ? { fixed: item.fixed } : {}),
      // A joined column sorts only when the screen says so: no index of this table orders by it.
      sortable: item.sortable !== undefined ? !!item.sortable : !viaJoin && ['datetime', 'date', 'decimal', 'number'].includes(kind) || f.name === sortItem?.field,
      align: kind === 'decimal' || kind === 'number' ? 'right' : 'left',
    });
  }

  const eq = (search.fieldEq ?? []).map((x) => x.propertyName);
  const like = (search.fieldLike ?? []).map((x) => x.propertyName);
  const range = (search.fieldRange ?? []).map((x) => x.propertyName);
  const filterNames = screen.search?.filters ?? [...eq, ...like, ...range];
  const filters: FilterModel[] = [];
  for (const name of filterNames) {
    const match = eq.includes(name) ? 'eq' : like.includes(name) ? 'like' : range.includes(name) ? 'range' : undefined;
    if (!match) continue;
    const meta = byName.get(name);
    filters.push({ field: name, label: meta?.label ?? { en: name }, kind: filterKind(meta, match), match, ...(meta ? { meta } : {}) });
  }
  const keyWordFields = (search.keyWordLikeFields ?? []).map((k) => k.labels ?? byName.get(k.propertyName)?.label ?? { en: k.propertyName });
  const keyWord = (screen.search?.keyWord ?? true) && keyWordFields.length > 0;

  // Id lists through a link entity with no column of their own: picked from the linked entity in forms.
  const linked = new Map((entity.relations ?? []).filter((r) => !r.stored).map((r) => [r.name, r]));
  const formItems: ScreenItem[] = screen.form ?? [...entity.fields.filter(editable).map((f) => f.name), ...linked.keys()];
  const form: FormItemModel[] = [];
  for (const raw of formItems) {
    const item = itemOf(raw);
    const relation = linked.get(item.field);
    const meta = byName.get(item.field) ?? virtualMeta(item, true) ?? (relation ? relationMeta(relation) : undefined);
    if (!meta || meta.implicit) continue;
    const wide = item.span ?? (['longtext', 'json', 'images'].includes(cellKind(meta)) && !meta.options ? 24 : 12);
    form.push({
      field: meta.name,
      meta,
      span: wide,
      ...(item.width ? { width: item.width } : {}),
      ...(item.component ? { component: item.component } : relation ? { component: 'refs' } : {}),
      ...(relation ? { props: { ref: relation.target, ...item.props } } : item.props ? { props: item.props } : {}),
      ...(item.hidden ? { hidden: true } : {}),
      ...('group' in item && item.group ? { group: item.group } : {}),
      ...('showWhen' in item && item.showWhen ? { showWhen: item.showWhen } : {}),
    });
  }

  const rowActions: ActionModel[] = [];
  const toolbarActions: ActionModel[] = [];
  for (const a of screen.actions ?? []) {
    const api = entity.actions.find((x) => x.name === a.name);
    if (!api || STANDARD.has(a.name)) continue;
    const model: ActionModel = { ...a, label: a.label ?? api.summary ?? { en: a.name }, method: api.method, ...(api.perm ? { perm: api.perm } : {}) };
    const placement = a.placement ?? 'row';
    if (placement === 'row' || placement === 'both') rowActions.push(model);
    if (placement === 'toolbar' || placement === 'both') toolbarActions.push(model);
  }

  const view = screen.view === 'tree-table' || (screen.view === undefined && entity.tree) ? 'tree-table' : screen.view === 'cards' ? 'cards' : 'table';
  return {
    entity,
    title: entity.label,
    view,
    columns,
    keyWord,
    keyWordFields,
    filters,
    form,
    rowActions,
    toolbarActions,
    ...(sortItem && byName.has(sortItem.field) ? { defaultSort: sortItem } : {}),
    ops,
    ...(screen.sidebar ? { sidebar: screen.sidebar } : {}),
    ...(screen.buttons ? { buttons: screen.buttons } : {}),
    formLayout: screen.formLayout ?? (form.some((f) => f.group) ? 'sections' : 'grid'),
    index: screen.index === true,
  };
}

/** The permission key of an action of the entity (`demo:goods:add`), from the schema. */
export function permOf(entity: EntitySchema, action: string): string | undefined {
  return entity.actions.find((a) => a.name === action)?.perm;
}

/** A label in the locale, falling back to zh-cn, then English, then any. */
export function labelIn(labels: Labels | string | undefined, locale: string, fallback = ''): string {
  if (!labels) return fallback;
  if (typeof labels === 'string') return labels;
  const l = labels as Record<string, string | undefined>;
  return l[locale] ?? l['zh-cn'] ?? l.en ?? Object.values(l).find(Boolean) ?? fallback;
}
