import { pruneRecycleBin, pruneRequestLogs } from '../base/logRetention.js';
import { reclaimFiles, spaceKeysOf } from '../space/fileReclaim.js';
import type { TaskHandlerRegistry } from './handlers.js';
import { pruneJobs } from '../../dataJob/jobs.js';

/**
 * The module handlers a task may name: the reference's demo service and the two built-in system
 * tasks (seeded in schemas/seed/30-task.json). Registered on every instance at start.
 */
export function registerCoreTaskHandlers(registry: TaskHandlerRegistry): void {
  // The reference's demo: logs and returns "任务执行成功".
  registry.register('taskDemoService.test', ({ services, task }) => {
    services.logger.info(`task ${task.id} "${task.name}" ran taskDemoService.test`, task.data ?? '');
    return '任务执行成功';
  });
  registry.register('baseSysLogService.prune', async ({ services }) => {
    const deleted = await pruneRequestLogs(services.knex);
    return { deleted };
  });
  registry.register('recycleDataService.prune', async ({ services }) => {
    const { knex, config, logger, plugins, registry } = services;
    // A purged snapshot may have been the last holder of uploaded files (local or in an upload plugin's storage).
    const deleted = await pruneRecycleBin(knex, new Date(), (records) => reclaimFiles(knex, config, logger, spaceKeysOf(records), plugins, registry).then(() => undefined));
    return { deleted };
  });
  // Export files and import reports of jobs that ended more than a day ago.
  registry.register('dataJobService.prune', async ({ services }) => ({ deleted: await pruneJobs(services.knex, services.config.dataDir) }));
}
