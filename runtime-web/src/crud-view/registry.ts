/**
 * Named widgets, cells and actions: the names an `x-screen` block may use (`component`, `actions`), so a module's
 * special behaviour plugs in by name and no screen needs page code. The registry is an object built once per
 * console from the theme and the screens manifest (`createRegistry`), provided at the console root
 * (`RegistryRoot`, App.tsx) and read with `useRegistry()`; code outside React receives it as a parameter.
 * Nothing here is module-global, so two consoles (or a test's own registry) never see each other's names.
 */
import type { ComponentType, ReactNode } from 'react';
import type { TemplatesType, WidgetProps } from '@rjsf/utils';
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

type AfterWrite = (ctx: { store: CrudStore; rows: Row[]; stores: Stores }) => void;

/** A theme as one object, the way `@rjsf/antd` packages its theme (theme-semi/index.ts is the console's). */
export interface ConsoleTheme {
  widgets: Readonly<Record<string, ComponentType<WidgetProps>>>;
  templates: Partial<TemplatesType>;
  cells: Readonly<Record<string, ComponentType<CellProps>>>;
}

/**
 * One module's named screen parts, declared as data; the screens manifest (`modules/index.ts`) lists the
 * modules and the console root builds its registry from them, instead of each file registering on import.
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
  /** Runs after every list load of one entity's screen (the menu screen reloads the shell's sidebar menu). */
  refreshHooks?: Record<string, (stores: Stores) => unknown>;
  /** A window event on which one entity's open screen reloads its list (the plugin list on a dropped install). */
  reloadEvents?: Record<string, string>;
  /** Runs after every successful write of an entity's screen (add, update, delete, inline switch, action). */
  afterWrite?: Record<string, AfterWrite>;
}

/** The console's named parts: every lookup a screen, a form or a cell makes by name. */
export interface Registry {
  /** The form's widgets by name: the theme's, then the modules' (a module's widget replaces the theme's). */
  widget(name: string): ComponentType<WidgetProps> | undefined;
  /** All widgets as rjsf takes them; the same object on every call (forms memoise on it). */
  widgetMap(): Readonly<Record<string, ComponentType<WidgetProps>>>;
  /** The theme's rjsf templates. */
  readonly templates: Partial<TemplatesType>;
  /** A named cell: the theme's first, then a module's. */
  cell(name: string | undefined): ComponentType<CellProps> | undefined;
  /** `<entity id>:<action>` first, then the bare action name. */
  action(entityId: string, name: string): ActionHandler | undefined;
  /** The card body of an entity's card grid (by entity id, `task/info`). */
  card(entityId: string): ComponentType<CardProps> | undefined;
  /** A view that replaces an entity's table (by entity id). */
  view(entityId: string): ComponentType<ScreenViewProps> | undefined;
  refreshHook(entityId: string): ((stores: Stores) => unknown) | undefined;
  reloadEvent(entityId: string): string | undefined;
  /** Runs the entity's after-write hooks, in manifest order. */
  afterWrite(store: CrudStore, rows: Row[], stores: Stores): void;
  /** Whether a cell or widget of that name is registered. */
  has(kind: 'cell' | 'widget', name: string): boolean;
  /** Registrations outside `crud/names.json` (an error in development: the generator warns on their every use). */
  readonly unlisted: readonly { kind: 'cell' | 'widget'; name: string }[];
}

/**
 * Builds a console's registry from its theme and the screens manifest's modules (in order: a later module's
 * action or view of the same name wins, after-write hooks add up). `dev`: a registration outside
 * `crud/names.json` is reported with `console.error`, as a misspelt name in a schema is shown on its screen.
 */
export function createRegistry(theme: ConsoleTheme, modules: readonly ScreenModule[], { dev = !!import.meta.env?.DEV }: { dev?: boolean } = {}): Registry {
  const widgets: Record<string, ComponentType<WidgetProps>> = { ...theme.widgets };
  const cells = new Map<string, ComponentType<CellProps>>(Object.entries(theme.cells));
  const actions = new Map<string, ActionHandler>();
  const cards = new Map<string, ComponentType<CardProps>>();
  const views = new Map<string, ComponentType<ScreenViewProps>>();
  const refreshHooks = new Map<string, (stores: Stores) => unknown>();
  const reloadEvents = new Map<string, string>();
  const afterWrite = new Map<string, AfterWrite[]>();
  for (const m of new Set(modules)) {
    Object.assign(widgets, m.widgets);
    // The theme's cells come first (as the table always looked them up); a module adds its own names.
    for (const [k, v] of Object.entries(m.cells ?? {})) if (!cells.has(k)) cells.set(k, v);
    for (const [k, v] of Object.entries(m.actions ?? {})) actions.set(k, v);
    for (const [k, v] of Object.entries(m.cards ?? {})) cards.set(k, v);
    for (const [k, v] of Object.entries(m.views ?? {})) views.set(k, v);
    for (const [k, v] of Object.entries(m.refreshHooks ?? {})) refreshHooks.set(k, v);
    for (const [k, v] of Object.entries(m.reloadEvents ?? {})) reloadEvents.set(k, v);
    for (const [k, v] of Object.entries(m.afterWrite ?? {})) afterWrite.set(k, [...(afterWrite.get(k) ?? []), v]);
  }
  const unlisted = [
    ...Object.keys(widgets).filter((n) => !isKnown('widget', n)).map((name) => ({ kind: 'widget' as const, name })),
    ...[...cells.keys()].filter((n) => !isKnown('cell', n)).map((name) => ({ kind: 'cell' as const, name })),
  ];
  if (dev) for (const u of unlisted) console.error(`${u.kind} "${u.name}" is registered but not listed in runtime-web/src/crud/names.json`);
  Object.freeze(widgets);
  return {
    widget: (name) => (Object.hasOwn(widgets, name) ? widgets[name] : undefined),
    widgetMap: () => widgets,
    templates: theme.templates,
    cell: (name) => (name ? cells.get(name) : undefined),
    action: (entityId, name) => actions.get(`${entityId}:${name}`) ?? actions.get(name),
    card: (entityId) => cards.get(entityId),
    view: (entityId) => views.get(entityId),
    refreshHook: (entityId) => refreshHooks.get(entityId),
    reloadEvent: (entityId) => reloadEvents.get(entityId),
    afterWrite(store, rows, stores) {
      for (const hook of afterWrite.get(store.model.entity.id) ?? []) hook({ store, rows, stores });
    },
    has: (kind, name) => (kind === 'cell' ? cells.has(name) : Object.hasOwn(widgets, name)),
    unlisted,
  };
}
