/**
 * Checked ids of a linked checkbox tree ↔ the stored list (role `menuIdList`): the stored list holds checked
 * and half-checked nodes, so on the way back only nodes whose whole branch is stored count as checked —
 * a half-checked parent must not check all its children.
 */
import type { Row } from '../../crud/types';

/** Checked ids plus every ancestor of one (the half-checked and fully checked parents). */
export function withAncestors(rows: readonly Row[], checked: readonly unknown[]): unknown[] {
  const parent = new Map<unknown, unknown>(rows.map((r) => [r.id, r.parentId ?? null]));
  const out = new Set<unknown>();
  for (const id of checked) {
    let cur: unknown = id;
    const seen = new Set<unknown>();
    while (cur !== null && cur !== undefined && parent.has(cur) && !seen.has(cur)) {
      seen.add(cur);
      out.add(cur);
      cur = parent.get(cur);
    }
  }
  return rows.filter((r) => out.has(r.id)).map((r) => r.id);
}

/** Stored ids → the nodes shown checked: those whose every descendant is stored too. */
export function fullyChecked(rows: readonly Row[], stored: readonly unknown[]): unknown[] {
  const have = new Set(stored);
  const children = new Map<unknown, unknown[]>();
  for (const r of rows) {
    const p = r.parentId ?? null;
    children.set(p, [...(children.get(p) ?? []), r.id]);
  }
  const memo = new Map<unknown, boolean>();
  const full = (id: unknown, depth = 0): boolean => {
    if (memo.has(id)) return memo.get(id)!;
    const ok = have.has(id) && depth < 64 && (children.get(id) ?? []).every((c) => full(c, depth + 1));
    memo.set(id, ok);
    return ok;
  };
  return rows.filter((r) => full(r.id)).map((r) => r.id);
}
