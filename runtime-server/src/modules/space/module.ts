import { defineModule } from '../../app/module.js';
import { messages } from './messages.js';
import { spaceTypeHooks } from './type.js';
import { spaceInfoHooks } from './info.js';
import { ENTITIES } from '../../generated/tables.js';

/** The file space: categories and file entries (schemas/space). */
export default defineModule({
  name: 'space',
  messages,
  hooks: { [ENTITIES.spaceType]: spaceTypeHooks, [ENTITIES.spaceInfo]: spaceInfoHooks },
});
