import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { modulesMessages } from './locales';

const keys = (o: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('module screen strings', () => {
  it('has every key in zh-cn, zh-tw and en, with the same placeholders', () => {
    const base = keys(modulesMessages['zh-cn']).sort();
    for (const l of ['zh-tw', 'en'] as const) assert.deepEqual(keys(modulesMessages[l]).sort(), base, l);
    const at = (o: Record<string, unknown>, path: string) => path.split('.').reduce<unknown>((x, k) => (x as Record<string, unknown>)[k], o) as string;
    for (const k of base) {
      const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      for (const l of ['zh-tw', 'en'] as const) assert.deepEqual(names(at(modulesMessages[l], k)), names(at(modulesMessages['zh-cn'], k)), `${l} ${k}`);
    }
  });

  it('says the picker limit as the spec words it', () => {
    assert.equal(modulesMessages.en.space.limit, 'at most {{limit}} files');
  });
});
