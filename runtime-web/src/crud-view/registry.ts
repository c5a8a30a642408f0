/**
 * Named widgets, cells and actions: the names an `x-screen` block may use (`component`, `actions`), registered
 * once so a module's special behaviour plugs in by name and no screen needs page code.
 */
import type { ComponentType, ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { ColumnModel } from '../crud/model';
import type { CrudStore } from '../crud/store';
import type { Row } from '../crud/types';
import type { Stores } from '../core/stores';
import { isKnown } from '../crud/names';

export interface CellProps {
  value: unknown;
  row: Row;
  column: ColumnModel;
  store: CrudStore;
}

export interface ActionContext {
  store: CrudStore;
  /** The row of a row action; absent on the toolbar. */
  row?: Row;
  /** Selected rows (toolbar). */
  rows: Row[];
}

export interface ActionHandler {
  /** Runs the action; return false to skip the default refresh. */
  run(ctx: ActionContext): Promise<void | false> | void | false;
  render?: (ctx: ActionContext) => ReactNode;
  /** A dialog of its own (import, export…): shown inside the screen, so it has the stores and the language. */
  dialog?: ComponentType<ActionDialogProps>;
}

export interface ActionDialogProps {
  ctx: ActionContext;
  /** `changed`: the list is refreshed. */
  onClose(changed?: boolean): void;
}

/** One record drawn as a card of a card grid (`x-screen.view: "cards"`): the entity's registered card body. */
export interface CardProps {
  row: Row;
  store: CrudStore;
  /** Runs a row action of the screen by name (with its confirmation), or a standard one (edit, delete). */
  run(name: string): void;
}

/** A whole screen drawn by a registered view instead of the table (file space, tenant demo): it gets the entity's store. */
export interface ScreenViewProps {
  store: CrudStore;
}

const widgets = new Map<string, ComponentType<WidgetProps>>();
const cells = new Map<string, ComponentType<CellProps>>();
const actions = new Map<string, ActionHandler>();
const refreshHooks = new Map<string, (stores: Stores) => unknown>();
const cards = new Map<string, ComponentType<CardProps>>();
const screenViews = new Map<string, ComponentType<ScreenViewProps>>();
const afterWrite = new Map<string, ((ctx: { store: CrudStore; rows: Row[]; stores: Stores }) => void)[]>();

/** A registration outside `crud/names.json` is an error in development: the generator would warn on its every use. */
function listed(kind: 'cell' | 'widget', name: string): void {
  if (!isKnown(kind, name) && import.meta.env?.DEV) console.error(`${kind} "${name}" is registered but not listed in runtime-web/src/crud/names.json`);
}
export function registerWidget(name: string, widget: ComponentType<WidgetProps>): void {
  listed('widget', name);
  widgets.set(name, widget);
}
export function registerCell(name: string, cell: ComponentType<CellProps>): void {
  listed('cell', name);
  cells.set(name, cell);
}
/** `name` is an action name (`move`) or `<entity id>:<action>` for one entity only. */
export function registerAction(name: string, handler: ActionHandler): void {
  actions.set(name, handler);
}

export function widgetMap(): Record<string, ComponentType<WidgetProps>> {
  return Object.fromEntries(widgets);
}
export function cellFor(name: string | undefined): ComponentType<CellProps> | undefined {
  return name ? cells.get(name) : undefined;
}
export function actionFor(entityId: string, name: string): ActionHandler | undefined {
  return actions.get(`${entityId}:${name}`) ?? actions.get(name);
}
export function widgetFor(name: string): ComponentType<WidgetProps> | undefined {
  return widgets.get(name);
}
export function hasWidget(name: string): boolean {
  return widgets.has(name);
}

type AfterWrite = (ctx: { store: CrudStore; rows: Row[]; stores: Stores }) => void;

/**
 * One module's named screen parts, declared as data; the screens manifest (`modules/index.ts`) lists the
 * modules and the generic screen installs them once, instead of each file registering on import.
 */
export interface ScreenModule {
  cells?: Record<string, ComponentType<CellProps>>;
  widgets?: Record<string, ComponentType<WidgetProps>>;
  /** By `<entity id>:<action>` (one entity) or a bare action name. */
  actions?: Record<string, ActionHandler>;
  /** An entity's card body (by entity id). */
  cards?: Record<string, ComponentType<CardProps>>;
  /** A view replacing an entity's table (by entity id). */
  views?: Record<string, ComponentType<ScreenViewProps>>;
  refreshHooks?: Record<string, (stores: Stores) => unknown>;
  reloadEvents?: Record<string, string>;
  afterWrite?: Record<string, AfterWrite>;
}

const installed = new WeakSet<ScreenModule>();
export function installScreens(modules: readonly ScreenModule[]): void {
  for (const m of modules) {
    if (installed.has(m)) continue;
    installed.add(m);
    for (const [k, v] of Object.entries(m.cells ?? {})) registerCell(k, v);
    for (const [k, v] of Object.entries(m.widgets ?? {})) registerWidget(k, v);
    for (const [k, v] of Object.entries(m.actions ?? {})) registerAction(k, v);
    for (const [k, v] of Object.entries(m.cards ?? {})) registerCard(k, v);
    for (const [k, v] of Object.entries(m.views ?? {})) registerScreenView(k, v);
    for (const [k, v] of Object.entries(m.refreshHooks ?? {})) registerRefreshHook(k, v);
    for (const [k, v] of Object.entries(m.reloadEvents ?? {})) registerReloadEvent(k, v);
    for (const [k, v] of Object.entries(m.afterWrite ?? {})) onAfterWrite(k, v);
  }
}

/** Runs after every list load of one entity's screen (the menu screen reloads the shell's sidebar menu). */
export function registerRefreshHook(entityId: string, hook: (stores: Stores) => unknown): void {
  refreshHooks.set(entityId, hook);
}
export function refreshHookFor(entityId: string): ((stores: Stores) => unknown) | undefined {
  return refreshHooks.get(entityId);
}

const reloadEvents = new Map<string, string>();
/** A window event on which one entity's open screen reloads its list (the plugin list on a dropped install). */
export function registerReloadEvent(entityId: string, event: string): void {
  reloadEvents.set(entityId, event);
}
export function reloadEventFor(entityId: string): string | undefined {
  return reloadEvents.get(entityId);
}

/** The card body of an entity's card grid (by entity id, `task/info`). */
export function registerCard(entityId: string, card: ComponentType<CardProps>): void {
  cards.set(entityId, card);
}
export function cardFor(entityId: string): ComponentType<CardProps> | undefined {
  return cards.get(entityId);
}

/** A registered view that replaces an entity's table (by entity id). */
export function registerScreenView(entityId: string, view: ComponentType<ScreenViewProps>): void {
  screenViews.set(entityId, view);
}
export function screenViewFor(entityId: string): ComponentType<ScreenViewProps> | undefined {
  return screenViews.get(entityId);
}

/** Runs after every successful write of an entity's screen (add, update, delete, inline switch, action): e.g. reload the dictionary cache. */
export function onAfterWrite(entityId: string, hook: (ctx: { store: CrudStore; rows: Row[]; stores: Stores }) => void): void {
  afterWrite.set(entityId, [...(afterWrite.get(entityId) ?? []), hook]);
}
export function runAfterWrite(store: CrudStore, rows: Row[], stores: Stores): void {
  for (const hook of afterWrite.get(store.model.entity.id) ?? []) hook({ store, rows, stores });
}
