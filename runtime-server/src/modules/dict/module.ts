import { defineModule } from '../../app/module.js';
import { dictInfoHooks } from './info.js';
import { dictTypeHooks } from './type.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';

/** Dictionaries: types and their (tree of) items (schemas/dict). */
export default defineModule({
  name: 'dict',
  hooks: { [ENTITIES.dictType]: dictTypeHooks, [ENTITIES.dictInfo]: dictInfoHooks },
  // `data` (every console page load asks for it) is answered from this cache.
  readCaches: { dict: [ENTITIES.dictType, ENTITIES.dictInfo] },
  // Labels of `x-dict` values in exports and imports (auth/identity.ts DictionarySource), in item order.
  dictionaries: async (knex, keys) =>
    keys.length
      ? ((await knex({ i: TABLES.dictInfo })
          .join({ t: TABLES.dictType }, 't.id', 'i.typeId')
          .whereIn('t.key', keys)
          .orderBy('i.id')
          .select('t.key as key', 'i.value as value', 'i.name as name')) as { key: string; value: unknown; name: string }[])
      : [],
});
