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

  it('DB_STATEMENT_TIMEOUT_MS: 5000 by default, 0 = off, whole milliseconds from 10, anything else stops the start', () => {
    assert.equal(loadConfig({}).statementTimeoutMs, 5000);
    assert.equal(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' }).statementTimeoutMs, 0);
    assert.equal(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '250' }).statementTimeoutMs, 250);
    for (const bad of ['5', '1.5', 'abc', '-1', '3600001']) {
      assert.throws(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: bad }), /DB_STATEMENT_TIMEOUT_MS must be 0/, bad);
    }
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

  it('reads METRICS_TOKEN and METRICS_ALLOW (closed when neither is set) and refuses a short token or a bad list', () => {
    assert.equal(loadConfig({}).metrics, undefined);
    assert.equal(loadConfig({ METRICS_TOKEN: 'x'.repeat(16) }).metrics?.token, 'x'.repeat(16));
    const allow = loadConfig({ METRICS_ALLOW: '10.0.0.0/8, 127.0.0.1, ::1' }).metrics?.allow;
    assert.ok(allow?.check('10.2.3.4', 'ipv4') && allow.check('::1', 'ipv6') && !allow.check('11.0.0.1', 'ipv4'));
    assert.throws(() => loadConfig({ METRICS_TOKEN: 'short' }), /METRICS_TOKEN/);
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.0/x', ',']) assert.throws(() => loadConfig({ METRICS_ALLOW: bad }), /METRICS_ALLOW/, bad);
  });

  it('reads STORAGE=s3 and its S3_* settings, and stops the start on a missing or malformed one', () => {
    assert.equal(loadConfig({}).storage, undefined, 'local by default');
    assert.equal(loadConfig({ STORAGE: 'local' }).storage, undefined);
    const base = { STORAGE: 's3', S3_BUCKET: 'admin-files', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' };
    assert.deepEqual(loadConfig(base).storage, { driver: 's3', region: 'us-east-1', bucket: 'admin-files', accessKeyId: 'AK', secretAccessKey: 'SK', forcePathStyle: false });
    const minio = loadConfig({ ...base, S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'cn-north-1' }).storage;
    assert.equal(minio?.forcePathStyle, true, 'path style by default with an endpoint');
    assert.equal(loadConfig({ ...base, S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com', S3_FORCE_PATH_STYLE: '0' }).storage?.forcePathStyle, false);
    const cdn = loadConfig({ ...base, S3_PUBLIC_BASE_URL: 'https://files.example.com/' });
    assert.equal(cdn.storage?.publicBaseUrl, 'https://files.example.com');
    assert.equal(cdn.uploadBaseUrl, 'https://files.example.com', 'upload answers name the bucket address');
    assert.throws(() => loadConfig({ ...base, S3_PUBLIC_BASE_URL: 'https://a.example', UPLOAD_BASE_URL: '/api' }), /UPLOAD_BASE_URL and S3_PUBLIC_BASE_URL/);
    assert.throws(() => loadConfig({ STORAGE: 'gcs' }), /STORAGE must be local or s3/);
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      assert.throws(() => loadConfig({ ...base, [name]: '' }), new RegExp(`${name} is required`));
    }
    assert.throws(() => loadConfig({ ...base, S3_BUCKET: 'Bad_Bucket' }), /S3_BUCKET/);
    assert.throws(() => loadConfig({ ...base, S3_ENDPOINT: 'minio:9000' }), /S3_ENDPOINT/);
    assert.throws(() => loadConfig({ ...base, S3_REGION: 'us east' }), /S3_REGION/);
    assert.throws(() => loadConfig({ ...base, S3_FORCE_PATH_STYLE: 'yes' }), /S3_FORCE_PATH_STYLE/);
    assert.throws(() => loadConfig({ ...base, S3_PUBLIC_BASE_URL: 'files.example.com' }), /S3_PUBLIC_BASE_URL/);
  });

  it('reads COUNT_EXACT_LIMIT (0 = always exact) and refuses anything but a whole number', () => {
    assert.deepEqual(loadConfig({}).counts, { exactLimit: 100_000 });
    assert.deepEqual(loadConfig({ COUNT_EXACT_LIMIT: '5000' }).counts, { exactLimit: 5000 });
    assert.deepEqual(loadConfig({ COUNT_EXACT_LIMIT: '0' }).counts, { exactLimit: 0 });
    for (const bad of ['-1', '1.5', 'lots', '2000000000']) assert.throws(() => loadConfig({ COUNT_EXACT_LIMIT: bad }), /COUNT_EXACT_LIMIT/);
  });
});
