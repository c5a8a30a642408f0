import { defineModule } from '../../app/module.js';
import { dictInfoHooks } from './info.js';
import { dictTypeHooks } from './type.js';

/** Dictionaries: types and their (tree of) items (schemas/dict). */
export default defineModule({
  name: 'dict',
  hooks: { 'dict/type': dictTypeHooks, 'dict/info': dictInfoHooks },
});
