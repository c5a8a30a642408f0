import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PluginContext, PluginInstance } from '../../../runtime-server/src/modules/plugin/api.js';

/** `YYYYMMDD` in server local time, as built-in uploads name their day folders. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Upload hook storing files under a configurable root and letting the server serve them at
 * `<urlPrefix>/<day>/<uuid>_<name>`. The server hands over a sanitised single-segment name.
 */
export async function activate(ctx: PluginContext): Promise<PluginInstance> {
  const configured = typeof ctx.config.root === 'string' ? ctx.config.root : '';
  const root = path.resolve(configured || path.join(ctx.paths.data, 'files'));
  const urlPrefix = typeof ctx.config.urlPrefix === 'string' ? ctx.config.urlPrefix : '/files';
  await fs.mkdir(root, { recursive: true });
  const inside = (p: string) => p.startsWith(root + path.sep);
  /**
   * The file a URL of ours names: `<urlPrefix>/<YYYYMMDD>/<one encoded name>`, the decoded name one
   * plain segment (no separators, `..`, NUL or leading dot) resolving strictly inside the root, its
   * day folder not a link out of it. `key` is the canonical spelling (one encoding).
   */
  const resolve = async (url: string) => {
    const m = /^\/[a-z][a-z0-9-]*\/(\d{8})\/([^/?#\\]+)$/.exec(url);
    if (!m || !url.startsWith(`${urlPrefix}/`)) return undefined;
    let name: string;
    try {
      name = decodeURIComponent(m[2]!);
    } catch {
      return undefined;
    }
    if (!name || /[/\\\0]/.test(name) || name.includes('..') || name.startsWith('.')) return undefined;
    const target = path.join(root, m[1]!, name);
    if (!inside(target)) return undefined;
    const [realDay, realRoot] = await Promise.all([fs.realpath(path.dirname(target)).catch(() => ''), fs.realpath(root).catch(() => '')]);
    if (!realRoot || realDay !== path.join(realRoot, m[1]!)) return undefined;
    return { key: `${urlPrefix}/${m[1]}/${encodeURIComponent(name)}`, name, target };
  };
  ctx.logger.info(`storing uploads in ${root}, served at ${urlPrefix}`);
  return {
    upload: {
      files: { urlPrefix, root },
      async save(file) {
        const day = today();
        const name = `${randomUUID()}_${path.basename(file.name)}`;
        const target = path.join(root, day, name);
        if (!inside(target)) throw new Error(`refused name ${file.name}`);
        await fs.mkdir(path.dirname(target), { recursive: true });
        // Copy, not rename: the temp folder may sit on another filesystem.
        await fs.copyFile(file.tempPath, target, fs.constants.COPYFILE_EXCL);
        return `${urlPrefix}/${day}/${encodeURIComponent(name)}`;
      },
      async stat(url) {
        const ref = await resolve(url);
        // lstat: only a regular file counts (never a directory or a link planted in the folder).
        const st = ref && (await fs.lstat(ref.target).catch(() => undefined));
        return ref && st?.isFile() ? { key: ref.key, name: ref.name, size: st.size } : undefined;
      },
      async remove(url) {
        const ref = await resolve(url);
        const st = ref && (await fs.lstat(ref.target).catch(() => undefined));
        if (ref && st?.isFile()) await fs.rm(ref.target, { force: true });
      },
    },
  };
}
