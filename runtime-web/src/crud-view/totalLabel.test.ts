import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { i18n } from '../core/i18n';
import type { Locale } from '../core/i18n';
import '../crud/locales';
import { groupDigits, totalLabel } from './totalLabel';

const label = (total: number, exact: boolean, locale: Locale) => totalLabel(i18n.getFixedT(locale, 'crud') as never, total, exact);

describe('the footer total', () => {
  it('groups digits and marks an approximate total in every locale', () => {
    assert.equal(groupDigits(12_345_678), '12,345,678');
    assert.equal(groupDigits(999), '999');
    assert.equal(label(12_345_678, false, 'zh-cn'), '约 12,345,678 条');
    assert.equal(label(12_345_678, false, 'zh-tw'), '約 12,345,678 筆');
    assert.equal(label(12_345_678, false, 'en'), 'about 12,345,678 in all');
    assert.equal(label(1234, true, 'zh-cn'), '共 1,234 条');
    assert.equal(label(27, true, 'en'), '27 in all');
  });
});
