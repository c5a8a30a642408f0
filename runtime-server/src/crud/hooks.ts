import type { Cascade, CrudContext, EntityHooks } from './context.js';

// The hooks' types live with the context they receive (crud/context.ts), so the two files import no cycle.
export type { EntityHooks, InputRow, RowWrite } from './context.js';

type Row = Record<string, unknown>;

/** The body with each object row normalised (anything else is left for validation to report). */
export function normaliseBody(c: CrudContext, body: unknown, action: 'add' | 'update'): unknown {
  const fn = c.hooks?.normalise;
  if (!fn) return body;
  const one = (r: unknown) => (r && typeof r === 'object' && !Array.isArray(r) ? fn({ ...(r as Row) }, action) : r);
  return Array.isArray(body) ? body.map(one) : one(body);
}

/** The context with the entity's `readWhere` condition applied (every generic read path calls this once). */
export async function withReadWhere(c: CrudContext, action: string): Promise<CrudContext> {
  const w = await c.hooks?.readWhere?.(c, action);
  if (!w) return c;
  const own = c.where;
  c.where = own ? (qb) => { own(qb); w(qb); } : w;
  return c;
}

/** Rows through the entity's `onRead` hook, if any. */
export async function readRows(c: CrudContext, rows: Row[], action: 'info' | 'list' | 'page'): Promise<Row[]> {
  return c.hooks?.onRead ? c.hooks.onRead(c, rows, action) : rows;
}

/**
 * One entity's hooks from several modules, composed in module order (docs/kernel-and-modules.md): a second
 * module's hooks add to the first's, never replace them. Checks run one after the other (the first refusal
 * wins), `normalise`, `beforeUpdate` and `onRead` are chained, `addValues` are merged (a later module's value wins), and
 * `deleting` cascades are concatenated.
 */
export function composeHooks(list: readonly EntityHooks[]): EntityHooks {
  if (list.length === 1) return list[0]!;
  const all = <K extends keyof EntityHooks>(k: K) => list.map((h) => h[k]).filter((f): f is NonNullable<EntityHooks[K]> => !!f);
  const out: EntityHooks = {};
  const normalise = all('normalise');
  if (normalise.length) out.normalise = (row, action) => normalise.reduce((r, f) => f(r, action), row);
  const beforeUpdate = all('beforeUpdate');
  if (beforeUpdate.length) out.beforeUpdate = (row, stored) => beforeUpdate.reduce((r, f) => f(r, stored), row);
  const afterCommit = all('afterCommit');
  if (afterCommit.length) out.afterCommit = async (app) => { for (const f of afterCommit) await f(app); };
  const addValues = all('addValues');
  if (addValues.length) out.addValues = (c) => Object.assign({}, ...addValues.map((f) => f(c)));
  const beforeWrite = all('beforeWrite');
  if (beforeWrite.length) out.beforeWrite = async (c, rows, action) => { for (const f of beforeWrite) await f(c, rows, action); };
  const lockWrite = all('lockWrite');
  if (lockWrite.length) out.lockWrite = async (c, trx, writes, action) => { for (const f of lockWrite) await f(c, trx, writes, action); };
  const checkWrite = all('checkWrite');
  if (checkWrite.length) out.checkWrite = async (c, trx, writes, action) => { for (const f of checkWrite) await f(c, trx, writes, action); };
  const afterWrite = all('afterWrite');
  if (afterWrite.length) out.afterWrite = async (c, trx, writes, action) => { for (const f of afterWrite) await f(c, trx, writes, action); };
  const beforeDelete = all('beforeDelete');
  if (beforeDelete.length) out.beforeDelete = async (c, trx, ids) => { for (const f of beforeDelete) await f(c, trx, ids); };
  const afterDelete = all('afterDelete');
  if (afterDelete.length) out.afterDelete = async (c, trx, ids) => { for (const f of afterDelete) await f(c, trx, ids); };
  const onRead = all('onRead');
  if (onRead.length) out.onRead = async (c, rows, action) => { let r = rows; for (const f of onRead) r = await f(c, r, action); return r; };
  const readWhere = all('readWhere');
  if (readWhere.length) {
    out.readWhere = async (c, action) => {
      const conds = (await Promise.all(readWhere.map((f) => f(c, action)))).filter((w) => !!w);
      return conds.length ? (qb) => { for (const w of conds) w(qb); } : undefined;
    };
  }
  const deleting = all('deleting');
  if (deleting.length) out.deleting = (async (trx, ids, recorder) => { for (const f of deleting) await f(trx, ids, recorder); }) satisfies Cascade;
  return out;
}

/** Every module's hooks by entity id, each entity's composed in module order. */
export function hooksByEntity(modules: readonly { hooks?: Record<string, EntityHooks | EntityHooks[]> }[]): Map<string, EntityHooks> {
  const lists = new Map<string, EntityHooks[]>();
  for (const m of modules) {
    for (const [id, h] of Object.entries(m.hooks ?? {})) lists.set(id, [...(lists.get(id) ?? []), ...(Array.isArray(h) ? h : [h])]);
  }
  return new Map([...lists].map(([id, list]) => [id, composeHooks(list)]));
}
