import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../paths.js';
import { fixtureModel } from './fixtures.js';
import { generateTypes, TYPES_BANNER } from './types.js';

/** The body of `export interface <name> { … }` (top-level closing brace). */
function block(content: string, name: string): string {
  const start = content.indexOf(`export interface ${name} {`);
  assert.ok(start >= 0, `no interface ${name}`);
  const end = content.indexOf('\n}', start);
  return content.slice(start, end + 2);
}

describe('generateTypes', () => {
  it('is deterministic, with one banner and one interface pair per table in model order', async () => {
    const a = await generateTypes(fixtureModel());
    const b = await generateTypes(fixtureModel());
    assert.equal(a.path, 'types.ts');
    assert.equal(a.content, b.content);
    assert.ok(a.content.startsWith(`${TYPES_BANNER}\n`));
    assert.equal(a.content.split(TYPES_BANNER).length, 2);
    assert.ok(a.content.endsWith('}\n'));
    const declared = [...a.content.matchAll(/^export (?:interface|type|enum) (\w+)/gm)].map((m) => m[1]);
    assert.deepEqual(declared, ['BaseSysUser', 'BaseSysUserInput', 'DemoGoods', 'DemoGoodsInput', 'RecycleData', 'RecycleDataInput']);
    assert.equal(/x-|\$id/.test(a.content), false);
  });

  it('types the response row as the wire sends it', async () => {
    const { content } = await generateTypes(fixtureModel());
    const goods = block(content, 'DemoGoods');
    assert.match(goods, /^ {2}id: number;$/m);
    assert.match(goods, /^ {2}title: string;$/m);
    assert.match(goods, /^ {2}price: string;$/m);
    assert.match(goods, /^ {2}status: 0 \| 1;$/m);
    assert.match(goods, /^ {2}type\?: number \| null;$/m);
    assert.match(goods, /^ {2}exampleImages\?: string\[\] \| null;$/m);
    assert.match(goods, /^ {2}createTime: string;$/m);
    const user = block(content, 'BaseSysUser');
    assert.equal(user.includes('password:') || user.includes('password?:'), false);
    assert.match(user, /^ {2}isSuper: boolean;$/m);
    const recycle = block(content, 'RecycleData');
    assert.match(recycle, /^ {2}entityInfo: \{\n {4}\[k: string\]: unknown \| undefined;\n {2}\};$/m);
  });

  it('types the add body: no implicit or read-only fields, secret fields included', async () => {
    const { content } = await generateTypes(fixtureModel());
    const input = block(content, 'BaseSysUserInput');
    assert.match(input, /^ {2}password\?: string \| null;$/m);
    assert.match(input, /^ {2}username: string;$/m);
    for (const name of ['id', 'isSuper', 'passwordV', 'createTime', 'updateTime']) {
      assert.equal(new RegExp(`^ {2}${name}\\??:`, 'm').test(input), false, `${name} must not be in the input`);
    }
    const goods = block(content, 'DemoGoodsInput');
    assert.match(goods, /^ {2}title: string;$/m);
    assert.match(goods, /^ {2}price\?: number;$/m);
  });

  it('type-checks under tsc --strict, and the types mean what they say', async () => {
    const { content } = await generateTypes(fixtureModel());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'types-target-'));
    try {
      fs.writeFileSync(path.join(dir, 'types.ts'), content);
      fs.writeFileSync(
        path.join(dir, 'use.ts'),
        [
          "import type { BaseSysUser, BaseSysUserInput, DemoGoods, RecycleData } from './types';",
          "export const g: DemoGoods = { id: 1, title: 't', price: '19.99', status: 1, type: null, exampleImages: ['a.png'],",
          "  createTime: '2024-01-01 00:00:00', updateTime: '2024-01-01 00:00:00' };",
          '// @ts-expect-error decimals are strings on the wire',
          'export const bad: DemoGoods = { ...g, price: 19.99 };',
          "export const u: BaseSysUser = { id: 1, username: 'a', passwordV: 1, isSuper: false, status: 1, createTime: '', updateTime: '',",
          "  // @ts-expect-error secret fields are not part of a row",
          "  password: 'x' };",
          "export const i: BaseSysUserInput = { username: 'a', password: 'secret' };",
          '// @ts-expect-error isSuper cannot be sent',
          "export const j: BaseSysUserInput = { username: 'a', isSuper: true };",
          "export const r: RecycleData['data'] = [{ anything: 1 }];",
          '',
        ].join('\n'),
      );
      const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
      const res = spawnSync(
        tsc,
        ['--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', 'types.ts', 'use.ts'],
        { cwd: dir, encoding: 'utf8' },
      );
      assert.equal(res.status, 0, `tsc failed:\n${res.stdout}${res.stderr}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
