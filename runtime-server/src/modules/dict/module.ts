import { defineModule } from '../../app/module.js';
import { dictInfoHooks } from './info.js';
import { dictTypeHooks } from './type.js';
import { ENTITIES } from '../../generated/tables.js';

/** Dictionaries: types and their (tree of) items (schemas/dict). */
export default defineModule({
  name: 'dict',
  hooks: { [ENTITIES.dictType]: dictTypeHooks, [ENTITIES.dictInfo]: dictInfoHooks },
  // `data` (every console page load asks for it) is answered from this cache.
  readCaches: { dict: [ENTITIES.dictType, ENTITIES.dictInfo] },
});
