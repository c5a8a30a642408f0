import { defineModule } from '../../app/module.js';
import { spaceTypeHooks } from './type.js';
import { spaceInfoHooks } from './info.js';
import { ENTITIES } from '../../generated/tables.js';

/** The file space: categories and file entries (schemas/space). */
export default defineModule({
  name: 'space',
  hooks: { [ENTITIES.spaceType]: spaceTypeHooks, [ENTITIES.spaceInfo]: spaceInfoHooks },
});
