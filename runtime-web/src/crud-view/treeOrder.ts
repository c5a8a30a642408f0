/**
 * A drag-and-drop on a tree of rows → the rows' new `parentId` and `orderNum` (the body of a tree entity's
 * `order` action, docs/reference/frontend-reference.md §6 users). Pure, so the rules are unit-tested without a browser.
 */
import { branchIds } from '../crud/tree';
import type { Row } from '../crud/types';

export type DropPlace = 'inside' | 'before' | 'after';

/** Moves `dragId` relative to `targetId`; siblings at the old and new place are renumbered 1..n. Unchanged when the move would make a cycle. */
export function moveNode(rows: readonly Row[], dragId: unknown, targetId: unknown, place: DropPlace): Row[] {
  if (dragId === targetId || branchIds(rows, dragId).includes(targetId)) return [...rows];
  const target = rows.find((r) => r.id === targetId);
  const drag = rows.find((r) => r.id === dragId);
  if (!target || !drag) return [...rows];
  const parentId = place === 'inside' ? target.id : (target.parentId ?? null);
  const byOrder = (a: Row, b: Row) => Number(a.orderNum ?? 0) - Number(b.orderNum ?? 0);
  const siblings = rows.filter((r) => (r.parentId ?? null) === parentId && r.id !== dragId).sort(byOrder);
  const at = place === 'inside' ? siblings.length : siblings.findIndex((r) => r.id === targetId) + (place === 'after' ? 1 : 0);
  siblings.splice(at, 0, drag);
  const next = new Map<unknown, Row>(rows.map((r) => [r.id, { ...r }]));
  siblings.forEach((r, i) => Object.assign(next.get(r.id)!, { parentId, orderNum: i + 1 }));
  const oldParent = drag.parentId ?? null;
  if (oldParent !== parentId)
    rows
      .filter((r) => (r.parentId ?? null) === oldParent && r.id !== dragId)
      .sort(byOrder)
      .forEach((r, i) => Object.assign(next.get(r.id)!, { orderNum: i + 1 }));
  return rows.map((r) => next.get(r.id)!);
}

/** The `order` body: every row's id, parent and position. */
export function orderBody(rows: readonly Row[]): { id: number; parentId: number | null; orderNum: number }[] {
  return rows.map((r) => ({ id: Number(r.id), parentId: r.parentId === undefined || r.parentId === null ? null : Number(r.parentId), orderNum: Number(r.orderNum ?? 0) }));
}
