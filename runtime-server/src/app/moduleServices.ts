/**
 * What modules add to the app's services, reached as `services.modules.<name>` (docs/kernel-and-modules.md,
 * "A module's manifest": `services`). Empty in the kernel: a module that builds a service adds its member here by
 * declaration merging, beside the manifest that builds it —
 * `declare module '../../app/moduleServices.js' { interface ModuleServices { scheduler: TaskScheduler } }` —
 * so a handler reads `services.modules.scheduler` typed, and the kernel names no module's type.
 */
export interface ModuleServices {}
