import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonLogger } from './jsonLogger.js';

describe('JSON logger', () => {
  it('writes one JSON object per line with level, message, request id and error fields', () => {
    const lines: string[] = [];
    const log = jsonLogger((l) => lines.push(l));
    const err = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    log.error('[0b8a1f2e-1c3d-4e5f-8a9b-0c1d2e3f4a5b] POST /admin/base/sys/user/page', err);
    log.info('listening on %s', 'http://127.0.0.1:8001');
    assert.equal(lines.length, 2);
    assert.ok(lines.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n')));
    const [e, i] = lines.map((l) => JSON.parse(l));
    assert.equal(e.level, 'error');
    assert.equal(e.requestId, '0b8a1f2e-1c3d-4e5f-8a9b-0c1d2e3f4a5b');
    assert.equal(e.msg, 'POST /admin/base/sys/user/page');
    assert.equal(e.err.code, 'ECONNREFUSED');
    assert.match(e.err.stack, /ECONNREFUSED/);
    assert.equal(i.level, 'info');
    assert.equal(i.msg, 'listening on http://127.0.0.1:8001');
    assert.equal(i.requestId, undefined);
    assert.ok(!Number.isNaN(Date.parse(i.time)));
  });
});
