/**
 * What one generic screen shows besides its rows (the console core, docs/development.md): the open dialog or panel, the user's column
 * layout, the tree's open rows, the sidebar's manager. Kept beside the controller (mobx, headless) so the view
 * components of the screen hold no state of their own and stay small.
 */
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { Request } from '../core/request';
import { applyColumnSettings, loadColumnSettings, saveColumnSettings } from './columnSettings';
import type { ColumnSetting } from './columnSettings';
import type { FormMode } from './formSchema';
import type { ActionModel, ColumnModel } from './model';
import type { CrudStore } from './store';
import { treeKeys } from './tree';
import type { Row } from './types';

export interface DialogState {
  mode: FormMode;
  row?: Row;
  /** Pre-filled values (append: a child of a row). */
  prefill?: Row;
}

export type ScreenPanel = 'import' | 'export' | 'bulk';

/** `Custom`: a registered action's own dialog and its context (the view layer's type). */
export class CrudScreenState<Custom = unknown> {
  dialog: DialogState | undefined = undefined;
  /** The form stack stays mounted once opened (its closing animation, its loaded chunk). */
  formLoaded = false;
  panel: ScreenPanel | undefined = undefined;
  historyRow: Row | undefined = undefined;
  /** An action that asks for values first (its body has fields besides the ids). */
  asking: { action: ActionModel; rows: Row[] } | undefined = undefined;
  custom: Custom | undefined = undefined;
  /** The sidebar's own entity managed in a drawer: its list, or its add dialog at once. */
  managing: false | 'list' | 'add' = false;
  /** Bumped when the manager closes: the sidebar reloads its nodes. */
  sidebarVersion = 0;
  /** undefined: still loading (the table waits, no flash of the default columns); null: the defaults. */
  settings: ColumnSetting[] | null | undefined = undefined;
  expanded: (string | number)[] = [];

  constructor(
    readonly store: CrudStore,
    private readonly request: Request,
    autoAdd = false,
  ) {
    makeAutoObservable<CrudScreenState<Custom>, 'request'>(this, {
      store: false,
      request: false,
      dialog: observableRef,
      historyRow: observableRef,
      asking: observableRef,
      custom: observableRef,
      settings: observableRef,
      expanded: observableRef,
    });
    if (autoAdd) this.openDialog({ mode: 'add' });
  }

  /** The model's columns in the user's order, widths and visibility. */
  get columns(): (ColumnModel & { hidden: boolean })[] {
    return applyColumnSettings(this.store.model.columns, this.settings ? { columns: this.settings } : null);
  }

  openDialog(dialog: DialogState): void {
    this.dialog = dialog;
    this.formLoaded = true;
  }
  closeDialog = (): void => {
    this.dialog = undefined;
  };
  /** A new record lands where the user is looking: the sidebar's chosen node (one type, one category). */
  openAdd = (): void => {
    const side = this.store.model.sidebar;
    const value = side ? this.store.params.filters[side.filter] : undefined;
    this.openDialog({ mode: 'add', ...(side && value !== undefined && !Array.isArray(value) ? { prefill: { [side.filter]: value as unknown } } : {}) });
  };
  setPanel(panel: ScreenPanel | undefined): void {
    this.panel = panel;
  }
  setHistoryRow = (row: Row | undefined): void => {
    this.historyRow = row;
  };
  setAsking(asking: { action: ActionModel; rows: Row[] } | undefined): void {
    this.asking = asking;
  }
  setCustom(custom: Custom | undefined): void {
    this.custom = custom;
  }
  setManaging(managing: false | 'list' | 'add'): void {
    this.managing = managing;
    if (!managing) this.sidebarVersion++;
  }
  setExpanded = (keys: (string | number)[]): void => {
    this.expanded = keys;
  };
  expandAll(): void {
    this.expanded = treeKeys(this.store.tree) as (string | number)[];
  }

  async loadSettings(): Promise<void> {
    const id = this.store.model.entity.id;
    const s = await loadColumnSettings(this.request, id).catch(() => null);
    runInAction(() => (this.settings = s?.columns ?? null));
  }
  /** Shown at once, saved for the user; null: back to the defaults. */
  saveSettings = (next: ColumnSetting[] | null): Promise<void> => {
    this.settings = next;
    return saveColumnSettings(this.request, this.store.model.entity.id, next ? { columns: next } : null);
  };
  /** A column dragged to a new width: the whole layout is saved with it. */
  resize = (key: string, width: number): Promise<void> =>
    this.saveSettings(this.columns.map((c) => ({ key: c.key, hidden: c.hidden, ...(c.fixed ? { fixed: c.fixed } : {}), ...(c.key === key ? { width } : c.width ? { width: c.width } : {}) })));
}
