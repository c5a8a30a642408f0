/**
 * Issue 39, point 3: `npm run generate -- --client <file>` writes a typed client of the whole API. A small program
 * written against it compiles with tsc (strict; misuse is a compile error, checked by @ts-expect-error lines),
 * and the compiled program runs against a live server: sign in, add, page, a refused call as ApiError.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { TEST_ADMIN_PASSWORD, TEST_CAPTCHA } from '../runtime-server/src/testing/forEachDb.js';
import { copyProject, startSourceServer } from './testing/projectCopy.js';
import type { SourceServer } from './testing/projectCopy.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `import { ApiError, createClient } from './api.js';
import type { DemoGoods, Page } from './api.js';

const client = createClient({ baseUrl: process.argv[2]!, language: 'en' });
const { service } = client;
const captcha: { captchaId: string } = await service.base.open.captcha({});
const login: { token: string } = await service.base.open.login({ username: 'admin', password: process.argv[3], captchaId: captcha.captchaId, verifyCode: process.argv[4] });
client.token = login.token;
const { id } = await service.demo.goods.add({ title: 'Typed', price: 12.5, status: 1 });
const page: Page<DemoGoods> = await service.demo.goods.page({ page: 1, size: 100, order: 'id', sort: 'desc' });
const row: DemoGoods = await service.demo.goods.info({ id });
let refused = '';
try {
  await service.demo.goods.add({ title: '' });
} catch (err) {
  if (err instanceof ApiError) refused = err.code + ' ' + err.message;
}
// @ts-expect-error a misspelt action is not in the tree
void service.demo.goods.pag;
// @ts-expect-error the add body is the entity's input type
void (() => service.demo.goods.add({ title: 1 }));
// @ts-expect-error info answers the row type
void (async (): Promise<string> => (await service.demo.goods.info({ id })).title.toFixed());
console.log(JSON.stringify({ id, title: row.title, total: page.pagination.total, first: page.list[0]?.title, refused }));
`;

describe('the typed client of `npm run generate -- --client`', () => {
  let root: string;
  let server: SourceServer | undefined;
  let dataDir: string;
  before(() => {
    root = copyProject('sa-typed-client-');
    dataDir = path.join(root, 'data');
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('is written, compiles a small program strictly, and the program runs against a live server', async () => {
    const out = path.join(root, 'usage');
    const gen = spawnSync('npm', ['run', '--silent', 'generate', '--', '--client', 'usage/api.ts'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    assert.equal(gen.status, 0, gen.stderr + gen.stdout);
    assert.match(gen.stdout, /wrote usage\/api\.ts/);
    assert.match(fs.readFileSync(path.join(out, 'api.ts'), 'utf8'), /export interface DemoGoodsInput/);
    fs.writeFileSync(path.join(out, 'usage.ts'), USAGE);
    fs.writeFileSync(path.join(out, 'package.json'), '{"type":"module"}\n');
    fs.writeFileSync(
      path.join(out, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', outDir: 'dist', typeRoots: [path.join(REPO, 'node_modules/@types')], types: ['node'], skipLibCheck: true },
        files: ['usage.ts'],
      }),
    );
    const tsc = spawnSync(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-p', out], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);

    server = await startSourceServer(root, { DATA_DIR: dataDir });
    const run = spawnSync(process.execPath, [path.join(out, 'dist/usage.js'), server.base, TEST_ADMIN_PASSWORD, TEST_CAPTCHA], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout) as { id: number; title: string; total: number; first: string; refused: string };
    assert.equal(result.title, 'Typed');
    assert.equal(result.first, 'Typed');
    assert.ok(result.total >= 1);
    assert.match(result.refused, /^1002 /, 'a refused call is an ApiError with the wire code');
  });

  it('--client without a file name is a usage error', () => {
    const r = spawnSync('npm', ['run', '--silent', 'generate', '--', '--client'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--client needs a file name/);
  });
});
