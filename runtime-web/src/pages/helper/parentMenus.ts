import type { MenuNode } from '../../core/stores';

export interface ParentOption {
  key: string;
  value: number;
  label: string;
  children: ParentOption[];
}

/**
 * The directories of the signed-in admin's menu tree, for the "parent menu" choice. The tree comes from
 * permmenu, which for a non-super admin holds exactly his menus — the ones createCode accepts as a parent.
 */
export function directoryOptions(nodes: readonly MenuNode[]): ParentOption[] {
  return nodes
    .filter((n) => n.type === 0)
    .map((n) => ({ key: String(n.id), value: n.id, label: n.name, children: directoryOptions(n.children) }));
}
