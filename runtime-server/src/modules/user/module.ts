import { defineModule } from '../../app/module.js';
import { messages } from './messages.js';
import { userInfoHooks } from './info.js';
import { addressHooks } from './address.js';
import { ENTITIES } from '../../generated/tables.js';

/** End users and their addresses (schemas/user). */
export default defineModule({
  name: 'user',
  messages,
  hooks: { [ENTITIES.userInfo]: userInfoHooks, [ENTITIES.userAddress]: addressHooks },
});
