import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { TABLES } from '../generated/tables.js';

/**
 * The answer of a stored captcha, found from its hashed row: how tests and the benchmark sign in to a
 * production-mode server (which refuses CAPTCHA_FIXED_CODE). It needs the database itself — no route
 * of the server reveals an answer — and works because answers are 4 digits (captchaStore.ts).
 */
export async function solveCaptcha(knex: Knex, captchaId: string): Promise<string> {
  const row = (await knex(TABLES.baseSysCaptcha).where({ captchaId }).first('answerHash')) as { answerHash: string } | undefined;
  if (!row) throw new Error(`no captcha ${captchaId}`);
  for (let i = 0; i < 10_000; i++) {
    const answer = String(i).padStart(4, '0');
    if (createHash('sha256').update(`${captchaId}:${answer}`).digest('hex') === row.answerHash) return answer;
  }
  throw new Error(`captcha ${captchaId}: no 4-digit answer matches`);
}

/** Signs in over HTTP (captcha → solved answer → login); returns the token pair's data. */
export async function loginOver(url: string, knex: Knex, username: string, password: string, headers: Record<string, string> = {}): Promise<{ token: string; refreshToken: string }> {
  const captcha = (await (await fetch(`${url}/admin/base/open/captcha`, { headers })).json()) as { data: { captchaId: string } };
  const verifyCode = await solveCaptcha(knex, captcha.data.captchaId);
  const res = await fetch(`${url}/admin/base/open/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captchaId: captcha.data.captchaId, verifyCode }),
  });
  const body = (await res.json()) as { code: number; data: { token: string; refreshToken: string } };
  if (body.code !== 1000) throw new Error(`login ${username}: ${JSON.stringify(body)}`);
  return body.data;
}
