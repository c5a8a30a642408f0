import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { appMessages } from './locales';

function keysOf(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keysOf(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('app messages', () => {
  it('has the same non-empty keys in zh-cn, zh-tw and en', () => {
    const cn = keysOf(appMessages['zh-cn']).sort();
    assert.ok(cn.length > 50);
    for (const l of ['zh-tw', 'en'] as const) assert.deepEqual(keysOf(appMessages[l]).sort(), cn, l);
    const values = (obj: Record<string, unknown>): unknown[] => Object.values(obj).flatMap((v) => (v && typeof v === 'object' ? values(v as Record<string, unknown>) : [v]));
    for (const l of ['zh-cn', 'zh-tw', 'en'] as const) for (const v of values(appMessages[l])) assert.ok(typeof v === 'string' && v.trim(), `${l}: empty message`);
  });

  it('uses the spec error page texts', () => {
    const en = appMessages.en.error as Record<string, string>;
    assert.equal(en['401'], 'Authentication failed, please log in again!');
    assert.equal(en['403'], 'You are not authorized to access this page');
    assert.equal(en['404'], 'Page not found');
    assert.equal(en['500'], 'Oops, something went wrong');
    assert.equal(en['502'], 'Be right back');
  });
});
