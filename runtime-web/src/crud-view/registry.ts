/**
 * Named widgets, cells and actions: the names an `x-screen` block may use (`component`, `actions`), registered
 * once so a module's special behaviour plugs in by name and no screen needs page code.
 */
import type { ComponentType, ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { ColumnModel } from '../crud/model';
import type { CrudStore } from '../crud/store';
import type { Row } from '../crud/types';

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
}

const widgets = new Map<string, ComponentType<WidgetProps>>();
const cells = new Map<string, ComponentType<CellProps>>();
const actions = new Map<string, ActionHandler>();

export function registerWidget(name: string, widget: ComponentType<WidgetProps>): void {
  widgets.set(name, widget);
}
export function registerCell(name: string, cell: ComponentType<CellProps>): void {
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
export function hasWidget(name: string): boolean {
  return widgets.has(name);
}
