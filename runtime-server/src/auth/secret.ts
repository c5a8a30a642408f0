import { createSecretKey, randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { Knex } from 'knex';
import { now } from '../db/values.js';
import { TABLES } from '../generated/tables.js';
import { table } from '../db/table.js';

const KEY = 'jwtSecret';

/**
 * The JWT signing secret: generated randomly on first start and kept in the database (never a
 * default literal, never in a response), so every instance on the database signs alike.
 */
export async function ensureJwtSecret(knex: Knex): Promise<KeyObject> {
  const read = async () => (await table(knex, TABLES.baseSysConf).where({ cKey: KEY }).first('cValue'))?.cValue;
  let value = await read();
  if (!value) {
    const ts = now();
    try {
      await knex(TABLES.baseSysConf).insert({ cKey: KEY, cValue: randomBytes(48).toString('base64'), createTime: ts, updateTime: ts });
    } catch {
      // another instance inserted it first (unique cKey): use theirs
    }
    value = await read();
  }
  if (!value) throw new Error('could not create the JWT secret');
  // A KeyObject is imported once; a raw byte array would be re-imported on every sign/verify.
  return createSecretKey(Buffer.from(value, 'base64'));
}
