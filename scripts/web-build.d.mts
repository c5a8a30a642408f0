/** True when runtime-web/dist is missing or older than its sources. */
export function webBuildStale(): boolean;
/** Builds the console when stale (or forced); returns whether it built. */
export function ensureWebBuild(options?: { force?: boolean }): boolean;
