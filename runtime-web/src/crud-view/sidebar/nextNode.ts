import { branchIds } from '../../crud/tree';
import type { TreeRow } from '../../crud/tree';
import type { Row } from '../../crud/types';

/** Tree rows in display order, depth first. */
function flatten(nodes: readonly TreeRow[]): TreeRow[] {
  return nodes.flatMap((n) => [n, ...flatten((n.children ?? []) as TreeRow[])]);
}

/** The node to open once `id`'s branch is deleted: the next one in display order, else the one before. */
export function nextNode(rows: readonly Row[], roots: readonly TreeRow[], id: unknown): unknown {
  const gone = new Set(branchIds(rows as Row[], id).map(String));
  const order = flatten(roots);
  const at = order.findIndex((r) => String(r.id) === String(id));
  return [...order.slice(at + 1), ...order.slice(0, Math.max(at, 0)).reverse()].find((r) => !gone.has(String(r.id)))?.id;
}
