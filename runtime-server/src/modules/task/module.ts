import { defineModule } from '../../app/module.js';
import { messages } from './messages.js';
import { ENTITIES } from '../../generated/tables.js';
import { taskHooks } from './info.js';

/**
 * Scheduled tasks (schemas/task): the screens, the reference's demo handler, and the scheduler's life: it starts
 * once the app is built and stops first on close (its instance is still `services.scheduler`, made by the kernel).
 */
export default defineModule({
  name: 'task',
  messages,
  hooks: { [ENTITIES.taskInfo]: taskHooks },
  // Scheduled tasks, including the daily log and recycle-bin retention (system tasks).
  onBoot: (services) => services.scheduler.start(services),
  onClose: (services) => services.scheduler.stop(),
  taskHandlers(registry) {
    // The reference's demo: logs and returns "任务执行成功".
    registry.register('taskDemoService.test', ({ services, task }) => {
      services.logger.info(`task ${task.id} "${task.name}" ran taskDemoService.test`, task.data ?? '');
      return '任务执行成功';
    });
  },
});
