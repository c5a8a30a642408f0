import { defineModule } from '../../app/module.js';
import { messages } from './messages.js';
import { ENTITIES } from '../../generated/tables.js';
import { taskHooks } from './info.js';

/** Scheduled tasks (schemas/task): the screens and the reference's demo handler; the scheduler is the kernel's. */
export default defineModule({
  name: 'task',
  messages,
  hooks: { [ENTITIES.taskInfo]: taskHooks },
  taskHandlers(registry) {
    // The reference's demo: logs and returns "任务执行成功".
    registry.register('taskDemoService.test', ({ services, task }) => {
      services.logger.info(`task ${task.id} "${task.name}" ran taskDemoService.test`, task.data ?? '');
      return '任务执行成功';
    });
  },
});
