import type { Knex } from 'knex';
import type { ValidateFunction } from 'ajv';
import type { Labels } from '@schema-admin/generator';
import type { ActionContext } from '../../core/handler.js';
import { ValidationError } from '../../core/errors.js';
import { assertValid } from '../../core/validator.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';

/** Shared helpers of the user and role hooks: who holds what, lookups, extra-field validation. */

type Db = Knex | Knex.Transaction;

// IN lists are split so a long list never hits a driver's bound-parameter limit.
const CHUNK = 500;

export function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const num = (v: unknown) => Number(v);
export const truthy = (v: unknown) => v === true || v === 1 || v === '1';

/** A relation table linking an owner (user or role) to other ids. */
export interface Link {
  /** The relation's entity id (its audit records name it). */
  entity: string;
  table: string;
  owner: string;
  other: string;
}
export const USER_ROLE: Link = { entity: ENTITIES.baseSysUserRole, table: TABLES.baseSysUserRole, owner: 'userId', other: 'roleId' };

/** The linked ids of one owner, ascending. */
export async function linked(db: Db, link: Link, ownerId: number): Promise<number[]> {
  const rows = (await db(link.table).where(link.owner, ownerId).select(link.other)) as Record<string, unknown>[];
  return rows.map((r) => num(r[link.other])).sort((a, b) => a - b);
}

/** Ids among `ids` with no row in `table`. */
export async function missingIds(db: Db, table: string, ids: number[]): Promise<number[]> {
  const found = new Set<number>();
  for (const part of chunks(ids)) {
    for (const r of (await db(table).whereIn('id', part).select('id')) as { id: unknown }[]) found.add(num(r.id));
  }
  return ids.filter((id) => !found.has(id));
}

/** `id → name` of the rows of `table` among `ids`. */
export async function namesById(db: Db, table: string, ids: unknown[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((v) => v !== null && v !== undefined).map(num))];
  const out = new Map<number, string>();
  for (const part of chunks(wanted)) {
    for (const r of (await db(table).whereIn('id', part).select('id', 'name')) as { id: unknown; name: string }[]) out.set(num(r.id), r.name);
  }
  return out;
}

/** Role names of each user among `userIds` (one query per chunk of users, never per user). */
export async function roleNamesByUser(db: Db, userIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (const part of chunks([...new Set(userIds)])) {
    const rows = (await db({ ur: USER_ROLE.table })
      .join({ r: TABLES.baseSysRole }, 'r.id', 'ur.roleId')
      .whereIn('ur.userId', part)
      .orderBy('r.id')
      .select('ur.userId as userId', 'r.name as name')) as { userId: unknown; name: string }[];
    for (const r of rows) {
      const list = out.get(num(r.userId)) ?? [];
      list.push(r.name);
      out.set(num(r.userId), list);
    }
  }
  return out;
}

/**
 * The roles one user holds as `{id, name}`, ascending by id, in one query: the relation rows with the role's
 * name beside each (left join, so a link to a vanished role still answers its id, with a null name).
 */
export async function rolesOfUser(db: Db, userId: number): Promise<{ id: number; name: string | null }[]> {
  const rows = (await db({ ur: USER_ROLE.table })
    .leftJoin({ r: TABLES.baseSysRole }, 'r.id', 'ur.roleId')
    .where('ur.userId', userId)
    .orderBy('ur.roleId')
    .select('ur.roleId as id', 'r.name as name')) as { id: unknown; name: string | null }[];
  return rows.map((r) => ({ id: num(r.id), name: r.name ?? null }));
}

/** Menu ids reachable through the roles a user holds. */
export async function menuIdsOfUser(db: Db, userId: number): Promise<Set<number>> {
  const rows = (await db({ rm: TABLES.baseSysRoleMenu })
    .join({ ur: USER_ROLE.table }, 'ur.roleId', 'rm.roleId')
    .where('ur.userId', userId)
    .distinct('rm.menuId as menuId')) as { menuId: unknown }[];
  return new Set(rows.map((r) => num(r.menuId)));
}

/**
 * The departments a role's data permission reaches: the chosen ones, plus all their descendants when
 * `relevance` is on (the same rule as Authz.departmentScope, which is what the role's users will get).
 */
export async function reachOf(db: Db, departmentIds: number[], relevance: boolean): Promise<Set<number>> {
  const reach = new Set(departmentIds);
  if (!relevance || !departmentIds.length) return reach;
  const all = (await db(TABLES.baseSysDepartment).select('id', 'parentId')) as { id: unknown; parentId: unknown }[];
  const children = new Map<number, number[]>();
  for (const d of all) {
    if (d.parentId === null || d.parentId === undefined) continue;
    const list = children.get(num(d.parentId)) ?? [];
    list.push(num(d.id));
    children.set(num(d.parentId), list);
  }
  const stack = [...departmentIds];
  while (stack.length) {
    for (const c of children.get(stack.pop()!) ?? []) {
      if (!reach.has(c)) {
        reach.add(c);
        stack.push(c);
      }
    }
  }
  return reach;
}

/** The body as one object: these handlers write one row per call (no array form). */
export function oneObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ValidationError('error.parameter', { detail: 'body' });
  return { ...(body as Record<string, unknown>) };
}

/** Labels of request fields that are not columns, for validation messages. */
const EXTRA_LABELS: Record<string, Labels> = {
  roleIdList: { 'zh-cn': '角色', 'zh-tw': '角色', en: 'Roles' },
  userIds: { 'zh-cn': '用户', 'zh-tw': '使用者', en: 'Users' },
};

const compiled = new WeakMap<object, Map<string, ValidateFunction>>();

/**
 * Validates `data` against `$defs/<def>` of the action's schema file, naming fields by their labels
 * (columns and the few extra fields). Compiled once per app and definition.
 */
export function checkDef(ctx: ActionContext, def: string, data: unknown): void {
  const { ajv } = ctx.services.validation;
  const { registry } = ctx.services.schema;
  let cache = compiled.get(ajv);
  if (!cache) compiled.set(ajv, (cache = new Map()));
  const key = `${ctx.entity.id}#${def}`;
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: `#/$defs/${def}`, $defs: ctx.entity.defs });
    cache.set(key, validate);
  }
  const rt = registry.get(ctx.entity.id);
  assertValid(validate, data, (name) => EXTRA_LABELS[name] ?? rt?.labels(name));
}
