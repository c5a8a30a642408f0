import type { Knex } from 'knex';

/** id → parentId of every row of a self-referencing table (departments, menus, categories). */
export type Parents = Map<number, number | null>;

/** Ids per `whereIn`, well below every driver's bound-parameter limit. */
export const CHUNK = 500;

/** Splits a list into `whereIn`-sized parts. */
export function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The whole parent map in one query (these trees are small). */
export async function loadParents(knex: Knex | Knex.Transaction, table: string, lock = false): Promise<Parents> {
  const q = knex(table).select('id', 'parentId');
  // Inside a write transaction: concurrent moves wait, so two of them cannot each pass the cycle check.
  if (lock && knex.client.config.client !== 'better-sqlite3') q.forUpdate();
  const rows = (await q) as { id: number | string; parentId: number | string | null }[];
  return new Map(rows.map((r) => [Number(r.id), r.parentId === null ? null : Number(r.parentId)]));
}

/** `roots` and every row below them; safe against cycles in stored data. */
export function withDescendants(parents: Parents, roots: Iterable<number>): Set<number> {
  const children = new Map<number, number[]>();
  for (const [id, p] of parents) if (p !== null) children.set(p, [...(children.get(p) ?? []), id]);
  const out = new Set<number>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** The first of `changed` that is its own ancestor in `parents`, if any (the tree was acyclic before). */
export function findCycle(parents: Parents, changed: Iterable<number>): number | undefined {
  for (const id of changed) {
    const seen = new Set<number>([id]);
    let p = parents.get(id) ?? null;
    while (p !== null) {
      if (seen.has(p)) return id;
      seen.add(p);
      p = parents.get(p) ?? null;
    }
  }
  return undefined;
}

/** The nearest ancestor not in `skip` (null at the top); a cycle in stored data ends the walk instead of spinning. */
export function nearestAncestor(parents: Parents, id: number, skip: ReadonlySet<number>): number | null {
  const seen = new Set<number>([id]);
  let cur = id;
  for (;;) {
    const p = parents.get(cur) ?? null;
    if (p === null || !skip.has(p)) return p;
    if (seen.has(p)) return null;
    seen.add(p);
    cur = p;
  }
}

/** Tree rows with `parentName`: the parent's name when the parent is among `rows`, else null (no name leaks). */
export function withParentNames(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const names = new Map(rows.map((r) => [r.id as number, r.name as string]));
  return rows.map((r) => ({ ...r, parentName: r.parentId === null ? null : (names.get(r.parentId as number) ?? null) }));
}
