import type { EntityModel } from '@schema-admin/generator';

/** An entity the console may show: one with a table and a way to read it (link and internal tables have none). */
export function screenable(e: EntityModel): boolean {
  return !!e.table && e.actions.some((a) => a.name === 'page' || a.name === 'list' || a.name === 'info');
}
