import { recordAudit, type AuditOrigin } from '../../audit/audit.js';
import type { MenuNode } from '../../auth/identity.js';
import type { EntityRuntime } from '../../crud/entityRuntime.js';
import type { Knex } from 'knex';
import { table } from '../../db/table.js';
import type { BaseSysMenuRow } from '../../generated/rows.js';
import { TABLES } from '../../generated/tables.js';
import { insertId } from '../../db/insertId.js';

export type { MenuNode };

const TABLE = TABLES.baseSysMenu;
/** Ids per `whereIn`, well below every driver's bound-parameter limit. */
const CHUNK = 500;

const EXPORTED = ['id', 'parentId', 'name', 'router', 'perms', 'type', 'icon', 'orderNum', 'viewPath', 'keepAlive', 'isShow'] as const;
type ExportedRow = Pick<BaseSysMenuRow, (typeof EXPORTED)[number]>;

const matchKey = (parentId: number | null, type: number, name: string): string => `${parentId ?? 'null'}|${type}|${name}`;

function describe(path: string[]): string {
  return path.length ? path.join(' > ') : '(root)';
}

function checkNode(node: unknown, path: string[]): asserts node is MenuNode {
  if (!node || typeof node !== 'object' || Array.isArray(node)) throw new Error(`menu import: ${describe(path)}: a menu node must be an object`);
  const n = node as Record<string, unknown>;
  if (typeof n.name !== 'string' || !n.name.trim()) throw new Error(`menu import: ${describe(path)}: a menu node needs a non-empty name`);
  if (n.type !== 0 && n.type !== 1 && n.type !== 2) throw new Error(`menu import: ${describe([...path, n.name])}: type must be 0, 1 or 2`);
  if (n.childMenus !== undefined && n.childMenus !== null && !Array.isArray(n.childMenus)) {
    throw new Error(`menu import: ${describe([...path, n.name])}: childMenus must be an array`);
  }
}

/**
 * Inserts the nodes of `menus` that are missing, wiring each child's `parentId` to its parent's id.
 * Idempotent: a node matches an existing row with the same parent (NULL for roots), name and type;
 * a matching row is left untouched (an admin may have edited it) and only serves as the parent of
 * the node's children. Existing menus are read once; each missing node costs one INSERT.
 * Run it inside a transaction so a failure leaves no half-imported tree.
 */
export async function importMenuTree(
  trx: Knex | Knex.Transaction,
  menus: MenuNode[],
  now: string,
  /** Set for an admin's import: every inserted menu is recorded as an add (seeds pass nothing). */
  audit?: { rt: EntityRuntime; origin: AuditOrigin },
  /** Where the roots go (default: top level). */
  rootParentId: number | null = null,
): Promise<{ inserted: number; existing: number }> {
  if (!Array.isArray(menus)) throw new Error('menu import: menus must be an array');
  const rows = await table(trx, TABLE).select('id', 'parentId', 'type', 'name').orderBy('id', 'asc');
  const known = new Map<string, number>();
  for (const r of rows) {
    const key = matchKey(r.parentId, r.type, r.name);
    // Databases filled by the reference's non-deduplicating import may hold twins: the oldest wins.
    if (!known.has(key)) known.set(key, r.id);
  }

  let inserted = 0;
  let existing = 0;
  const walk = async (nodes: unknown[], parentId: number | null, path: string[]): Promise<void> => {
    for (const node of nodes) {
      checkNode(node, path);
      const key = matchKey(parentId, node.type, node.name);
      let id = known.get(key);
      if (id !== undefined) {
        existing++;
      } else {
        const values = {
          parentId,
          name: node.name,
          router: node.router ?? null,
          perms: node.perms ?? null,
          type: node.type,
          icon: node.icon ?? null,
          orderNum: Number.isFinite(node.orderNum) ? Math.trunc(node.orderNum as number) : 0,
          viewPath: node.viewPath ?? null,
          keepAlive: node.keepAlive === false ? 0 : 1,
          isShow: node.isShow === false ? 0 : 1,
          createTime: now,
          updateTime: now,
        };
        id = await insertId(trx, TABLE, values);
        if (audit) await recordAudit(trx, audit.rt, 'add', [{ id, after: { ...values, id } }], audit.origin);
        known.set(key, id);
        inserted++;
      }
      if (node.childMenus?.length) await walk(node.childMenus, id, [...path, node.name]);
    }
  };
  await walk(menus, rootParentId, []);
  return { inserted, existing };
}

/**
 * `menu/export` (docs/reference/api-contract.md §6.5): the selected menus as nested trees. A selected menu whose
 * parent is not selected becomes a root of the export (the reference silently dropped those unless
 * they were top-level). Siblings are ordered by `orderNum`, then `id`.
 */
export async function exportMenuTree(knex: Knex, ids: number[]): Promise<MenuNode[]> {
  const wanted = [...new Set((ids ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0))];
  if (!wanted.length) throw new Error('menu export requires at least one menu');

  const rows: ExportedRow[] = [];
  for (let i = 0; i < wanted.length; i += CHUNK) {
    rows.push(...(await table(knex, TABLE).select(...EXPORTED).whereIn('id', wanted.slice(i, i + CHUNK))));
  }
  rows.sort((a, b) => a.orderNum - b.orderNum || a.id - b.id);

  const selected = new Set(rows.map((r) => r.id));
  const children = new Map<number, ExportedRow[]>();
  const roots: ExportedRow[] = [];
  for (const r of rows) {
    const { parentId } = r;
    if (parentId === null || !selected.has(parentId) || parentId === r.id) {
      roots.push(r);
    } else {
      const list = children.get(parentId);
      if (list) list.push(r);
      else children.set(parentId, [r]);
    }
  }

  // A parent cycle among selected rows (possible only through hand edits) has no root: the `seen`
  // guard keeps the walk finite, and such rows are then exported as roots so nothing is lost.
  const seen = new Set<number>();
  const build = (r: ExportedRow): MenuNode => {
    seen.add(r.id);
    const kids = (children.get(r.id) ?? []).filter((c) => !seen.has(c.id));
    return {
      name: r.name,
      router: r.router ?? null,
      perms: r.perms ?? null,
      type: r.type as MenuNode['type'],
      icon: r.icon ?? null,
      orderNum: r.orderNum,
      viewPath: r.viewPath ?? null,
      keepAlive: r.keepAlive === 1,
      isShow: r.isShow === 1,
      childMenus: kids.map(build),
    };
  };
  const out = roots.map(build);
  for (const r of rows) if (!seen.has(r.id)) out.push(build(r));
  return out;
}

/** Number of nodes in a menu forest, children included. */
export function countNodes(menus: MenuNode[]): number {
  let n = 0;
  for (const m of menus) n += 1 + countNodes(m.childMenus ?? []);
  return n;
}
