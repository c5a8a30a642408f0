import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import path from 'node:path';
import { resolveStoredUrl } from '../../upload/localStorage.js';

/** The URL check every space/info add relies on, case by case (the HTTP suites test it end to end). */
describe('resolveStoredUrl', () => {
  const config = { dataDir: '/srv/data' };
  const root = path.resolve('/srv/data/uploads');
  const U = '7c1e2f4a-1b2c-4d3e-8f90-0123456789ab_';

  it('accepts what upload answers, with or without /api, and gives one canonical key', () => {
    const a = resolveStoredUrl(config, `/upload/20240101/${U}logo.png`);
    assert.deepEqual(a, { key: `/upload/20240101/${U}logo.png`, name: `${U}logo.png`, path: path.join(root, '20240101', `${U}logo.png`), storageKey: `upload/20240101/${U}logo.png` });
    assert.equal(resolveStoredUrl(config, `/api/upload/20240101/${U}logo.png`)?.key, a!.key);
    const cjk = resolveStoredUrl(config, `/upload/20240101/${U}%E6%8A%A5%E5%91%8A%20v1.pdf`);
    assert.equal(cjk?.name, `${U}报告 v1.pdf`);
    assert.equal(resolveStoredUrl(config, `/upload/20240101/${U}报告 v1.pdf`)?.key, cjk!.key, 'raw and encoded forms share one key');
  });

  it('refuses foreign URLs, traversal (plain, encoded, double-encoded, backslashes) and odd shapes', () => {
    for (const url of [
      'http://evil.example/x.png',
      '//evil.example/upload/20240101/x.png',
      'https://evil.example/upload/20240101/x.png',
      '/upload/../../etc/passwd',
      '/upload/20240101/../../x.png',
      '/upload/20240101/..%2f..%2fx',
      '/upload/20240101/..%2F..%2Fetc%2Fpasswd',
      '/upload/20240101/%2e%2e',
      '/upload/20240101/%252e%252e%252fx',
      '/upload/20240101/..\\..\\x.png',
      '/upload/20240101/a%5c..%5cx.png',
      '/upload/20240101/x.png%00.txt',
      '/upload/20240101/.htaccess',
      '/upload/20240101/x.png?download=1',
      '/upload/20240101/%E0%A4%A',
      '/upload/2024010/x.png',
      '/upload/20240101/sub/x.png',
      '/upload/20240101/',
      'upload/20240101/x.png',
      '/apiupload/20240101/x.png',
      '/static/20240101/x.png',
      ' /upload/20240101/x.png',
    ]) {
      assert.equal(resolveStoredUrl(config, url), undefined, url);
    }
  });
});
