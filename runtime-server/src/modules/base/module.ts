import { defineModule } from '../../app/module.js';
import { messages } from './messages.js';
import { reclaimFiles, spaceKeysOf } from '../space/fileReclaim.js';
import { pruneAudit, pruneRecycleBin, pruneRequestLogs } from './logRetention.js';
import { roleVisibility } from './visibility.js';
import { roleHooks } from './sys-role.js';
import { userHooks } from './sys-user.js';
import { menuHooks } from './sys-menu.js';
import { auditHooks } from './sys-audit.js';
import { departmentHooks } from './sys-department.js';
import { ENTITIES } from '../../generated/tables.js';
import { baseIdentity } from './identity.js';
import { ensureEntityMenus } from './authoring/entityMenus.js';
import { servedProjectPaths } from './authoring/projectFiles.js';
import { SchemaWatch } from './authoring/schemaWatch.js';
import type { SchemaWatchLike } from './authoring/schemaWatch.js';

declare module '../../app/moduleServices.js' {
  interface ModuleServices {
    /** Development with SCHEMA_WATCH=1: the schema watcher (authoring/schemaWatch.ts), whose state the console follows. */
    schemaWatch: SchemaWatchLike | undefined;
  }
}

/**
 * Users, roles, departments, menus, params, logs and schema authoring: the coding endpoints, every served entity's
 * menu, and in development the schema watcher (schemas/base, authoring/).
 */
export default defineModule({
  name: 'base',
  messages,
  // The kernel authenticates, authorizes, scopes and seeds menus through it (auth/identity.ts).
  identity: baseIdentity,
  authSources: [ENTITIES.baseSysMenu, ENTITIES.baseSysRole, ENTITIES.baseSysDepartment, ENTITIES.baseSysUser, ENTITIES.baseSysUserRole, ENTITIES.baseSysRoleMenu, ENTITIES.baseSysRoleDepartment],
  visibility: { [ENTITIES.baseSysRole]: roleVisibility },
  hooks: { [ENTITIES.baseSysRole]: roleHooks, [ENTITIES.baseSysUser]: userHooks, [ENTITIES.baseSysMenu]: menuHooks, [ENTITIES.baseSysDepartment]: departmentHooks, [ENTITIES.baseSysAudit]: auditHooks },
  // The retention jobs seeded as system tasks in schemas/task/seed/tasks.json: once a day across all instances.
  services: () => ({ schemaWatch: undefined }),
  onBoot: async (services) => {
    // Every served entity with a screen has its menu (a project's added entities too).
    await ensureEntityMenus(services);
    // `npm run dev`: saves under schemas/ are served live (config.ts refuses the switch in production).
    const { config } = services;
    if (!config.schemaWatch || config.nodeEnv === 'production') return;
    const watch = new SchemaWatch(services, services.schema.project ?? servedProjectPaths(config.schemasDir));
    await watch.start();
    services.modules.schemaWatch = watch;
  },
  onClose: async (services) => {
    const watch = services.modules.schemaWatch;
    if (!(watch instanceof SchemaWatch)) return;
    watch.close();
    await watch.idle();
  },
  taskHandlers(registry) {
    registry.register('baseSysLogService.prune', async ({ services }) => ({ deleted: await pruneRequestLogs(services.knex) }));
    registry.register('baseSysAuditService.prune', async ({ services }) => ({ deleted: await pruneAudit(services.knex) }));
    registry.register('recycleDataService.prune', async ({ services }) => {
      const { knex, config, logger } = services;
      const entities = services.schema.registry;
      const { plugins } = services.modules;
      // A purged snapshot may have been the last holder of uploaded files (local or in an upload plugin's storage).
      const deleted = await pruneRecycleBin(knex, new Date(), (records) => reclaimFiles(knex, config, logger, spaceKeysOf(records), plugins, entities).then(() => undefined));
      return { deleted };
    });
  },
});
