import type { TaskHandler, TaskRegistrar } from '../../core/taskHandler.js';

// The kernel's port (what a manifest registers into) is where these types live; importers keep this path.
export type { TaskHandler, TaskRunContext } from '../../core/taskHandler.js';

interface Entry {
  handler: TaskHandler;
  /** 'core' for module handlers, else the plugin keyName that registered it. */
  owner: string;
}

// `taskDemoService.test()`, `taskDemoService.test` or `taskDemoService.test([1,2])`: one bean, one method,
// and optionally one JSON argument in the parentheses (docs/reference/api-contract.md §6.10), nothing else.
const SERVICE = /^\s*([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)\s*(?:\(([\s\S]*)\))?\s*$/;

/** A task's `service` text taken apart: the registry key and the argument written in its parentheses, if any. */
export interface ServiceCall {
  key: string;
  /** True when the parentheses hold an argument (then `arg` is its parsed JSON). */
  hasArg: boolean;
  arg?: unknown;
}

/** Parses a task's `service` text; undefined when it is malformed or its argument is not JSON. */
export function parseServiceCall(service: string): ServiceCall | undefined {
  const m = SERVICE.exec(service);
  if (!m) return undefined;
  const key = `${m[1]}.${m[2]}`;
  const argText = m[3]?.trim() ?? '';
  if (!argText) return { key, hasArg: false };
  try {
    return { key, hasArg: true, arg: JSON.parse(argText) as unknown };
  } catch {
    return undefined;
  }
}

/** Normalises a task's `service` text to its registry key (`bean.method`), or undefined when it is malformed. */
export function serviceKey(service: string): string | undefined {
  return parseServiceCall(service)?.key;
}

/**
 * The explicit registry of what a task may run: module handlers and the handlers of enabled plugins.
 * A task's `service` text is only ever looked up here, never resolved to an arbitrary method.
 * Per app instance; every instance registers the same set (plugins through their shared enable state).
 */
export class TaskHandlerRegistry implements TaskRegistrar {
  private readonly entries = new Map<string, Entry>();

  register(service: string, handler: TaskHandler, owner = 'core'): void {
    const key = serviceKey(service);
    if (!key) throw new Error(`invalid task service name: ${service}`);
    const existing = this.entries.get(key);
    if (existing && existing.owner !== owner) throw new Error(`task service ${key} is already registered by ${existing.owner}`);
    this.entries.set(key, { handler, owner });
  }

  /** Removes every handler an owner (a plugin) registered. */
  unregisterOwner(owner: string): void {
    for (const [key, entry] of this.entries) if (entry.owner === owner) this.entries.delete(key);
  }

  resolve(service: string): TaskHandler | undefined {
    const key = serviceKey(service);
    return key ? this.entries.get(key)?.handler : undefined;
  }

  /** Registered keys, sorted (for the console's service picker). */
  keys(): string[] {
    return [...this.entries.keys()].sort();
  }
}
