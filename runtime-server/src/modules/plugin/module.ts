import { defineModule } from '../../app/module.js';
import { messages } from './messages.js';
import { ENTITIES } from '../../generated/tables.js';
import { pluginHooks } from './info.js';
import { bareLogos } from './logoFormat.js';
import { PluginManager } from './manager.js';
import { servePluginFiles } from './serveFiles.js';

declare module '../../app/moduleServices.js' {
  interface ModuleServices {
    /** Installed plugins enabled on this instance, kept in step with the database (plugin epoch). */
    plugins: PluginManager;
  }
}

/**
 * Installed plugins (schemas/plugin): the manager (`services.modules.plugins`) loads the enabled ones once the app
 * is built and unloads them on close, plugins' files are served in front of the console, and their secret
 * configuration values never leave a read unmasked.
 */
export default defineModule({
  name: 'plugin',
  messages,
  hooks: { [ENTITIES.pluginInfo]: pluginHooks },
  // A getter: the task module's registry (plugins' task handlers join it), built after this module's services.
  services: (services) => ({ plugins: new PluginManager({ knex: services.knex, config: services.config, logger: services.logger, get taskHandlers() { return services.modules.taskHandlers; } }) }),
  middleware: (services) => servePluginFiles(services.modules.plugins),
  onBoot: async (services) => {
    await bareLogos(services.knex);
    await services.modules.plugins.start();
  },
  onClose: (services) => services.modules.plugins.close(),
});
