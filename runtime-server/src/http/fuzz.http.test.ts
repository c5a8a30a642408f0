/**
 * Fuzz suite (hardening issue, proof): walks the OpenAPI document and sends bounded bad inputs to every
 * operation — wrong types, missing fields, huge strings, deep nesting, `__proto__` keys, SQL metacharacters,
 * out-of-range numbers, lone surrogates. On both databases: no 500, no stack or SQL text in any answer, no
 * write when every input to an operation was refused, and the server never accepts a body the document
 * calls invalid (document and validation agree).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import request from 'supertest';
import { createAjv } from '../core/validator.js';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

type Schema = Record<string, any>;
interface Operation {
  method: 'get' | 'post';
  url: string;
  body?: Schema;
  params: { name: string; required?: boolean; schema?: Schema }[];
}

const DOC = JSON.parse(fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../generated/openapi.json'), 'utf8')) as Schema;
/** Would end the signed-in session the suite works with. */
const SKIP = new Set(['/admin/base/comm/logout']);
/** Tables written by every request (logs, counters, sessions): not "writes from invalid input". */
const VOLATILE = new Set(['base_sys_log', 'base_sys_rate', 'base_sys_login_attempt', 'base_sys_captcha', 'base_sys_session', 'base_sys_conf']);
const LEAK = /at [^\n]*\.(ts|js|mjs):\d+|select [^\n]* from |insert into |update `|sqlite_|SQLITE_|ER_[A-Z_]{4,}|knex/i;
const MAX_PROPS = 6;

function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [url, ops] of Object.entries(DOC.paths as Record<string, Record<string, Schema>>)) {
    if (SKIP.has(url)) continue;
    for (const [method, op] of Object.entries(ops)) {
      if (method !== 'get' && method !== 'post') continue;
      const body = op.requestBody?.content?.['application/json']?.schema as Schema | undefined;
      out.push({ method, url, ...(body ? { body } : {}), params: (op.parameters ?? []).filter((p: Schema) => p.in === 'query') });
    }
  }
  return out;
}

/** A schema with its `$ref` followed (components only). */
function resolve(s: Schema | undefined): Schema {
  let cur = s ?? {};
  for (let i = 0; i < 10 && typeof cur.$ref === 'string'; i++) cur = cur.$ref.split('/').slice(1).reduce((o: Schema, k: string) => o?.[k], DOC) ?? {};
  return cur;
}

const typesOf = (s: Schema): string[] => {
  const r = resolve(s);
  if (r.anyOf || r.oneOf) return [...new Set(((r.anyOf ?? r.oneOf) as Schema[]).flatMap(typesOf))];
  return Array.isArray(r.type) ? r.type : r.type ? [r.type] : [];
};

/** Bad values for one property, by its declared types. */
function badValues(s: Schema): unknown[] {
  const t = typesOf(s);
  const out: unknown[] = [];
  if (t.includes('string')) out.push({ nested: 1 }, 'x'.repeat(100_001), "'; DROP TABLE base_sys_user; --");
  if (t.includes('integer') || t.includes('number')) out.push("1 OR 1=1", 1e308, -1e308, 2 ** 53 + 1);
  if (t.includes('boolean')) out.push('yes');
  if (t.includes('array')) out.push('not an array', [[[[[[]]]]]]);
  if (t.includes('object')) out.push(7);
  if (!t.length) out.push({ deep: deep(40) });
  return out;
}

function deep(n: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < n; i++) v = { v };
  return v;
}

/** Raw JSON bodies: the bad inputs JSON.stringify cannot write. */
function rawBodies(props: string[]): string[] {
  const p = props[0] ?? 'x';
  return ['{"__proto__":{"isSuper":1}}', `{"${p}":{"constructor":{"prototype":{"polluted":1}}}}`, `{"${p}":"\\ud800"}`, '{"a":', '[1,2'];
}

for (const db of testDatabases()) {
  describe(`fuzzing every operation of the OpenAPI document (${db.name})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    /** Row count and newest update of every table but the volatile ones: changes when anything is written. */
    async function fingerprint(): Promise<string> {
      const knex = app.instance.services.knex;
      const parts: string[] = [];
      for (const rt of app.instance.services.schema.registry.values()) {
        if (VOLATILE.has(rt.table)) continue;
        const r = (await knex(rt.table).count({ n: '*' }).max({ t: 'updateTime' }).first()) as { n: unknown; t: unknown };
        parts.push(`${rt.table}:${String(r.n)}:${String(r.t)}`);
      }
      return parts.join('|');
    }

    it('no 500, no leaked internals, no write from refused input, no body accepted that the document refuses', async () => {
      const ajv = createAjv();
      const problems: string[] = [];
      let sent = 0;
      for (const op of operations()) {
        const before = await fingerprint();
        let accepted = false;
        const check = async (label: string, send: () => request.Test, invalidPerDoc: boolean) => {
          const res = await send().set('Authorization', app.admin.token);
          sent++;
          const text = res.text ?? '';
          if (res.status >= 500) problems.push(`${op.method} ${op.url} ${label}: HTTP ${res.status} ${text.slice(0, 120)}`);
          // Error answers must not carry internals (successful answers may: the OpenAPI document mentions SQL words).
          if (res.body?.code !== 1000 && LEAK.test(text)) problems.push(`${op.method} ${op.url} ${label}: leaks ${text.slice(0, 160)}`);
          if (res.body?.code === 1000) {
            accepted = true;
            if (invalidPerDoc) problems.push(`${op.method} ${op.url} ${label}: accepted a body the document calls invalid`);
          }
        };
        const server = () => request(app.instance.callback());
        if (op.method === 'post') {
          const schema = resolve(op.body);
          const validate = op.body ? ajv.compile({ ...op.body, components: DOC.components }) : undefined;
          const invalid = (v: unknown) => !!validate && !validate(v);
          const props = Object.keys(schema.properties ?? {}).slice(0, MAX_PROPS);
          const bodies: [string, unknown][] = [['empty object', {}], ['array', []], ['number', 42], ['null', null]];
          for (const p of props) for (const v of badValues(schema.properties[p])) bodies.push([`${p}=${JSON.stringify(v)?.slice(0, 30)}`, { [p]: v }]);
          for (const [label, body] of bodies) {
            await check(label, () => server().post(op.url).set('content-type', 'application/json').send(JSON.stringify(body)), op.body !== undefined && invalid(body));
          }
          for (const raw of rawBodies(props)) {
            await check(`raw ${raw.slice(0, 30)}`, () => server().post(op.url).set('content-type', 'application/json').send(raw), false);
          }
        } else {
          const queries: [string, Record<string, string>][] = [['no query', {}]];
          for (const p of op.params.slice(0, MAX_PROPS)) {
            for (const v of ['abc', "1' OR '1'='1", 'x'.repeat(20_000), '-99999999999999999999', '1e308', '{"a":1}']) queries.push([`${p.name}=${v.slice(0, 20)}`, { [p.name]: v }]);
          }
          for (const [label, q] of queries) await check(label, () => server().get(op.url).query(q), false);
        }
        if (!accepted && (await fingerprint()) !== before) problems.push(`${op.method} ${op.url}: refused every input yet something was written`);
      }
      assert.ok(sent > 1000, `only ${sent} requests sent`);
      assert.deepEqual(problems, []);
    });
  });
}
