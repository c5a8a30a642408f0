/**
 * The CRUD controller of one screen (docs/reference/frontend-reference.md §5.2): parameters merged on every refresh and
 * mirrored in the URL, stale answers ignored, selection kept across pages, permission flags, a refresh
 * after every write, optimistic inline toggles that roll back on error.
 */
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { DataProvider } from './provider';
import { CrudError, toCrudError } from './provider';
import type { ScreenModel } from './model';
import { permOf } from './model';
import { takesIds } from './actionContext';
import { buildTree } from './tree';
import type { TreeRow } from './tree';
import { DEFAULT_PARAMS, fromQuery, toQuery, toRequest } from './urlState';
import type { CrudParams } from './urlState';
import type { Row } from './types';
import type { WhereNode } from './where';

export interface UrlBinding {
  read(): string;
  write(query: string): void;
}

export interface CrudStoreOptions {
  /** Whether the user holds a permission key. */
  hasPerm: (key: string) => boolean;
  url?: UrlBinding;
  /** Parameters every request carries (a sidebar selection, a fixed filter). */
  fixed?: Record<string, unknown>;
  /** Told after every successful write (the rows written or deleted), before the refresh. */
  onWrite?: (rows: Row[]) => void;
}

export type RowKey = string | number;

export class CrudStore {
  params: CrudParams;
  rows: Row[] = [];
  tree: TreeRow[] = [];
  total = 0;
  /** False when the server marked `total` approximate (a large table): shown as "about …". */
  totalExact = true;
  loading = false;
  error: CrudError | undefined = undefined;
  /** Selected rows by id, kept across pages and refreshes. */
  selected = new Map<RowKey, Row>();
  /** Rows whose inline toggle is being saved. */
  pending = new Set<string>();
  loaded = false;
  /** The URL query of the parameters the shown rows answer (tests and the view wait on it, not on timing). */
  shownQuery: string | undefined = undefined;
  private seq = 0;
  private readonly defaults: Partial<CrudParams>;

  constructor(
    readonly provider: DataProvider,
    readonly model: ScreenModel,
    private readonly options: CrudStoreOptions,
  ) {
    const sort = model.defaultSort;
    this.defaults = { ...DEFAULT_PARAMS, ...(sort ? { order: sort.field, sort: sort.order } : {}), filters: {} };
    const allowed = new Set([...model.filters.map((f) => f.field), ...(model.sidebar ? [model.sidebar.filter] : [])]);
    const ranges = new Set(model.filters.filter((f) => f.match === 'range').map((f) => f.field));
    this.params = fromQuery(options.url?.read() ?? '', model.entity.fields, this.defaults, allowed, ranges);
    // Rows are replaced, never mutated in place: a shallow reference keeps 10 000 rows from becoming 10 000 proxies.
    makeAutoObservable<CrudStore, 'seq' | 'defaults' | 'options'>(this, {
      provider: false,
      model: false,
      seq: false,
      defaults: false,
      options: false,
      rows: observableRef,
      tree: observableRef,
    });
  }

  get paged(): boolean {
    return this.model.view !== 'tree-table' && this.model.ops.page;
  }

  /** Standard operations the user may run: the entity has them and the user holds their keys. */
  get can(): Record<'add' | 'update' | 'delete' | 'info' | 'history', boolean> {
    const allowed = (op: keyof ScreenModel['ops']) => {
      if (!this.model.ops[op]) return false;
      const key = permOf(this.model.entity, op);
      return !key || this.options.hasPerm(key);
    };
    return { add: allowed('add'), update: allowed('update'), delete: allowed('delete'), info: allowed('info'), history: allowed('history') };
  }

  /**
   * Whether rows can be checked: only when something the user may run acts on the checked rows — delete, bulk
   * edit (a paged screen), or a toolbar action whose body takes ids. A read-only screen (request log) has no boxes.
   */
  get selectable(): boolean {
    const { can } = this;
    return can.delete || (can.update && this.paged) || this.model.toolbarActions.some((a) => this.canAction(a.name) && takesIds(this.model.entity.actions.find((x) => x.name === a.name)?.body));
  }

  canAction(name: string): boolean {
    const key = permOf(this.model.entity, name);
    return !key || this.options.hasPerm(key);
  }

  /** Merges `patch` into the parameters, mirrors them in the URL and loads; an older answer never wins. */
  async refresh(patch: Partial<CrudParams> = {}): Promise<void> {
    this.params = { ...this.params, ...patch, filters: { ...this.params.filters, ...(patch.filters ?? {}) } };
    const query = toQuery(this.params, this.defaults);
    this.options.url?.write(query);
    const seq = ++this.seq;
    this.loading = true;
    this.error = undefined;
    const body = { ...toRequest(this.params, this.paged), ...(this.options.fixed ?? {}) };
    try {
      if (this.paged) {
        const res = await this.provider.page(body);
        if (seq !== this.seq) return;
        runInAction(() => {
          this.rows = res.list;
          this.total = Number(res.pagination.total) || 0;
          this.totalExact = res.pagination.totalExact !== false;
          this.tree = [];
        });
        // The last row of the last page was deleted: show the page before it.
        if (!res.list.length && this.params.page > 1 && this.total > 0) return this.refresh({ page: Math.max(1, Math.ceil(this.total / this.params.size)) });
      } else {
        const list = await this.provider.list(body);
        if (seq !== this.seq) return;
        runInAction(() => {
          this.rows = list;
          this.total = list.length;
          this.totalExact = true;
          this.tree = this.model.view === 'tree-table' ? buildTree(list, this.model.defaultSort) : [];
        });
      }
    } catch (err) {
      if (seq !== this.seq) return;
      runInAction(() => {
        this.error = toCrudError(err);
      });
    } finally {
      if (seq === this.seq)
        runInAction(() => {
          this.loading = false;
          this.loaded = true;
          this.shownQuery = query;
        });
    }
  }

  /** The current page/list request without paging (keyword, filters, sort): what an export applies. */
  listBody(): Record<string, unknown> {
    return { ...toRequest(this.params, false), ...(this.options.fixed ?? {}) };
  }

  setFixed(fixed: Record<string, unknown>): Promise<void> {
    this.options.fixed = fixed;
    return this.refresh({ page: 1 });
  }

  search(keyWord: string): Promise<void> {
    const kw = keyWord.trim();
    return this.refresh({ page: 1, keyWord: kw || undefined });
  }

  setFilter(field: string, value: unknown): Promise<void> {
    return this.refresh({ page: 1, filters: { [field]: value } });
  }

  setFilters(filters: Record<string, unknown>): Promise<void> {
    return this.refresh({ page: 1, filters });
  }

  /** The advanced filter (already cleaned of unfinished conditions); undefined removes it. */
  setWhere(where: WhereNode | undefined): Promise<void> {
    return this.refresh({ page: 1, where });
  }

  /** Replaces keyword, filters, condition tree, sort and page size at once (a saved view), then loads page 1. */
  applyParams(next: Pick<CrudParams, 'keyWord' | 'filters' | 'where' | 'order' | 'sort'> & { size?: number }): Promise<void> {
    this.params = { ...this.params, keyWord: next.keyWord, filters: { ...next.filters }, where: next.where };
    return this.refresh({
      page: 1,
      order: next.order ?? this.defaults.order,
      sort: next.order ? next.sort : this.defaults.sort,
      ...(next.size ? { size: next.size } : {}),
    });
  }

  /** Clears keyword, filters and the advanced filter (not the sort or the page size). */
  reset(): Promise<void> {
    this.params = { ...this.params, keyWord: undefined, filters: {}, where: undefined };
    return this.refresh({ page: 1 });
  }

  setSort(field: string | undefined, order: 'asc' | 'desc' | undefined): Promise<void> {
    if (!field || !order) return this.refresh({ page: 1, order: this.defaults.order, sort: this.defaults.sort });
    return this.refresh({ page: 1, order: field, sort: order });
  }

  setPage(page: number, size?: number): Promise<void> {
    if (size && size !== this.params.size) return this.refresh({ page: 1, size });
    return this.refresh({ page });
  }

  keyOf(row: Row): RowKey {
    return row.id as RowKey;
  }

  isSelected(row: Row): boolean {
    return this.selected.has(this.keyOf(row));
  }

  /** Sets the selection state of the rows on screen; rows of other pages stay selected. */
  select(rows: readonly Row[], on: boolean): void {
    for (const r of rows) {
      if (on) this.selected.set(this.keyOf(r), r);
      else this.selected.delete(this.keyOf(r));
    }
  }

  /** The table's selection for the rows on screen: other pages' selections are kept. */
  setVisibleSelection(keys: readonly RowKey[]): void {
    const on = new Set(keys.map(String));
    for (const r of this.rows) {
      if (on.has(String(this.keyOf(r)))) this.selected.set(this.keyOf(r), r);
      else this.selected.delete(this.keyOf(r));
    }
  }

  clearSelection(): void {
    this.selected.clear();
  }

  get selectedKeys(): RowKey[] {
    return [...this.selected.keys()];
  }

  async remove(ids: readonly RowKey[]): Promise<void> {
    await this.provider.delete([...ids]);
    this.written(ids.map((id) => this.selected.get(id) ?? this.rows.find((r) => r.id === id) ?? { id }));
    runInAction(() => {
      for (const id of ids) this.selected.delete(id);
    });
    await this.refresh();
  }

  /** add or update, then refresh; errors (with their fields) go to the caller, which keeps the form open. */
  async save(mode: 'add' | 'update', data: Row): Promise<void> {
    if (mode === 'add') await this.provider.add(data);
    else await this.provider.update(data);
    this.written([data]);
    await this.refresh();
  }

  /** Tells the screen's listeners that rows were written (custom actions call it too). */
  written(rows: Row[]): void {
    this.options.onWrite?.(rows);
  }

  /** An inline switch: shown at once, sent as `update {id, field}`, put back when the server refuses. */
  async toggle(row: Row, field: string, value: unknown): Promise<void> {
    const key = `${String(row.id)}:${field}`;
    const before = row[field];
    this.setCell(row, field, value);
    this.pending.add(key);
    try {
      await this.provider.update({ id: row.id, [field]: value });
      this.written([{ ...row, [field]: value }]);
    } catch (err) {
      this.setCell(row, field, before);
      throw toCrudError(err);
    } finally {
      runInAction(() => this.pending.delete(key));
    }
  }

  private setCell(row: Row, field: string, value: unknown): void {
    const patch = (list: Row[]) => list.map((r) => (r.id === row.id ? { ...r, [field]: value } : r));
    this.rows = patch(this.rows);
    if (this.tree.length) this.tree = buildTree(patch(this.rows), this.model.defaultSort);
  }
}

export { CrudError };
