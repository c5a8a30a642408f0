import { ValidationError } from '../../core/errors.js';
import type { Handler } from '../../core/handler.js';
import { now } from '../../db/values.js';
import { TABLES } from '../../generated/tables.js';

const TABLE = TABLES.baseSysUserSetting;
/** Per value and per user: column layouts are a few KB; the caps keep one user from filling the table. */
export const SETTING_MAX_BYTES = 32 * 1024;
export const SETTINGS_PER_USER = 200;

function parse(v: unknown): unknown {
  if (typeof v !== 'string') return v ?? null;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return null;
  }
}

/** `GET /admin/base/comm/setting?key=`: the signed-in user's own value for a key (null when unset). */
export const setting: Handler = async ({ services, actor, query }) => {
  const row = await services.knex(TABLE).where({ userId: actor!.userId, key: String(query.key) }).first('value');
  return row ? parse(row.value) : null;
};

/** `POST /admin/base/comm/settingSave {key, value}`: stores (or, with null, deletes) the user's own value. */
export const settingSave: Handler = async ({ services, actor, body }) => {
  const { key, value } = body as { key: string; value: Record<string, unknown> | null };
  const { knex } = services;
  const userId = actor!.userId;
  if (value === null) {
    await knex(TABLE).where({ userId, key }).delete();
    return null;
  }
  const json = JSON.stringify(value);
  if (Buffer.byteLength(json) > SETTING_MAX_BYTES) throw new ValidationError('setting.tooLarge', { kb: SETTING_MAX_BYTES / 1024 });
  await knex.transaction(async (trx) => {
    const ts = now();
    const n = await trx(TABLE).where({ userId, key }).update({ value: json, updateTime: ts });
    if (n) return;
    const [{ count }] = (await trx(TABLE).where({ userId }).count({ count: '*' })) as [{ count: number | string }];
    if (Number(count) >= SETTINGS_PER_USER) throw new ValidationError('setting.tooMany', { max: SETTINGS_PER_USER });
    // Two saves racing on a new key: the unique (userId, key) index keeps one row; the loser updates it.
    await trx(TABLE)
      .insert({ userId, key, value: json, createTime: ts, updateTime: ts })
      .onConflict(['userId', 'key'])
      .merge({ value: json, updateTime: ts });
  });
  return null;
};
