/**
 * Saved views of a generic screen, headless: list, save, save as, rename, share, delete and the user's default,
 * through `base/sys/view` (the server checks each view against the schema and names what it dropped).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { Request } from '../core/request';
import type { ColumnSetting } from './columnSettings';
import type { CrudStore } from './store';
import type { WhereNode } from './where';

const V = '/admin/base/sys/view';

export interface ViewState {
  keyWord?: string | null;
  filters?: Record<string, unknown>;
  where?: WhereNode | null;
  order?: string | null;
  sort?: 'asc' | 'desc' | null;
  size?: number;
  columns?: ColumnSetting[];
}

export interface SavedView {
  id: number;
  name: string;
  mine: boolean;
  isDefault: boolean;
  shareRoleId: number | null;
  shareDepartmentId: number | null;
  state: ViewState;
  /** Fields the server left out (removed from the schema, or not for this viewer). */
  dropped: string[];
}

/** The screen as a view: its list parameters and the column layout on show. */
export function stateOf(store: CrudStore, columns: readonly ColumnSetting[] | null): ViewState {
  const p = store.params;
  const filters = Object.fromEntries(Object.entries(p.filters).filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length)));
  return {
    ...(p.keyWord ? { keyWord: p.keyWord } : {}),
    filters,
    ...(p.where ? { where: p.where } : {}),
    ...(p.order ? { order: p.order, sort: p.sort ?? 'desc' } : {}),
    size: p.size,
    ...(columns ? { columns: columns.map((c) => ({ key: c.key, ...(c.hidden ? { hidden: true } : {}), ...(c.width ? { width: Math.round(c.width) } : {}), ...(c.fixed ? { fixed: c.fixed } : {}) })) } : {}),
  };
}

export class ViewsStore {
  list: SavedView[] = [];
  /** The view last applied on this screen (its name shows on the toolbar). */
  activeId: number | undefined = undefined;
  loaded = false;

  constructor(
    private readonly request: Request,
    readonly prefix: string,
  ) {
    makeAutoObservable<ViewsStore, 'request'>(this, { request: false, prefix: false });
  }

  get active(): SavedView | undefined {
    return this.list.find((v) => v.id === this.activeId);
  }

  get defaultView(): SavedView | undefined {
    return this.list.find((v) => v.isDefault);
  }

  async load(): Promise<void> {
    const list = await this.request<SavedView[]>({ url: `${V}/views`, method: 'GET', params: { prefix: this.prefix }, progress: false });
    runInAction(() => {
      this.list = list ?? [];
      this.loaded = true;
    });
  }

  setActive(id: number | undefined): void {
    this.activeId = id;
  }

  /** A new view (save as); it becomes the active one. */
  async create(name: string, state: ViewState): Promise<number> {
    const { id } = await this.request<{ id: number }>({ url: `${V}/viewSave`, method: 'POST', data: { prefix: this.prefix, name, state } });
    await this.load();
    this.setActive(id);
    return id;
  }

  /** Overwrites the state of one of the user's views (save). */
  async update(view: SavedView, state: ViewState): Promise<void> {
    await this.request({ url: `${V}/viewSave`, method: 'POST', data: { prefix: this.prefix, id: view.id, name: view.name, state } });
    await this.load();
  }

  async rename(view: SavedView, name: string): Promise<void> {
    await this.request({ url: `${V}/viewSave`, method: 'POST', data: { prefix: this.prefix, id: view.id, name } });
    await this.load();
  }

  async share(view: SavedView, roleId: number | null, departmentId: number | null): Promise<void> {
    await this.request({ url: `${V}/viewShare`, method: 'POST', data: { id: view.id, roleId, departmentId } });
    await this.load();
  }

  async remove(view: SavedView): Promise<void> {
    await this.request({ url: `${V}/viewDelete`, method: 'POST', data: { id: view.id } });
    if (this.activeId === view.id) this.setActive(undefined);
    await this.load();
  }

  async setDefault(view: SavedView | undefined): Promise<void> {
    await this.request({ url: `${V}/viewDefault`, method: 'POST', data: { prefix: this.prefix, id: view?.id ?? null } });
    await this.load();
  }
}
