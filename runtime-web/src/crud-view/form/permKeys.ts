/** Every permission key the EPS document names (`base:sys:user:page`), as a tree by segment for a picker. */
import type { EpsEntry } from '../../core/eps';
import { permKey } from '../../core/permission';

export interface KeyNode {
  key: string;
  value: string;
  label: string;
  children?: KeyNode[];
}

export function permissionKeys(entries: readonly EpsEntry[]): string[] {
  const out = new Set<string>();
  for (const e of entries) {
    const ns = e.prefix.replace(/^\//, '');
    if (!ns.startsWith('admin/')) continue;
    for (const api of e.api ?? []) {
      const name = api.path.replace(/^\//, '');
      if (name && !/[-:/]/.test(name)) out.add(permKey(ns, name));
    }
  }
  return [...out].sort();
}

/** `a:b:c` keys → nested nodes by segment; only leaves are whole keys (and labelled so). */
export function keyTree(keys: readonly string[]): KeyNode[] {
  const root: KeyNode[] = [];
  for (const k of keys) {
    const parts = k.split(':');
    let level = root;
    parts.forEach((part, i) => {
      const path = parts.slice(0, i + 1).join(':');
      const leaf = i === parts.length - 1;
      let node = level.find((n) => n.key === (leaf ? k : `${path}:`));
      if (!node) {
        // A leaf shows its whole key, so typing `user:move` finds it.
        node = { key: leaf ? k : `${path}:`, value: leaf ? k : `${path}:`, label: leaf ? k : part };
        if (!leaf) node.children = [];
        level.push(node);
      }
      level = node.children ?? [];
    });
  }
  return root;
}

/** The stored comma-joined `perms` ↔ a key list. */
export const splitPerms = (v: unknown): string[] =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
