import type { Knex } from 'knex';
import type { Handler } from '../../core/handler.js';
import { page as genericPage } from '../../crud/operations/page.js';
import { filteredQuery } from '../../crud/query.js';

/**
 * `page` of the change audit. A super-admin reads every row. Anyone else reads, for each audited entity whose
 * `history` they may call, the rows of records that still exist and that they may see — tenant, data scope
 * and the entity's own visibility rule, exactly as that entity's `history` decides; a deleted record's rows
 * are the super-admin's only (nothing is left to check its scope against).
 */
export const page: Handler = async (ctx) => {
  const c = ctx.crud();
  const actor = ctx.actor;
  if (!actor || actor.isSuper) return genericPage(c, ctx.body);
  const { services } = ctx;
  const perms = await services.authz.permsOf(actor.userId);
  const readable: { id: string; records: Knex.QueryBuilder }[] = [];
  for (const rt of services.registry.values()) {
    const history = rt.model.actions.find((a) => a.name === 'history');
    if (!history || (history.perm && !perms.has(history.perm))) continue;
    const column = rt.model.dataScope;
    const rule = services.visibility.get(rt.model.id);
    const visible = rule ? await rule(actor, services.knex) : undefined;
    const records = filteredQuery(services.knex, rt, {}, {
      ...(column && ctx.departmentScope ? { scope: { column, ids: ctx.departmentScope } } : {}),
      ...(rt.model.tenant && actor.tenantId !== null ? { tenant: actor.tenantId } : {}),
      ...(visible ? { visible } : {}),
    }).select('a.id');
    readable.push({ id: rt.model.id, records });
  }
  return genericPage(
    {
      ...c,
      where: (qb) =>
        qb.where((w) => {
          // No readable entity: a condition nothing meets, so the page is empty rather than everything.
          if (!readable.length) w.whereRaw('1 = 0');
          for (const r of readable) w.orWhere((q) => q.where('a.entity', r.id).whereIn('a.recordId', r.records));
        }),
    },
    ctx.body,
  );
};
