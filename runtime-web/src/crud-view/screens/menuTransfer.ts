/** Menu import/export files (docs/reference/frontend-reference.md §6 menus): the `childMenus` trees `menu/export` answers and `menu/import` takes. */

export interface MenuNode {
  name: string;
  type: number;
  childMenus?: MenuNode[] | null;
  [key: string]: unknown;
}

/** A parsed file → its menu trees, or undefined when it is not what export writes (an array of named, typed nodes, or `{menus}`). */
export function menusOfFile(data: unknown): MenuNode[] | undefined {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { menus?: unknown }).menus)
      ? (data as { menus: unknown[] }).menus
      : undefined;
  if (!list?.length) return undefined;
  const ok = (n: unknown, depth: number): boolean =>
    !!n &&
    typeof n === 'object' &&
    depth < 16 &&
    typeof (n as MenuNode).name === 'string' &&
    [0, 1, 2].includes((n as MenuNode).type) &&
    ((n as MenuNode).childMenus ?? []).every((c) => ok(c, depth + 1));
  return list.every((n) => ok(n, 0)) ? (list as MenuNode[]) : undefined;
}

export function countMenus(list: readonly MenuNode[]): number {
  return list.reduce((n, m) => n + 1 + countMenus(m.childMenus ?? []), 0);
}

/** `菜单数据 MM-DD HH_mm_ss.json`, the reference family's name (no colons: not allowed in file names everywhere). */
export function exportFileName(prefix: string, at = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${prefix} ${p(at.getMonth() + 1)}-${p(at.getDate())} ${p(at.getHours())}_${p(at.getMinutes())}_${p(at.getSeconds())}.json`;
}
