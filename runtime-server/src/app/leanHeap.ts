import v8 from 'node:v8';

/**
 * V8 heap settings of the server process (docs/operations.md, docs/decisions.md "Memory"): the young
 * generation stays at its initial 1 MB semi-spaces instead of growing to 16 MB each, and the old generation
 * grows to 1.3 times what survived the last full collection instead of up to 4 times. Under load the default
 * heap kept ~30 MB of young generation and an old generation about twice its live size, so the process ended
 * a bench run at 180–260 MB resident; CPU time per request did not rise with these settings.
 * They are read by V8 at each collection, so setting them at start (before the app is built) takes effect.
 */
export const LEAN_HEAP_FLAGS: readonly string[] = ['--semi-space-growth-factor=1', '--heap-growing-percent=30'];

/** Heap sizing flags an operator may pass himself (`node --max-semi-space-size=…`, NODE_OPTIONS): his choice wins. */
const OWN_HEAP_FLAG = /--(max|min)-semi-space-size|--semi-space-growth-factor|--heap-growing-percent|--max-old-space-size|--optimize-for-size/;

/** `LEAN_HEAP`: unset, `1`, `true`, `on` → on; `0`, `false`, `off` → off; anything else is invalid (undefined). */
export function parseLeanHeap(value: string | undefined): boolean | undefined {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === '1' || v === 'true' || v === 'on') return true;
  if (v === '0' || v === 'false' || v === 'off') return false;
  return undefined;
}

/** The flags to set for this process: none when switched off (or invalid: the configuration check stops the start) or when heap flags were given. */
export function leanHeapFlags(env: NodeJS.ProcessEnv, execArgv: readonly string[]): readonly string[] {
  if (parseLeanHeap(env.LEAN_HEAP) !== true) return [];
  if (execArgv.some((a) => OWN_HEAP_FLAG.test(a)) || OWN_HEAP_FLAG.test(env.NODE_OPTIONS ?? '')) return [];
  return LEAN_HEAP_FLAGS;
}

/** Semi-space size the young generation may grow to once the app serves (V8's default cap is 16 MB). */
export const SERVING_SEMI_SPACE_MB = 8;

/**
 * Once the app serves, when the lean heap is on: the young generation may grow again, up to
 * SERVING_SEMI_SPACE_MB semi-spaces. Kept at 1 MB under load, objects of the requests in flight outlived it and
 * were promoted, and the old generation, held to 1.3 times its live size, was marked over and over: on MariaDB
 * the page of users took about twice the CPU per request (GC helper threads busy), a regression the bench
 * caught. V8 reads its semi-space cap only when the heap is set up, but its growth factor at every scavenge: so
 * growth is switched on while the young generation is under the cap and off once it reaches it (checked every
 * 100 ms: at a server's allocation rate, one doubling past it at most; a tight loop allocating hundreds of MB at
 * once could go further). The check keeps running: V8 shrinks the young generation again after a quiet spell,
 * and with growth left off it stayed at its small size through the next burst of load (the bench's later
 * rounds ran with a 1 MB young generation and a full collection every 250 ms). Start-up (migrations, seed,
 * compiling) ran with the small one, so an idle process stays small. Returns a function that stops the check.
 */
export function relaxLeanHeapForServing(applied: readonly string[], capMb = SERVING_SEMI_SPACE_MB): () => void {
  if (!applied.length) return () => undefined;
  const newSpaceMb = () => (v8.getHeapSpaceStatistics().find((sp) => sp.space_name === 'new_space')?.space_size ?? 0) / 1048576;
  const growth = youngGrowthSwitch(capMb, newSpaceMb, (f) => v8.setFlagsFromString(f));
  growth.check();
  const timer = setInterval(growth.check, 100);
  timer.unref();
  return () => {
    clearInterval(timer);
    growth.stop();
  };
}

/** The check behind relaxLeanHeapForServing: growth on below the cap (new_space counts both semi-spaces), off at it; a flag is set only on a change. */
export function youngGrowthSwitch(capMb: number, newSpaceMb: () => number, setFlag: (flag: string) => void): { check: () => void; stop: () => void } {
  let growing = false;
  const set = (grow: boolean) => {
    if (grow === growing) return;
    growing = grow;
    setFlag(grow ? '--semi-space-growth-factor=2' : '--semi-space-growth-factor=1');
  };
  return { check: () => set(newSpaceMb() < 2 * capMb), stop: () => set(false) };
}

/** Applies the flags; returns those set. */
export function applyLeanHeap(env: NodeJS.ProcessEnv = process.env, execArgv: readonly string[] = process.execArgv): readonly string[] {
  const flags = leanHeapFlags(env, execArgv);
  for (const f of flags) v8.setFlagsFromString(f);
  return flags;
}
