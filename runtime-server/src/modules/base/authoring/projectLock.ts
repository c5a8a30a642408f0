// One writer of the project at a time per app: the coding endpoints and the schema watcher each regenerate the
// whole project, and two runs over the same change would write two migrations for it.
const chains = new WeakMap<object, Promise<unknown>>();

/** Runs `job` after every earlier one holding the same `key` (the app's services) has settled. */
export function withProjectLock<T>(key: object, job: () => Promise<T>): Promise<T> {
  const before = chains.get(key) ?? Promise.resolve();
  const run = before.catch(() => undefined).then(job);
  chains.set(key, run);
  return run;
}
