import type { App } from '../core/app.js';
import { pruneJobs } from '../dataJob/jobs.js';
import type { ModuleDefinition } from './module.js';
import type { ModuleServices } from './moduleServices.js';

/**
 * The kernel's own part of what modules declare: its retention job, registered with the modules' task handlers
 * (the task module gathers every manifest's `taskHandlers`, this one first).
 */
export const KERNEL: ModuleDefinition = {
  name: 'kernel',
  taskHandlers(registry) {
    // Export files and import reports of jobs that ended more than a day ago (a system task).
    registry.register('dataJobService.prune', async ({ services }) => ({ deleted: await pruneJobs(services.knex, services.config) }));
  },
};

/**
 * Builds every module's services (`ModuleDefinition.services`) into `services.modules`, in module order. The
 * object is in place before the first factory runs, so a service may reach another module's lazily (a getter);
 * a name two modules provide stops the start, naming both.
 */
export function buildModuleServices(modules: readonly ModuleDefinition[], services: App): ModuleServices {
  // Filled as the factories run; complete (every declared member) once the last has.
  const built: Partial<ModuleServices> = {};
  services.modules = built as ModuleServices;
  const owners = new Map<string, string>();
  for (const m of modules) {
    if (!m.services) continue;
    const own = m.services(services, [KERNEL, ...modules]);
    for (const name of Object.keys(own)) {
      const first = owners.get(name);
      if (first) throw new Error(`modules ${first} and ${m.name} both provide the service "${name}": one may`);
      owners.set(name, m.name);
    }
    Object.assign(built, own);
  }
  return services.modules;
}
