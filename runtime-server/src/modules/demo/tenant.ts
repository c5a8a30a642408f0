import type { Handler } from '../../core/handler.js';
import { page } from '../../crud/operations/page.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';

/**
 * The tenant demo (docs/reference/api-contract.md §9) on demo goods, whose schema says `x-tenant`.
 * `use`: the ordinary case — the caller's tenant filters the query in SQL.
 */
export const use: Handler = async (ctx) => ({ tenantId: ctx.actor?.tenantId ?? null, ...(await page(ctx.crud(ENTITIES.demoGoods), ctx.body)) });

/**
 * `noUse`: one query of the request opts out of the filter — here only to count every tenant's goods;
 * the rows returned are still the caller's own, so no other tenant's data leaves the server.
 */
export const noUse: Handler = async (ctx) => {
  const own = await page(ctx.crud(ENTITIES.demoGoods), ctx.body);
  const all = (await ctx.services.knex(TABLES.demoGoods).count({ n: '*' }).first()) as { n: number | string } | undefined;
  return { tenantId: ctx.actor?.tenantId ?? null, ...own, allTenantsTotal: Number(all?.n ?? 0) };
};

/** `noTenant` (super-admins only): the whole operation runs without the tenant filter. */
export const noTenant: Handler = async (ctx) => {
  const { tenant: _ignored, ...unfiltered } = ctx.crud(ENTITIES.demoGoods);
  return { tenantId: null, ...(await page(unfiltered, ctx.body)) };
};
