import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig({});
    assert.equal(c.port, 8001);
    assert.equal(c.dataDir, path.resolve('./data'));
    assert.equal(c.databaseUrl, undefined);
    assert.equal(c.nodeEnv, 'development');
    assert.equal(c.limits.pageSize, 1000);
  });

  it('reads the fixed variable names', () => {
    const c = loadConfig({
      PORT: '9100',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'mysql://u:p@db:3306/app',
      ADMIN_PASSWORD: 'S3cret!!',
      CAPTCHA_FIXED_CODE: '1234',
      NODE_ENV: 'test',
      AI_BASE_URL: 'http://127.0.0.1:9',
      AI_API_KEY: 'k',
      AI_MODEL: 'm',
    });
    assert.deepEqual(
      [c.port, c.dataDir, c.databaseUrl, c.adminPassword, c.captchaFixedCode, c.nodeEnv, c.ai.baseUrl, c.ai.apiKey, c.ai.model],
      [9100, '/tmp/x', 'mysql://u:p@db:3306/app', 'S3cret!!', '1234', 'test', 'http://127.0.0.1:9', 'k', 'm'],
    );
  });

  it('SCHEMA_WATCH: 1 or 0, and refused in production (the schema watcher is development-only)', () => {
    assert.equal(loadConfig({}).schemaWatch, undefined);
    assert.equal(loadConfig({ SCHEMA_WATCH: '0' }).schemaWatch, undefined);
    assert.equal(loadConfig({ SCHEMA_WATCH: '1' }).schemaWatch, true);
    assert.throws(() => loadConfig({ SCHEMA_WATCH: 'yes' }), /SCHEMA_WATCH must be 1 or 0/);
    assert.throws(() => loadConfig({ NODE_ENV: 'production', SCHEMA_WATCH: '1' }), /SCHEMA_WATCH is a development switch/);
  });

  it('refuses CAPTCHA_FIXED_CODE in production', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_FIXED_CODE: '1234' }), ConfigError);
    assert.equal(loadConfig({ NODE_ENV: 'production' }).nodeEnv, 'production');
  });

  it('refuses a bad port and a DATABASE_URL of another database', () => {
    assert.throws(() => loadConfig({ PORT: 'http' }), /PORT/);
    assert.throws(() => loadConfig({ DATABASE_URL: 'mssql://x/y' }), /mysql:\/\/ or postgres:\/\//);
    assert.throws(() => loadConfig({ DATABASE_URL: 'x' }), /DATABASE_URL/);
  });

  it('takes mysql://, postgres:// and postgresql:// URLs', () => {
    for (const url of ['mysql://u@db/app', 'postgres://u:p@db:5432/app?sslmode=require', 'postgresql://u@db/app?schema=admin']) {
      assert.equal(loadConfig({ DATABASE_URL: url }).databaseUrl, url);
    }
  });

  it('reads UPLOAD_BASE_URL (a URL or a path, trailing slash dropped) and refuses anything else', () => {
    assert.equal(loadConfig({}).uploadBaseUrl, undefined, 'unset: upload answers under /api');
    assert.equal(loadConfig({ UPLOAD_BASE_URL: 'https://cdn.example.com/files/' }).uploadBaseUrl, 'https://cdn.example.com/files');
    assert.equal(loadConfig({ UPLOAD_BASE_URL: '/admin-api' }).uploadBaseUrl, '/admin-api');
    assert.equal(loadConfig({ UPLOAD_BASE_URL: '/' }).uploadBaseUrl, '', 'the server root');
    for (const bad of ['cdn.example.com', 'ftp://x/y', 'https://x/y?a=1', 'javascript:alert(1)', '/a/../b', '//evil.example']) {
      assert.throws(() => loadConfig({ UPLOAD_BASE_URL: bad }), /UPLOAD_BASE_URL/, bad);
    }
  });
});
