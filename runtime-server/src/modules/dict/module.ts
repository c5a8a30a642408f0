import { defineModule } from '../../app/module.js';
import { dictInfoHooks } from './info.js';
import { dictTypeHooks } from './type.js';
import { ENTITIES } from '../../generated/tables.js';

/** Dictionaries: types and their (tree of) items (schemas/dict). */
export default defineModule({
  name: 'dict',
  hooks: { [ENTITIES.dictType]: dictTypeHooks, [ENTITIES.dictInfo]: dictInfoHooks },
});
