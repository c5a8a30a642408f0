import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { TABLES } from '../generated/tables.js';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { now } from './values.js';
import { table } from './table.js';

/** `table → column → the JS types its generated row type allows` ('unknown': any), read from rows.ts itself. */
function declaredRows(): Map<string, Map<string, Set<string>>> {
  const text = fs.readFileSync(fileURLToPath(new URL('../generated/rows.ts', import.meta.url)), 'utf8');
  const out = new Map<string, Map<string, Set<string>>>();
  for (const m of text.matchAll(/^\/\*\* `(\w+)` \(`[^`]+`\)\. \*\/\nexport type \w+Row = \{\n([\s\S]*?)\n\};/gm)) {
    const columns = new Map<string, Set<string>>();
    for (const line of m[2]!.split('\n')) {
      const [, name, type] = /^ {2}"?(\w+)"?: (.+);$/.exec(line)!;
      columns.set(name!, new Set(type!.split(' | ')));
    }
    out.set(m[1]!, columns);
  }
  return out;
}

const jsType = (v: unknown) => (v === null ? 'null' : typeof v);

for (const db of testDatabases()) {
  describe(`typed rows (${db.name})`, () => {
    let app: TestApp;
    let knex: Knex;
    before(async () => {
      app = await startTestApp(await db.config());
      knex = app.instance.services.knex;
      const ts = now();
      // Rows whose columns cover the storage types the seeds leave empty: decimal, json, bigint, longtext.
      await table(knex, TABLES.demoGoods).insert({ title: 'typed', price: '19.99', exampleImages: JSON.stringify(['a.png']), type: 1, createTime: ts, updateTime: ts });
      await table(knex, TABLES.spaceInfo).insert({ url: '/upload/a.png', size: 12_345_678_901, createTime: ts, updateTime: ts });
      await table(knex, TABLES.pluginInfo).insert({ name: 'typed', keyName: 'typed', readme: '# readme', config: JSON.stringify({ a: 1 }), createTime: ts, updateTime: ts });
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('every value read through table() is of a type its generated row declares', async () => {
      const declared = declaredRows();
      assert.ok(declared.size >= Object.keys(TABLES).length, `rows.ts declares ${declared.size} tables`);
      const seen = new Set<string>();
      for (const name of Object.values(TABLES)) {
        const columns = declared.get(name);
        assert.ok(columns, `rows.ts has no row for ${name}`);
        for (const row of await table(knex, name).select().limit(50)) {
          assert.deepEqual(Object.keys(row).sort(), [...columns.keys()].sort(), `${name}: the row's columns are the table's`);
          for (const [column, value] of Object.entries(row)) {
            const allowed = columns.get(column)!;
            if (allowed.has('unknown')) continue;
            assert.ok(allowed.has(jsType(value)), `${name}.${column}: ${jsType(value)} ${JSON.stringify(value)} is not ${[...allowed].join(' | ')}`);
            if (value !== null) seen.add(`${name}.${column}`);
          }
        }
      }
      // The check means something only where values were there to check.
      for (const column of ['demo_goods.price', 'space_info.size', 'plugin_info.readme', 'base_sys_user.isSuper', 'base_sys_menu.keepAlive', 'base_sys_user.createTime']) {
        assert.ok(seen.has(column), `no value of ${column} was read`);
      }
    });

    it('a boolean column is 0/1 and a decimal is a string or a number, as the row types say', async () => {
      const admin = await table(knex, TABLES.baseSysUser).where({ username: 'admin' }).first('isSuper');
      assert.equal(admin?.isSuper, 1);
      const goods = await table(knex, TABLES.demoGoods).where({ title: 'typed' }).first('price');
      assert.equal(Number(goods?.price), 19.99);
      assert.equal(typeof goods?.price, db.name === 'sqlite' ? 'number' : 'string');
    });
  });
}
