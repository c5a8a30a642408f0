/**
 * Names an `x-screen` block refers to (the console core, docs/development.md): a column's `component` names a cell, a form item's a widget,
 * an action its entity's action. The list of cells and widgets is `names.json` — the one list the console's
 * registry is held to and the generator warns against; a name outside it is no longer a silent fallback.
 */
import names from './names.json';
import type { ScreenModel } from './model';

export const KNOWN_NAMES: { widgets: readonly string[]; cells: readonly string[] } = names;

export interface UnknownName {
  kind: 'cell' | 'widget' | 'action';
  name: string;
  /** The column, form field or action entry that names it. */
  where: string;
}

export function isKnown(kind: 'cell' | 'widget', name: string): boolean {
  return (kind === 'cell' ? KNOWN_NAMES.cells : KNOWN_NAMES.widgets).includes(name);
}

/**
 * Every name of a screen model that nothing answers to (the screen would otherwise drop or ignore it). `known`
 * defaults to `names.json`; the console also asks its registry (a listed name no module of the manifest provides
 * is as unknown to the screen as a misspelt one).
 */
export function unknownNames(model: ScreenModel, known: (kind: 'cell' | 'widget', name: string) => boolean = isKnown): UnknownName[] {
  const out: UnknownName[] = [];
  for (const c of model.columns) if (c.component && !known('cell', c.component)) out.push({ kind: 'cell', name: c.component, where: c.key });
  for (const f of model.form) if (f.component && !known('widget', f.component)) out.push({ kind: 'widget', name: f.component, where: f.field });
  const actions = new Set(model.entity.actions.map((a) => a.name));
  for (const a of model.entity.screen?.actions ?? []) if (!actions.has(a.name)) out.push({ kind: 'action', name: a.name, where: 'actions' });
  return out;
}
