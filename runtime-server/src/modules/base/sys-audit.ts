import type { Knex } from 'knex';
import type { EntityHooks } from '../../crud/hooks.js';
import type { BaseSysAuditRow } from '../../generated/rows.js';
import { filteredQuery } from '../../crud/query.js';

/**
 * Who reads which rows of the change audit, on every generic read of it (page, export). A super-admin reads every row. Anyone else reads, for each audited entity whose
 * `history` they may call, the rows of records that still exist and that they may see — tenant, data scope
 * and the entity's own visibility rule, exactly as that entity's `history` decides; a deleted record's rows
 * are the super-admin's only (nothing is left to check its scope against).
 */
export const auditHooks: EntityHooks<BaseSysAuditRow> = {
  async readWhere(c) {
    const actor = c.actor;
    const services = c.app;
    if (!actor || actor.isSuper) return undefined;
    // No services (a seed, a job without a caller): nothing is readable rather than everything.
    if (!services) return (qb) => qb.whereRaw('1 = 0');
    const perms = await services.auth.authz.permsOf(actor.userId);
    const readable: { id: string; records: Knex.QueryBuilder }[] = [];
    for (const rt of services.schema.registry.values()) {
      const history = rt.model.actions.find((a) => a.name === 'history');
      if (!history || (history.perm && !perms.has(history.perm))) continue;
      const column = rt.model.dataScope;
      const rule = services.schema.visibility.get(rt.model.id);
      const visible = rule ? await rule(actor, services.knex) : undefined;
      const records = filteredQuery(services.knex, rt, {}, {
        ...(column && c.departmentScope ? { scope: { column, ids: c.departmentScope } } : {}),
        ...(rt.model.tenant && actor.tenantId !== null && actor.tenantId !== undefined ? { tenant: actor.tenantId } : {}),
        ...(visible ? { visible } : {}),
      }).select('a.id');
      readable.push({ id: rt.model.id, records });
    }
    return (qb) =>
      qb.where((w) => {
        // No readable entity: a condition nothing meets, so the page is empty rather than everything.
        if (!readable.length) w.whereRaw('1 = 0');
        for (const r of readable) w.orWhere((q) => q.where('a.entity', r.id).whereIn('a.recordId', r.records));
      });
  },
};
