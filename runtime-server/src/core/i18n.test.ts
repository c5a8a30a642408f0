import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locale } from '@schema-admin/generator';
import { modules } from '../modules/index.js';
import { en } from '../locales/en.js';
import { zhCn } from '../locales/zh-cn.js';
import type { MessageKey } from '../locales/zh-cn.js';
import { zhTw } from '../locales/zh-tw.js';
import { addMessages, defineMessages, t } from './i18n.js';

const LOCALES: Locale[] = ['zh-cn', 'zh-tw', 'en'];

describe('messages: the kernel locales and the modules\' messages merged at boot (issue 40 §2)', () => {
  it('each module key is in no kernel locale, and after the merge answers its own text in every locale', () => {
    let n = 0;
    for (const m of modules) {
      if (!m.messages) continue;
      addMessages(m.name, m.messages);
      for (const locale of LOCALES) assert.deepEqual(Object.keys(m.messages[locale]).sort(), Object.keys(m.messages['zh-cn']).sort(), `${m.name} ${locale}`);
      for (const key of Object.keys(m.messages['zh-cn'])) {
        n++;
        for (const kernel of [zhCn, zhTw, en]) assert.ok(!(key in kernel), `${m.name}'s ${key} is in a kernel locale`);
        for (const locale of LOCALES) assert.equal(t(locale, key as MessageKey, {}), m.messages[locale][key]);
      }
    }
    assert.ok(n > 50, `${n} module keys`);
  });

  it('refuses a key another module or the kernel owns; the same module merging again changes nothing', () => {
    const mine = defineMessages({ 'zh-cn': { 'lab.hello': '你好 {name}' }, 'zh-tw': { 'lab.hello': '你好 {name}' }, en: { 'lab.hello': 'Hello {name}' } });
    addMessages('lab', mine);
    addMessages('lab', mine);
    assert.equal(t('en', 'lab.hello' as MessageKey, { name: 'Ann' }), 'Hello Ann');
    assert.throws(() => addMessages('other', mine), /lab\.hello.*other.*lab's/);
    const kernelKey = Object.keys(zhCn)[0]!;
    assert.throws(() => addMessages('lab', { 'zh-cn': { [kernelKey]: 'x' }, 'zh-tw': { [kernelKey]: 'x' }, en: { [kernelKey]: 'x' } }), /kernel's/);
    // A key no module given to this app declares answers itself rather than failing the answer.
    assert.equal(t('en', 'nowhere.key' as MessageKey), 'nowhere.key');
  });
});
