import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { assertInside, sanitiseFileName, storedName, storeFile, uploadsRoot } from './localStorage.js';

describe('sanitiseFileName', () => {
  it('keeps only the base name, whichever separator', () => {
    assert.equal(sanitiseFileName('../../etc/passwd'), 'passwd');
    assert.equal(sanitiseFileName('a/../../x.png'), 'x.png');
    assert.equal(sanitiseFileName('..\\..\\windows\\win.ini'), 'win.ini');
    assert.equal(sanitiseFileName('C:\\Users\\me\\photo.JPG'), 'photo.jpg');
  });

  it('never yields "..", a leading dot, a separator or a control character', () => {
    for (const hint of ['..', '...', '....png', '.htaccess', 'a..b..png', 'x/..', '..%2f..%2fetc', 'a\u0000b.png', 'a\nb\r.png', '\u202egnp.exe', '. .png', '-rf.png']) {
      const s = sanitiseFileName(hint);
      assert.ok(s.length > 0, hint);
      assert.ok(!s.includes('..'), `${hint} → ${s}`);
      assert.ok(!s.startsWith('.') && !s.startsWith('-'), `${hint} → ${s}`);
      assert.ok(!/[/\\\u0000-\u001f\u202e%]/.test(s), `${hint} → ${s}`);
    }
    assert.equal(sanitiseFileName('a\u0000b.png'), 'ab.png');
    assert.equal(sanitiseFileName('a..b..png'), 'a.b.png');
    assert.equal(sanitiseFileName('.htaccess'), 'htaccess');
    assert.equal(sanitiseFileName('..'), 'file');
  });

  it('keeps letters of any script, digits, space, dot, dash and underscore', () => {
    assert.equal(sanitiseFileName('报告 2024_v1-final.PDF'), '报告 2024_v1-final.pdf');
    assert.equal(sanitiseFileName('my<script>(1).png'), 'myscript1.png');
    assert.equal(sanitiseFileName('a;rm -rf $HOME.png'), 'arm -rf HOME.png');
  });

  it('bounds the length in characters and bytes, keeping the extension', () => {
    const long = sanitiseFileName(`${'a'.repeat(5000)}.png`);
    assert.ok(long.length <= 100 && long.endsWith('.png'), long);
    const cjk = sanitiseFileName(`${'图'.repeat(300)}.jpeg`);
    assert.ok(Buffer.byteLength(cjk) <= 180 && cjk.endsWith('.jpeg'), cjk);
  });
});

describe('storedName', () => {
  it('uses the key without the console uuid, else the file name; a key without extension borrows the file one', () => {
    assert.equal(storedName('logo.png', '7c1e2f4a-1b2c-4d3e-8f90-0123456789ab_logo.png'), 'logo.png');
    assert.equal(storedName('logo.png'), 'logo.png');
    assert.equal(storedName('logo.png', '../../etc/passwd'), 'passwd.png');
    assert.equal(storedName('logo.png', 'a/../../x.png'), 'x.png');
    assert.equal(storedName('x.png', 'evil.php'), 'evil.php', 'the key decides; the allow-list then refuses it');
  });
});

describe('storeFile', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-store-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stores under uploads/<YYYYMMDD>/<uuid>_<name> and returns the relative URL', async () => {
    const tmp = path.join(dir, 'tmp.bin');
    fs.writeFileSync(tmp, 'hello');
    const s = await storeFile({ dataDir: dir }, tmp, '../../../../报告.png');
    assert.match(s.url, /^\/upload\/\d{8}\/[0-9a-f-]{36}_%E6%8A%A5%E5%91%8A\.png$/);
    const file = path.join(uploadsRoot({ dataDir: dir }), s.key.slice('upload/'.length));
    assert.equal(fs.readFileSync(file, 'utf8'), 'hello');
  });

  it('assertInside refuses anything that resolves outside the root, or the root itself', () => {
    const root = path.join(dir, 'uploads');
    assert.doesNotThrow(() => assertInside(root, path.join(root, '20240101', 'a.png')));
    assert.throws(() => assertInside(root, path.join(root, '..', 'a.png')));
    assert.throws(() => assertInside(root, `${root}-evil/a.png`));
    assert.throws(() => assertInside(root, root));
  });
});
