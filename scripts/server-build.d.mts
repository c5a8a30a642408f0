/** Bundles the server into runtime-server/dist/start.js; returns the bundle's path. */
export function buildServer(): Promise<string>;
export const leanHeapFile: string;
