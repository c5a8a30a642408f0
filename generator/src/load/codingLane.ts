import { SchemaError } from '../errors.js';
import type { EntityModel } from '../model.js';

/**
 * Shipped entities an entity written by the coding endpoints (x-origin `coding`) may join, reference (x-ref) or
 * link to through a relation of its own: business data only. Everything else — authentication (users, roles,
 * sessions, captchas, login throttles), configuration (base/sys/conf holds the JWT secret, params, plugins),
 * the link tables of roles, menus and users, the request log and the change audit, tasks, the recycle bin —
 * is internal, and a created entity cannot reach it (docs/generator.md, "What a created entity may touch").
 */
export const CODING_REACHABLE: ReadonlySet<string> = new Set([
  'base/sys/department',
  'demo/goods',
  'demo/order',
  'dict/info',
  'dict/type',
  'space/info',
  'space/type',
  'user/address',
]);

const reachable = (target: EntityModel | undefined): boolean => !!target && (target.origin === 'coding' || CODING_REACHABLE.has(target.id));

/**
 * Keeps a created entity in its lane (issue 34): its joins, x-refs and relation targets name only created
 * entities or CODING_REACHABLE ones, a relation's link entity is a created one (never a shipped link table such
 * as the user–role links), and it does not take over a shipped table by x-renamedFrom.
 */
export function checkCodingLane(e: EntityModel, byId: Map<string, EntityModel>, byTable: Map<string, EntityModel>): SchemaError[] {
  if (e.origin !== 'coding') return [];
  const errors: SchemaError[] = [];
  const refuse = (ptr: string, id: string) =>
    errors.push(new SchemaError('InternalEntity', e.file, ptr, `a created entity cannot reach "${id}": it may join, reference or relate to created entities and ${[...CODING_REACHABLE].join(', ')} only`));
  e.query.join.forEach((j, i) => {
    if (byId.has(j.entity) && !reachable(byId.get(j.entity))) refuse(`/x-query/join/${i}/entity`, j.entity);
  });
  for (const f of e.fields) if (f.ref && byId.has(f.ref) && !reachable(byId.get(f.ref))) refuse(`/properties/${f.name}/x-ref`, f.ref);
  for (const r of e.relations ?? []) {
    const link = byId.get(r.through);
    if (link && link.origin !== 'coding') {
      errors.push(new SchemaError('InternalEntity', e.file, `/properties/${r.name}/x-relation/through`, `a created entity's relation links through a created entity of its own, not "${r.through}"`));
    }
    if (r.target && !reachable(byId.get(r.target))) refuse(`/properties/${r.name}/x-relation`, r.target);
  }
  const renamed = e.renamedFrom ? byTable.get(e.renamedFrom) : undefined;
  if (e.renamedFrom && (renamed ? renamed.origin !== 'coding' : /^(base|plugin|recycle|task|lock|helper)_/.test(e.renamedFrom))) {
    errors.push(new SchemaError('InternalEntity', e.file, '/x-renamedFrom', `a created entity cannot take over the table "${e.renamedFrom}"`));
  }
  return errors;
}
