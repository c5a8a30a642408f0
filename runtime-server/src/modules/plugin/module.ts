import { defineModule } from '../../app/module.js';
import { messages } from './messages.js';
import { ENTITIES } from '../../generated/tables.js';
import { pluginHooks } from './info.js';

/** Installed plugins (schemas/plugin): their secret configuration values never leave a read unmasked. */
export default defineModule({
  name: 'plugin',
  messages,
  hooks: { [ENTITIES.pluginInfo]: pluginHooks },
});
