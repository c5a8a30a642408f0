import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { EntityModel } from '../model.js';
import { checkScreenNames, readConsoleNames } from './screenNames.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('checkScreenNames: x-screen names against the console\'s list', () => {
  it('reads the console\'s list, which knows the shipped names', () => {
    const names = readConsoleNames(root)!;
    assert.ok(names.cells.includes('tags') && names.widgets.includes('richtext'));
    assert.equal(readConsoleNames(path.join(root, 'nowhere')), undefined);
  });

  it('warns on a misspelt cell, widget or action and on nothing else', () => {
    const e = {
      id: 'demo/goods',
      file: 'schemas/demo/goods.json',
      actions: [{ name: 'page' }, { name: 'publish' }],
      screen: {
        columns: ['title', { field: 'tags', component: 'tags' }, { field: 'cover', component: 'imgae' }],
        form: [{ field: 'body', component: 'richtext' }, { field: 'title', component: 'text-area' }],
        actions: [{ name: 'publish' }, { name: 'publsh' }],
      },
    } as unknown as EntityModel;
    const w = checkScreenNames([e], { cells: ['tags', 'image'], widgets: ['richtext', 'textarea'] });
    assert.equal(w.length, 3, w.join('\n'));
    assert.match(w[0]!, /x-screen\/columns\/2: cell "imgae"/);
    assert.match(w[1]!, /x-screen\/form\/1: widget "text-area"/);
    assert.match(w[2]!, /x-screen\/actions\/1: action "publsh"/);
  });
});
