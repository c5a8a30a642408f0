import type { PluginContext, PluginInstance } from '../../../runtime-server/src/modules/plugin/api.js';

/** Registers `pluginDemoService.ping`; its return value is the detail the task log shows. */
export function activate(ctx: PluginContext): PluginInstance {
  const greeting = typeof ctx.config.greeting === 'string' ? ctx.config.greeting : 'pong';
  const failEvery = typeof ctx.config.failEvery === 'number' ? ctx.config.failEvery : 0;
  // Per activation, so a reload (new config or code) starts counting again.
  let runs = 0;
  ctx.tasks.register('pluginDemoService.ping', ({ task }) => {
    runs += 1;
    if (failEvery > 0 && runs % failEvery === 0) throw new Error(`planned failure of run ${runs} (failEvery=${failEvery})`);
    const data = task.data === null || task.data === undefined ? '' : ` data=${JSON.stringify(task.data)}`;
    return `${greeting} from ${ctx.keyName} ${ctx.version} (run ${runs} on this instance)${data}`;
  });
  return {};
}
