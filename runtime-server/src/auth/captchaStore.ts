import { createHash, randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import type { Knex } from 'knex';
import { now } from '../db/values.js';
import { TABLES } from '../generated/tables.js';

/** How long a captcha may be answered. */
export const CAPTCHA_TTL_S = 300;

const digest = (id: string, answer: string) => createHash('sha256').update(`${id}:${answer.trim().toLowerCase()}`).digest('hex');

/** Stores a new captcha's hashed answer (shared by every instance) and returns its id. */
export async function saveCaptcha(knex: Knex, answer: string): Promise<string> {
  const id = randomUUID();
  const ts = now();
  if (Math.random() < 0.05) await knex(TABLES.baseSysCaptcha).where('expireTime', '<', ts).delete();
  await knex(TABLES.baseSysCaptcha).insert({
    captchaId: id,
    answerHash: digest(id, answer),
    expireTime: dayjs().add(CAPTCHA_TTL_S, 'second').format('YYYY-MM-DD HH:mm:ss'),
    createTime: ts,
    updateTime: ts,
  });
  return id;
}

/**
 * Checks an answer and consumes the captcha whatever the outcome: one guess per image, so a
 * 4-digit code cannot be brute-forced, and a used captcha never works twice (on any instance).
 */
export async function consumeCaptcha(knex: Knex, id: string, answer: string): Promise<boolean> {
  const row = await knex(TABLES.baseSysCaptcha).where({ captchaId: id }).first('id', 'answerHash', 'expireTime');
  if (!row) return false;
  const deleted = await knex(TABLES.baseSysCaptcha).where({ id: row.id }).delete();
  // Only the request that deleted the row may use it (two concurrent uses: one wins).
  return deleted === 1 && String(row.expireTime) > now() && row.answerHash === digest(id, answer);
}
