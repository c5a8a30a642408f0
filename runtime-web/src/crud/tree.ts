/** Rows with `parentId` → a tree for tree tables and tree pickers; a cycle or a missing parent never loses a row. */
import type { Row } from './types';

export type TreeRow = Row & { children?: TreeRow[] };

export function buildTree(rows: readonly Row[], sort?: { field: string; order: 'asc' | 'desc' }): TreeRow[] {
  const nodes = new Map<unknown, TreeRow>();
  for (const r of rows) nodes.set(r.id, { ...r });
  const roots: TreeRow[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null || node.parentId === undefined ? undefined : nodes.get(node.parentId);
    if (parent && parent !== node && !isAncestor(node, parent, nodes)) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  const cmp = (a: TreeRow, b: TreeRow) => {
    if (!sort) return 0;
    const x = a[sort.field] as number | string;
    const y = b[sort.field] as number | string;
    const c = x === y ? 0 : x === null || x === undefined ? -1 : y === null || y === undefined ? 1 : x < y ? -1 : 1;
    return sort.order === 'asc' ? c : -c;
  };
  const order = (list: TreeRow[], seen: Set<TreeRow>) => {
    list.sort(cmp);
    for (const n of list) {
      if (seen.has(n)) continue;
      seen.add(n);
      if (n.children) order(n.children, seen);
    }
  };
  order(roots, new Set());
  return roots;
}

/** Whether `node` is an ancestor of `candidate` (attaching would close a cycle). */
function isAncestor(node: TreeRow, candidate: TreeRow, nodes: Map<unknown, TreeRow>): boolean {
  const seen = new Set<unknown>();
  let cur: TreeRow | undefined = candidate;
  while (cur && !seen.has(cur.id)) {
    if (cur === node) return true;
    seen.add(cur.id);
    cur = cur.parentId === null || cur.parentId === undefined ? undefined : nodes.get(cur.parentId);
  }
  return false;
}

/** Every id of a tree (for expand all). */
export function treeKeys(rows: readonly TreeRow[]): unknown[] {
  const out: unknown[] = [];
  const walk = (list: readonly TreeRow[]) => {
    for (const r of list) {
      if (r.children?.length) {
        out.push(r.id);
        walk(r.children);
      }
    }
  };
  walk(rows);
  return out;
}

/** A node and all its descendants' ids (a sidebar tree filter sends the whole branch). */
export function branchIds(rows: readonly Row[], id: unknown): unknown[] {
  const children = new Map<unknown, unknown[]>();
  for (const r of rows) {
    const list = children.get(r.parentId ?? null) ?? [];
    list.push(r.id);
    children.set(r.parentId ?? null, list);
  }
  const out: unknown[] = [];
  const seen = new Set<unknown>();
  const stack = [id];
  while (stack.length) {
    const cur = stack.pop();
    if (seen.has(cur)) continue;
    seen.add(cur);
    out.push(cur);
    stack.push(...(children.get(cur) ?? []));
  }
  return out;
}
