import { defineModule } from '../../app/module.js';
import { userInfoHooks } from './info.js';

/** End users and their addresses (schemas/user). */
export default defineModule({
  name: 'user',
  hooks: { 'user/info': userInfoHooks },
});
