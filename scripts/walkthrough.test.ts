/**
 * docs/walkthrough-new-module.md, followed to the letter in a scratch copy of the repository: every file block is
 * written as shown, `npm run generate` runs, the server starts from the sources, and the calls of its last step
 * answer what the page says. A page that goes stale fails here.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../runtime-server/src/testing/spawnServer.js';
import { TEST_ADMIN_PASSWORD, TEST_CAPTCHA } from '../runtime-server/src/testing/forEachDb.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOC = fs.readFileSync(path.join(ROOT, 'docs', 'walkthrough-new-module.md'), 'utf8');

interface Block {
  file: string;
  edit: boolean;
  text: string;
}

/** Fenced blocks whose info string names a file: "```json schemas/x.json" writes it, "```ts edit file" edits it. */
export function fileBlocks(doc: string): Block[] {
  return [...doc.matchAll(/^```(?:json|ts)( edit)? (\S+)\n([\s\S]*?)^```$/gm)].map((m) => ({ edit: !!m[1], file: m[2]!, text: m[3]! }));
}

/** The `edit` block of modules/index.ts: its import joins the others, its `export const modules` line replaces the old one. */
function applyEdit(source: string, block: string): string {
  const lines = block.trim().split('\n');
  const imports = lines.filter((l) => l.startsWith('import '));
  const list = lines.find((l) => l.startsWith('export const modules'));
  assert.ok(imports.length && list, 'the edit block has an import and the modules line');
  const out = source.replace(/^export const modules.*$/m, list!);
  assert.notEqual(out, source, 'the modules line was found');
  const lastImport = [...out.matchAll(/^import .*$/gm)].at(-1)!;
  const at = lastImport.index! + lastImport[0].length;
  return `${out.slice(0, at)}\n${imports.join('\n')}${out.slice(at)}`;
}

function copyProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-walkthrough-'));
  for (const p of ['package.json', 'tsconfig.json', 'schemas', 'generator/package.json', 'generator/src', 'runtime-server/package.json', 'runtime-server/src', 'runtime-server/migrations']) {
    fs.cpSync(path.join(ROOT, p), path.join(root, p), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

describe('docs/walkthrough-new-module.md, followed in a scratch copy', () => {
  let root: string;
  let dataDir: string;
  let server: ReturnType<typeof spawn> | undefined;
  let base = '';
  let token = '';
  const out: string[] = [];
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, language = 'zh-cn') => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', language, ...(token ? { authorization: token } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as { code: number; message?: string; data?: any };
  };

  before(async () => {
    root = copyProject();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-walkthrough-data-'));
  });
  after(async () => {
    server?.kill('SIGTERM');
    await new Promise((r) => (server && server.exitCode === null ? server.once('exit', r) : r(undefined)));
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('its files are written as shown and `npm run generate` takes them in one run', () => {
    const blocks = fileBlocks(DOC);
    assert.deepEqual(
      blocks.map((b) => b.file),
      ['schemas/library/module.json', 'schemas/library/author.json', 'schemas/library/book-author.json', 'schemas/library/book.json', 'runtime-server/src/modules/library/module.ts', 'runtime-server/src/modules/index.ts'],
    );
    for (const b of blocks) {
      const file = path.join(root, b.file);
      if (b.edit) fs.writeFileSync(file, applyEdit(fs.readFileSync(file, 'utf8'), b.text));
      else {
        if (b.file.endsWith('.json')) JSON.parse(b.text);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, b.text);
      }
    }
    const r = spawnSync('npm', ['run', '--silent', 'generate'], { cwd: root, encoding: 'utf8', timeout: 180_000, env: { ...process.env, DATA_DIR: '', DATABASE_URL: '' } });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /new migration \d{14}_\w+\.ts/);
    assert.doesNotMatch(r.stderr, /warning:/, 'the page writes every label the generator cannot derive');
    const tables = fs.readFileSync(path.join(root, 'runtime-server/src/generated/tables.ts'), 'utf8');
    assert.match(tables, /libraryBook: "library\/book"/);
  });

  it('the server starts on it, and the calls of step 4 answer what the page says', async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'runtime-server/src/start.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', CAPTCHA_FIXED_CODE: TEST_CAPTCHA, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, DATA_DIR: dataDir, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const s of [server.stdout!, server.stderr!]) s.on('data', (c: Buffer) => out.push(c.toString('utf8')));
    const t0 = Date.now();
    for (;;) {
      assert.equal(server.exitCode, null, `server exited:\n${out.join('')}`);
      assert.ok(Date.now() - t0 < 60_000, `no answer within 60 s:\n${out.join('')}`);
      const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const captcha = await call('GET', '/admin/base/open/captcha');
    const login = await call('POST', '/admin/base/open/login', { username: 'admin', password: TEST_ADMIN_PASSWORD, captchaId: captcha.data.captchaId, verifyCode: TEST_CAPTCHA });
    assert.equal(login.code, 1000, login.message);
    token = login.data.token;

    const menus = await call('GET', '/admin/base/comm/permmenu');
    const names = (menus.data.menus as { name: string }[]).map((m) => m.name);
    for (const n of ['图书馆', '作者', '图书']) assert.ok(names.includes(n), `menu ${n} in ${names.join(',')}`);
    assert.equal(names.includes('图书作者'), false, 'the link entity has no menu');

    const author = await call('POST', '/admin/library/author/add', { name: 'Lu Xun' });
    assert.equal(author.code, 1000, author.message);
    const book = await call('POST', '/admin/library/book/add', { title: 'Call to Arms', isbn: '978-7-111-21382-6', price: 25.5, authorIdList: [author.data.id] });
    assert.equal(book.code, 1000, book.message);
    const info = await call('GET', `/admin/library/book/info?id=${book.data.id}`);
    assert.equal(info.data.isbn, '9787111213826');
    assert.deepEqual(info.data.authorIdList, [author.data.id]);

    const typo = await call('POST', '/admin/library/book/add', { title: 'Typo', isbn: '978-7-111-21382-7' });
    assert.deepEqual([typo.code, typo.message], [1002, 'ISBN 9787111213827 的校验位不正确']);
    assert.equal((await call('POST', '/admin/library/book/add', { title: 'Typo', isbn: '978-7-111-21382-7' }, 'en')).message, 'ISBN 9787111213827: the check digit is wrong');

    const ghost = await call('POST', '/admin/library/book/add', { title: 'Ghost', isbn: '9780306406157', authorIdList: [99] });
    assert.equal(ghost.code, 1001);
    assert.match(ghost.message!, /99/);
    const page = await call('POST', '/admin/library/book/page', { page: 1, size: 20 });
    assert.deepEqual((page.data.list as { title: string }[]).map((b) => b.title), ['Call to Arms'], 'no book written by the refused calls');

    const decimal = await call('POST', '/admin/library/book/add', { title: 'Cheap', isbn: '9780306406157', price: 12.345 });
    assert.equal(decimal.code, 1002, 'a price past its scale is refused, not rounded');

    assert.equal((await call('POST', '/admin/library/book/update', { id: book.data.id, title: 'Call to Arms (2nd ed.)' })).code, 1000);
    assert.deepEqual((await call('GET', `/admin/library/book/info?id=${book.data.id}`)).data.authorIdList, [author.data.id], 'a list left out is kept');
    assert.equal((await call('POST', '/admin/library/book/update', { id: book.data.id, authorIdList: [] })).code, 1000);
    assert.deepEqual((await call('GET', `/admin/library/book/info?id=${book.data.id}`)).data.authorIdList, [], 'an empty list removes the links');
  });
});
