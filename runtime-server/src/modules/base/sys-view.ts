import type { Knex } from 'knex';
import type { Handler } from '../../core/handler.js';
import { AppError, ValidationError } from '../../core/errors.js';
import type { Actor } from '../../core/actor.js';
import type { EntityRuntime } from '../../crud/entityRuntime.js';
import { entityFor } from '../../dataJob/entityAccess.js';
import { now } from '../../db/values.js';
import { restrictState } from '../../dataJob/viewState.js';
import type { ViewState } from '../../dataJob/viewState.js';
import type { BaseSysViewRow } from '../../generated/rows.js';
import { TABLES } from '../../generated/tables.js';
import { table } from '../../db/table.js';
import { roleIdsOfUser } from './roleIds.js';
import { insertId } from '../../db/insertId.js';

const TABLE = TABLES.baseSysView;
const SETTINGS = TABLES.baseSysUserSetting;
/** A user's own views per screen; shared ones do not count. */
export const VIEWS_PER_SCREEN = 50;
const defaultKey = (entityId: string) => `viewDefault:${entityId}`;

const parse = (v: unknown): unknown => {
  if (typeof v !== 'string') return v ?? null;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return null;
  }
};

/** The viewer's department and every department above it: a view shared with any of them reaches him. */
async function departmentLine(knex: Knex, departmentId: number | null): Promise<number[]> {
  const line: number[] = [];
  let id = departmentId;
  // Bounded: a stored cycle cannot spin (the department tree is kept acyclic, but the walk does not rely on it).
  for (let i = 0; id !== null && i < 64 && !line.includes(id); i++) {
    line.push(id);
    const row = await table(knex, TABLES.baseSysDepartment).where({ id }).first('parentId');
    id = row?.parentId ?? null;
  }
  return line;
}

/** Views of a screen the actor may load: his own, those shared with a role he holds or a department on his line. */
function visibleViews(knex: Knex, actor: Actor, screen: string, roles: number[], departments: number[]) {
  return table(knex, TABLE)
    .where({ screen })
    .where((w) => {
      w.where('userId', actor.userId);
      if (roles.length) w.orWhereIn('shareRoleId', roles);
      if (departments.length) w.orWhereIn('shareDepartmentId', departments);
    });
}

function out(r: BaseSysViewRow, rt: EntityRuntime, actor: Actor, defaultId: number | null) {
  const { state, dropped } = restrictState(rt, (parse(r.state) ?? {}) as ViewState);
  return {
    id: r.id,
    name: r.name,
    mine: r.userId === actor.userId,
    shareRoleId: r.shareRoleId,
    shareDepartmentId: r.shareDepartmentId,
    isDefault: r.id === defaultId,
    state,
    // Fields the schema no longer has, or this viewer may not use: left out, named so the console can say so.
    dropped,
    updateTime: r.updateTime,
  };
}

async function defaultOf(knex: Knex, userId: number, entityId: string): Promise<number | null> {
  const row = await table(knex, SETTINGS).where({ userId, key: defaultKey(entityId) }).first('value');
  const v = parse(row?.value) as { id?: unknown } | null;
  return typeof v?.id === 'number' ? v.id : null;
}

/** `GET views?prefix=`: the views of a screen the caller may load, his default marked, each checked against the schema. */
export const views: Handler = async ({ services, actor, query }) => {
  const e = await entityFor(services, actor!, String(query.prefix), ['page', 'list']);
  const rt = services.schema.registry.get(e.id)!;
  const { knex } = services;
  const roles = await roleIdsOfUser(knex, actor!.userId);
  const departments = await departmentLine(knex, actor!.departmentId);
  const rows = await visibleViews(knex, actor!, e.id, roles, departments).orderBy([{ column: 'name', order: 'asc' }, { column: 'id', order: 'asc' }]).limit(500);
  const def = await defaultOf(knex, actor!.userId, e.id);
  return rows.map((r) => out(r, rt, actor!, def));
};

/** `POST viewSave {prefix, id?, name, state?}`: a new view of the caller, or a change (rename, new state) of one of his. */
export const viewSave: Handler = async ({ services, actor, body }) => {
  const b = body as { prefix: string; id?: number; name: string; state?: ViewState };
  const e = await entityFor(services, actor!, b.prefix, ['page', 'list']);
  const rt = services.schema.registry.get(e.id)!;
  const { knex } = services;
  const name = b.name.trim();
  if (!name) throw new ValidationError('view.nameRequired');
  // Stored as the screen can use it: fields the schema lacks are not kept.
  const state = b.state === undefined ? undefined : JSON.stringify(restrictState(rt, b.state).state);
  const ts = now();
  if (b.id) {
    const n = await knex(TABLE)
      .where({ id: b.id, userId: actor!.userId, screen: e.id })
      .update({ name, ...(state !== undefined ? { state } : {}), updateTime: ts });
    if (!n) throw new AppError('error.recordNotFound', { id: b.id });
    return { id: b.id };
  }
  if (state === undefined) throw new ValidationError('view.stateRequired');
  const [{ n }] = (await knex(TABLE).where({ userId: actor!.userId, screen: e.id }).count({ n: '*' })) as [{ n: number | string }];
  if (Number(n) >= VIEWS_PER_SCREEN) throw new ValidationError('view.tooMany', { max: VIEWS_PER_SCREEN });
  return { id: await insertId(knex, TABLE, { userId: actor!.userId, screen: e.id, name, state, shareRoleId: null, shareDepartmentId: null, createTime: ts, updateTime: ts }) };
};

/**
 * `POST viewShare {id, roleId?, departmentId?}`: the owner shares (or, with nulls, unshares) his view. An
 * ordinary admin shares only with a role he holds and a department inside his data scope.
 */
export const viewShare: Handler = async ({ services, actor, body }) => {
  const b = body as { id: number; roleId?: number | null; departmentId?: number | null };
  const { knex } = services;
  const row = await table(knex, TABLE).where({ id: b.id, userId: actor!.userId }).first('id');
  if (!row) throw new AppError('error.recordNotFound', { id: b.id });
  const roleId = b.roleId ?? null;
  const departmentId = b.departmentId ?? null;
  if (roleId !== null) {
    const exists = await knex(TABLES.baseSysRole).where({ id: roleId }).first('id');
    if (!exists || (!actor!.isSuper && !(await roleIdsOfUser(knex, actor!.userId)).includes(roleId))) throw new ValidationError('view.shareRole', { id: roleId });
  }
  if (departmentId !== null) {
    const exists = await knex(TABLES.baseSysDepartment).where({ id: departmentId }).first('id');
    if (!exists || (!actor!.isSuper && !(await services.auth.authz.departmentScope(actor!.userId)).includes(departmentId))) {
      throw new ValidationError('view.shareDepartment', { id: departmentId });
    }
  }
  await knex(TABLE).where({ id: b.id }).update({ shareRoleId: roleId, shareDepartmentId: departmentId, updateTime: now() });
  return null;
};

/** `POST viewDelete {id}`: the owner's view (another's answers like a missing one). */
export const viewDelete: Handler = async ({ services, actor, body }) => {
  const id = (body as { id: number }).id;
  const n = await services.knex(TABLE).where({ id, userId: actor!.userId }).delete();
  if (!n) throw new AppError('error.recordNotFound', { id });
  return null;
};

/** `POST viewDefault {prefix, id|null}`: the view a fresh visit of the screen starts with, per user (own or shared). */
export const viewDefault: Handler = async ({ services, actor, body }) => {
  const b = body as { prefix: string; id?: number | null };
  const e = await entityFor(services, actor!, b.prefix, ['page', 'list']);
  const { knex } = services;
  const userId = actor!.userId;
  const key = defaultKey(e.id);
  if (!b.id) {
    await knex(SETTINGS).where({ userId, key }).delete();
    return null;
  }
  const roles = await roleIdsOfUser(knex, userId);
  const departments = await departmentLine(knex, actor!.departmentId);
  const visible = await visibleViews(knex, actor!, e.id, roles, departments).andWhere('id', b.id).first('id');
  if (!visible) throw new AppError('error.recordNotFound', { id: b.id });
  const ts = now();
  const value = JSON.stringify({ id: b.id });
  await knex(SETTINGS).insert({ userId, key, value, createTime: ts, updateTime: ts }).onConflict(['userId', 'key']).merge({ value, updateTime: ts });
  return null;
};
