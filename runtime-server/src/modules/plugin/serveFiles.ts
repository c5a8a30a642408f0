import type { Middleware } from 'koa';
import { sendStoredFile } from '../../upload/serveUploads.js';
import { LocalStorage } from '../../storage/localDriver.js';
import type { PluginManager } from './manager.js';

const FILE_PATH = /^(?:\/api)?(\/[a-z][a-z0-9-]{1,30})\/(\d{8})\/([^/]+)$/;

/**
 * Serves the files of the enabled upload plugin that asked for it (`files: { urlPrefix, root }`):
 * GET/HEAD `<urlPrefix>/<YYYYMMDD>/<name>`, with the same checks and headers as built-in uploads.
 * Only paths shaped like that consult the plugin state, so other requests pay nothing.
 */
export function servePluginFiles(plugins: PluginManager): Middleware {
  return async (ctx, next) => {
    const m = FILE_PATH.exec(ctx.path);
    if (!m || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    await plugins.fresh();
    const files = plugins.upload()?.hook.files;
    if (!files || files.urlPrefix !== m[1]) return next();
    await sendStoredFile(ctx, new LocalStorage(files.root), (day, name) => `${day}/${name}`, m[2]!, m[3]!);
  };
}
