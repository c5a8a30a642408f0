import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../paths.js';
import { fixtureModel } from './fixtures.js';
import { generateRows } from './rows.js';
import { TYPES_BANNER } from './types.js';

function block(content: string, name: string): string {
  const start = content.search(new RegExp(`^export (interface ${name}|type ${name} =) \\{`, 'm'));
  assert.ok(start >= 0, `no type ${name}`);
  return content.slice(start, content.indexOf('\n}', start) + 2);
}

describe('generateRows', () => {
  it('emits one row per table, sorted by table name, then the table map', () => {
    const { path: file, content } = generateRows(fixtureModel());
    assert.equal(file, 'rows.ts');
    assert.ok(content.startsWith(`${TYPES_BANNER}\n`));
    const declared = [...content.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]);
    assert.deepEqual(declared, ['BaseSysUserRow', 'DemoGoodsRow', 'RecycleDataRow', 'Tables', 'EntityRows']);
    assert.match(
      block(content, 'Tables'),
      /^export interface Tables \{\n {2}base_sys_user: BaseSysUserRow;\n {2}demo_goods: DemoGoodsRow;\n {2}recycle_data: RecycleDataRow;\n\}$/,
    );
  });

  it('emits the hook type map: each entity\'s row by entity id, sorted by id', () => {
    const { content } = generateRows(fixtureModel());
    assert.match(
      block(content, 'EntityRows'),
      /^export interface EntityRows \{\n {2}"base\/sys\/user": BaseSysUserRow;\n {2}"demo\/goods": DemoGoodsRow;\n {2}"recycle\/data": RecycleDataRow;\n\}$/,
    );
  });

  it('types each column by what the drivers return, secret columns included', () => {
    const { content } = generateRows(fixtureModel());
    const user = block(content, 'BaseSysUserRow');
    assert.match(user, /^ {2}password: string \| null;$/m);
    assert.match(user, /^ {2}isSuper: number;$/m);
    assert.match(user, /^ {2}createTime: string;$/m);
    const goods = block(content, 'DemoGoodsRow');
    assert.match(goods, /^ {2}price: string \| number;$/m);
    assert.match(goods, /^ {2}type: number \| null;$/m);
    assert.match(goods, /^ {2}exampleImages: unknown;$/m);
    assert.deepEqual(
      [...goods.matchAll(/^ {2}(\w+):/gm)].map((m) => m[1]),
      fixtureModel().entities.find((e) => e.table === 'demo_goods')!.fields.map((f) => f.name),
      'every column, in model order',
    );
  });

  it('type-checks under tsc --strict, and the types mean what they say', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rows-target-'));
    try {
      fs.writeFileSync(path.join(dir, 'rows.ts'), generateRows(fixtureModel()).content);
      fs.writeFileSync(
        path.join(dir, 'use.ts'),
        [
          "import type { BaseSysUserRow, Tables } from './rows';",
          "export const price: Tables['demo_goods']['price'][] = ['19.99', 19.99];",
          "export const u: Pick<BaseSysUserRow, 'isSuper' | 'password'> = { isSuper: 1, password: null };",
          '// a row is a plain record, as the generic code (audit, recycle) takes it',
          'declare const row: BaseSysUserRow;',
          'export const r: Record<string, unknown> = row;',
          '// @ts-expect-error booleans come back as 0/1',
          "export const b: BaseSysUserRow['isSuper'] = true;",
          '// @ts-expect-error a non-null column is never null',
          "export const t: Tables['demo_goods']['title'] = null;",
          '// @ts-expect-error only tables are in the map',
          "export type O = Tables['base_open'];",
          '',
        ].join('\n'),
      );
      const res = spawnSync(
        path.join(ROOT, 'node_modules', '.bin', 'tsc'),
        ['--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', 'rows.ts', 'use.ts'],
        { cwd: dir, encoding: 'utf8' },
      );
      assert.equal(res.status, 0, `tsc failed:\n${res.stdout}${res.stderr}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
