import type { App } from './app.js';

/** What a task's `service` names when it runs: the task row, its parsed `data` argument and the app's services. */
export interface TaskRunContext {
  services: App;
  task: { id: number; name: string; service: string; data: unknown };
}

/** Returns an optional detail for the task log (stringified when not a string). Throwing marks the run failed. */
export type TaskHandler = (ctx: TaskRunContext) => Promise<unknown> | unknown;

/**
 * Where a module (`ModuleDefinition.taskHandlers`) and the kernel register the `bean.method` names their tasks may
 * call. The task module keeps the registry and runs the tasks (modules/task/handlers.ts); the kernel names only
 * this port, for its own retention job (app/kernelModule.ts).
 */
export interface TaskRegistrar {
  register(service: string, handler: TaskHandler, owner?: string): void;
}
