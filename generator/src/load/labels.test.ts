import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { entityLabels } from './labels.js';

describe('entityLabels: an entity label given in some locales', () => {
  it('translates known English words into both Chinese forms, and lists them as missing', () => {
    assert.deepEqual(entityLabels({ en: 'Book' }), { labels: { 'zh-cn': '图书', 'zh-tw': '圖書', en: 'Book' }, missing: ['zh-cn', 'zh-tw'] });
    assert.deepEqual(entityLabels({ en: 'Order item' }).labels, { 'zh-cn': '订单条目', 'zh-tw': '訂單條目', en: 'Order item' });
  });

  it('keeps unknown English text as it is in every locale', () => {
    assert.deepEqual(entityLabels({ en: 'Library shelf' }).labels, { 'zh-cn': 'Library shelf', 'zh-tw': 'Library shelf', en: 'Library shelf' });
  });

  it('falls back between the Chinese forms, and to English words the table knows', () => {
    assert.deepEqual(entityLabels({ 'zh-cn': '价格' }), { labels: { 'zh-cn': '价格', 'zh-tw': '价格', en: 'Price' }, missing: ['zh-tw', 'en'] });
    assert.deepEqual(entityLabels({ 'zh-tw': '書架' }).labels, { 'zh-cn': '書架', 'zh-tw': '書架', en: '書架' });
  });

  it('misses nothing when all three are given', () => {
    const given = { 'zh-cn': '图书', 'zh-tw': '圖書', en: 'Book' };
    assert.deepEqual(entityLabels(given), { labels: given, missing: [] });
  });
});
