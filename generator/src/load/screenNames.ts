/**
 * Names an `x-screen` block refers to (the console core, docs/development.md): a column's `component` must be a cell the console
 * registers, a form item's a widget, an action one of the entity's actions. The console lists its cells and
 * widgets in one file (runtime-web/src/crud/names.json, read here without React); anything else would be
 * ignored on screen, so it is a warning (a plugin's console part may bring names of its own later).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { EntityModel } from '../model.js';

export interface ConsoleNames {
  widgets: readonly string[];
  cells: readonly string[];
}

/** The console's list, or undefined where there is no console beside the schemas (a bare generator run). */
export function readConsoleNames(root: string): ConsoleNames | undefined {
  const file = path.join(root, 'runtime-web', 'src', 'crud', 'names.json');
  if (!fs.existsSync(file)) return undefined;
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ConsoleNames>;
  return { widgets: doc.widgets ?? [], cells: doc.cells ?? [] };
}

type Item = string | { field?: string; component?: unknown };

export function checkScreenNames(entities: readonly EntityModel[], names: ConsoleNames): string[] {
  const warnings: string[] = [];
  const cells = new Set(names.cells);
  const widgets = new Set(names.widgets);
  for (const e of entities) {
    const screen = e.screen as { columns?: Item[]; form?: Item[]; actions?: { name?: unknown }[] } | undefined;
    if (!screen) continue;
    const at = `${e.file}: entity ${e.id}, x-screen`;
    const check = (list: Item[] | undefined, key: string, known: Set<string>, kind: string) =>
      (list ?? []).forEach((item, i) => {
        const name = typeof item === 'object' && item !== null ? item.component : undefined;
        if (typeof name === 'string' && !known.has(name)) warnings.push(`${at}/${key}/${i}: ${kind} "${name}" is not one the console registers (${[...known].sort().join(', ')}); the screen would ignore it`);
      });
    check(screen.columns, 'columns', cells, 'cell');
    check(screen.form, 'form', widgets, 'widget');
    const actions = new Set(e.actions.map((a) => a.name));
    (screen.actions ?? []).forEach((a, i) => {
      if (typeof a.name === 'string' && !actions.has(a.name)) warnings.push(`${at}/actions/${i}: action "${a.name}" is not an action of this entity; the screen would drop it`);
    });
  }
  return warnings;
}
