import { defineModule } from '../../app/module.js';
import { messages } from './messages.js';
import { ENTITIES } from '../../generated/tables.js';
import { taskHooks } from './info.js';
import { TaskHandlerRegistry } from './handlers.js';
import { TaskScheduler } from './scheduler.js';

declare module '../../app/moduleServices.js' {
  interface ModuleServices {
    /** Runs scheduled tasks (database lease: each tick once across instances); `once` runs through it. */
    scheduler: TaskScheduler;
    /** What a scheduled task's `service` may name (the kernel's, modules' and enabled plugins' handlers). */
    taskHandlers: TaskHandlerRegistry;
  }
}

/**
 * Scheduled tasks (schemas/task): the screens, the reference's demo handler, and the scheduler's life: it starts
 * once the app is built and stops first on close (`services.modules.scheduler`), and the registry of what tasks may
 * call (`services.modules.taskHandlers`), gathered from every manifest's `taskHandlers` (the kernel's first).
 */
export default defineModule({
  name: 'task',
  messages,
  hooks: { [ENTITIES.taskInfo]: taskHooks },
  // Scheduled tasks, including the daily log and recycle-bin retention (system tasks).
  services: (services, manifests) => {
    const taskHandlers = new TaskHandlerRegistry();
    for (const m of manifests) m.taskHandlers?.(taskHandlers);
    return { scheduler: new TaskScheduler(services.config.scheduler), taskHandlers };
  },
  onBoot: (services) => services.modules.scheduler.start(services),
  onClose: (services) => services.modules.scheduler.stop(),
  taskHandlers(registry) {
    // The reference's demo: logs and returns "任务执行成功".
    registry.register('taskDemoService.test', ({ services, task }) => {
      services.logger.info(`task ${task.id} "${task.name}" ran taskDemoService.test`, task.data ?? '');
      return '任务执行成功';
    });
  },
});
