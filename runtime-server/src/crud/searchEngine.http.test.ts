import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Knex } from 'knex';
import { dialectOfKnex } from '../db/createDb.js';
import { ftsQuery } from '../db/like.js';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

/**
 * Search through the search index (docs/generator.md, "Search indexes") answers exactly what a plain LIKE
 * answers on the same rows (docs/decisions.md, "Search that scales"): keyword (demo/goods: description; base/sys/
 * param: name or keyName, two columns) and fieldLike (demo/goods: title), strings of 3 characters or more (the
 * index) and shorter (LIKE alone), Chinese, mixed and Latin text, wildcards, quotes, emoji and numbers.
 */
const G = '/admin/demo/goods';
const P = '/admin/base/sys/param';

// title ≤ 50 characters; description ≤ 1000.
const ROWS: [title: string, description: string | null][] = [
  ['Green Tea', 'Fresh green tea leaves from Hangzhou, 2026 harvest'],
  ['green tea bag', 'GREEN TEA in bags; 100% organic'],
  ['绿茶', '杭州西湖龙井绿茶，明前特级'],
  ['龙井茶 Longjing', '龙井 Longjing tea 中文 mixed 文本'],
  ['中华人民共和国', '中华人民共和国成立于1949年'],
  ['手机 iPhone 15 Pro', 'Apple 手机，256GB，黑色'],
  ['Shirt 50%_off', 'sale: 50% off_today! limited'],
  ['100%cotton', 'percent%sign and under_score and bang!mark'],
  ['a!b!c', 'escape!!char!%x'],
  ["O'Brien's \"quote\"", 'He said "hello" and \'bye\''],
  ['emoji 🍵 tea', 'tea 🍵🍵 cup 😀 smile'],
  ['École', 'café crème brûlée ÉCOLE'],
  ['Ωμέγα', 'ΑΛΦΑ άλφα Straße STRASSE'],
  ['numbers 12345', '0123456789 and 2026-11-28'],
  ['x', null],
  ['yy', ''],
  ['AbCdEf', 'aBcDeF abcdef ABCDEF'],
  ['日本語テキスト', 'ひらがなとカタカナ 漢字'],
  ['한국어', '한국어 텍스트 검색'],
  ['mixed中文English混合', 'English中文混合text测试123'],
];

const NEEDLES = [
  // three characters or more: the search index where there is one
  'tea', 'TEA', 'Tea bag', 'green tea', '绿茶，', '龙井', '龙井茶', '中华人民', '共和国', '1949', '2026', '256GB', '手机，',
  '50%', '%_o', '_off', 'off_', 'e!b', 'a!b', '!!c', '!%x', 'bang!', "O'B", '"quote"', '"hello"', "'bye'", 'n\'s "',
  '🍵 t', '🍵🍵', '😀 s', 'tea 🍵', 'éco', 'ÉCO', 'Éco', 'crème', 'café', 'άλφα', 'ΑΛΦ', 'straße', 'STRA', 'abcdef',
  'ABCDEF', 'cDe', '123', '012', '-11-', 'テキスト', 'ひらが', '한국어', '중국어', '中文E', 'h中文', 'sh中', 'nothing here',
  '   ', 'a a', '""', '"""', '***', 'NEAR', 'OR tea', 'tea*', '{title}', 'title:', '^tea', '(tea)', '-tea', '+tea',
  // shorter: a plain LIKE
  't', 'te', 'Te', '%', '_', '!', '%%', '_o', '绿', '绿茶', '🍵', 'é', 'É', 'Ω', '1', '20', '"', "'", 'x', 'yy',
];

const ids = (rows: { id: number | string }[]) => rows.map((r) => Number(r.id)).sort((a, b) => a - b);

/** The plain LIKE answer, written here without the code under test: `%`, `_` and `!` escaped by hand. */
async function likeIds(knex: Knex, table: string, columns: string[], needle: string): Promise<number[]> {
  const pattern = `%${needle.replace(/!/g, '!!').replace(/%/g, '!%').replace(/_/g, '!_')}%`;
  const op = dialectOfKnex(knex) === 'postgres' ? 'ILIKE' : 'LIKE';
  const cast = (c: string) => (dialectOfKnex(knex) === 'postgres' ? `CAST(?? AS TEXT)` : '??') + ` ${op} ? ESCAPE '!'`;
  const sql = `SELECT id FROM ?? WHERE ${columns.map(cast).join(' OR ')}`;
  const bindings = [table, ...columns.flatMap((c) => [c, pattern])];
  const res = await knex.raw(sql, bindings);
  const rows = (Array.isArray(res) ? (Array.isArray(res[0]) ? res[0] : res) : res.rows) as { id: number }[];
  return ids(rows);
}

/** SQLite's LIKE by its documented rule, in JS: a substring, with A–Z folded and nothing else. */
function sqliteLike(text: string | null, needle: string): boolean {
  if (text === null) return false;
  const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return fold(text).includes(fold(needle));
}

for (const db of testDatabases()) {
  describe(`search through the search index equals LIKE (${db.name})`, () => {
    let app: TestApp;
    let knex: Knex;
    const goods = new Map<number, [string, string | null]>();
    before(async () => {
      app = await startTestApp(await db.config());
      knex = app.instance.services.knex;
      const res = await app.post(`${G}/add`, ROWS.map(([title, description]) => ({ title, description, price: '1.00' })));
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const rows = (await knex('demo_goods').select('id', 'title', 'description')) as { id: number; title: string; description: string | null }[];
      for (const r of rows) goods.set(Number(r.id), [r.title, r.description]);
      assert.equal(goods.size, ROWS.length);
      const params = ROWS.map(([title, description], i) => ({ keyName: `k${i}_${description?.slice(0, 8) ?? ''}`, name: title, data: '', dataType: 0 }));
      for (const p of params) assert.equal((await app.post(`${P}/add`, p)).body.code, 1000);
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    const page = async (prefix: string, body: Record<string, unknown>) => {
      const res = await app.post(`${prefix}/page`, { size: 100, ...body });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return ids(res.body.data.list);
    };

    /** Every needle through keyword and fieldLike, against the LIKE answer; returns how many rows matched in all. */
    async function compareAll(all = true): Promise<number> {
      let matched = 0;
      const problems: string[] = [];
      // One needle's requests at once: the suite stays short on a loaded machine.
      await Promise.all(
        NEEDLES.map(async (needle) => {
          const [kw, kwLike] = await Promise.all([page(G, { keyWord: needle }), likeIds(knex, 'demo_goods', ['description'], needle)]);
          if (kw.join() !== kwLike.join()) problems.push(`goods keyWord ${JSON.stringify(needle)}: ${kw} ≠ LIKE ${kwLike}`);
          if (db.name === 'sqlite') {
            // And the documented rule itself, computed without the database.
            const js = ids([...goods].filter(([, [, d]]) => sqliteLike(d, needle)).map(([id]) => ({ id })));
            if (kw.join() !== js.join()) problems.push(`goods keyWord ${JSON.stringify(needle)}: ${kw} ≠ rule ${js}`);
          }
          matched += kw.length;
          if (!all) return;
          const [title, titleLike, param, paramLike] = await Promise.all([
            page(G, { title: needle }),
            likeIds(knex, 'demo_goods', ['title'], needle),
            page(P, { keyWord: needle }),
            likeIds(knex, 'base_sys_param', ['name', 'keyName'], needle),
          ]);
          if (title.join() !== titleLike.join()) problems.push(`goods title ${JSON.stringify(needle)}: ${title} ≠ LIKE ${titleLike}`);
          if (param.join() !== paramLike.join()) problems.push(`param keyWord ${JSON.stringify(needle)}: ${param} ≠ LIKE ${paramLike}`);
          matched += title.length + param.length;
        }),
      );
      assert.deepEqual(problems, []);
      return matched;
    }

    it('keyword and fieldLike answer what LIKE answers, for every needle, long or short', async () => {
      const matched = await compareAll();
      assert.ok(matched > 100, `the needles match rows (${matched}), not only nothing`);
      // A number as keyWord is searched as its text.
      assert.deepEqual(await page(G, { keyWord: 2026 }), await likeIds(knex, 'demo_goods', ['description'], '2026'));
      // Several fieldLike values: any of them.
      const either = await page(G, { title: ['龙井茶', 'Shirt'] });
      assert.deepEqual(either, ids([...goods].filter(([, [t]]) => t.includes('龙井茶') || t.includes('Shirt')).map(([id]) => ({ id }))));
    });

    it('stays equal after updates, deletes and a restore from the recycle bin (the index follows every write)', async () => {
      const byTitle = (t: string) => [...goods].find(([, [title]]) => title === t)![0];
      const tea = byTitle('Green Tea');
      assert.equal((await app.post(`${G}/update`, { id: tea, description: '普洱茶 Pu-erh now' })).body.code, 1000);
      goods.set(tea, ['Green Tea', '普洱茶 Pu-erh now']);
      assert.deepEqual(await page(G, { keyWord: 'Hangzhou' }), [], 'the old text is gone from the index');
      assert.deepEqual(await page(G, { keyWord: '普洱茶' }), [tea]);
      const phone = byTitle('手机 iPhone 15 Pro');
      assert.equal((await app.post(`${G}/delete`, { ids: [phone] })).body.code, 1000);
      assert.deepEqual(await page(G, { keyWord: '256GB' }), []);
      const snap = (await knex('recycle_data').orderBy('id', 'desc').first('id')) as { id: number };
      assert.equal((await app.post('/admin/recycle/data/restore', { ids: [Number(snap.id)] })).body.code, 1000);
      assert.deepEqual(await page(G, { keyWord: '256GB' }), [phone], 'a restored row is found again');
      assert.ok((await compareAll(false)) > 30);
    });

    if (db.name === 'sqlite') {
      it('the FTS5 query alone finds every row the LIKE finds (a candidate superset), and fewer than all', async () => {
        const search = { table: 'demo_goods', ftsTable: 'demo_goods_fts', id: 'a.id', columns: ['a.description', 'a.title'] };
        for (const needle of NEEDLES) {
          const q = ftsQuery(search, ['a.description'], needle);
          if ([...needle].length < 3) {
            assert.equal(q, undefined, `${needle}: too short for the index`);
            continue;
          }
          const candidates = ids(await knex.raw('SELECT rowid AS id FROM demo_goods_fts WHERE demo_goods_fts MATCH ?', [q!]));
          const like = await likeIds(knex, 'demo_goods', ['description'], needle);
          assert.ok(like.every((id) => candidates.includes(id)), `${needle}: ${like} ⊄ ${candidates}`);
          assert.ok(candidates.length < goods.size, `${needle}: the index narrows (${candidates.length})`);
        }
      });
    }
  });
}
