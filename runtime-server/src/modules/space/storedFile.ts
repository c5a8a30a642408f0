import type { Config } from '../../config.js';
import { AppError } from '../../core/errors.js';
import type { UploadStat } from '../plugin/api.js';
import type { PluginManager } from '../plugin/manager.js';
import { resolveStoredUrl } from '../../upload/localStorage.js';
import { storageFor } from '../../storage/createStorage.js';

/** What the server knows of a file a client named by URL. */
export interface DescribedFile {
  /** Canonical URL: one spelling per file, so references to it can be counted. */
  key: string;
  /** The stored name (its extension decides the type). */
  name: string;
  size: number;
}

interface Deps {
  config: Pick<Config, 'dataDir' | 'uploadBaseUrl' | 'storage'>;
  modules: { plugins: Pick<PluginManager, 'fresh' | 'upload'> };
  logger: Pick<Console, 'warn'>;
}

const shown = (url: string) => url.slice(0, 120);
const API_PREFIX = /^\/api(?=\/)/;

/** A storage's answer is used only when it has the documented shape (a bug there must not reach the table). */
function validStat(s: UploadStat | undefined): s is UploadStat {
  return (
    !!s &&
    typeof s.key === 'string' &&
    s.key.length > 0 &&
    s.key.length <= 900 &&
    typeof s.name === 'string' &&
    s.name.length > 0 &&
    Number.isSafeInteger(s.size) &&
    s.size >= 0
  );
}

/**
 * Describes the file a client-supplied URL names, from the storage itself: a built-in local upload
 * (lstat: a regular file inside the uploads folder), else — when an upload plugin is enabled and can
 * `stat` — a file that plugin confirms holding. Anything else is refused with a translated 1001.
 */
export async function describeStoredFile(deps: Deps, url: string): Promise<DescribedFile> {
  const ref = resolveStoredUrl(deps.config, url);
  if (ref) {
    // The storage's own answer (local: lstat, only a regular file counts, never a directory or a planted link).
    const stat = await storageFor(deps.config).stat(ref.storageKey).catch(() => undefined);
    if (!stat) throw new AppError('space.fileNotFound', { url: shown(url) });
    return { key: ref.key, name: ref.name, size: stat.size };
  }
  await deps.modules.plugins.fresh();
  const plugin = deps.modules.plugins.upload();
  if (!plugin || typeof plugin.hook.stat !== 'function') throw new AppError('space.urlRefused', { url: shown(url) });
  let answer: UploadStat | undefined;
  try {
    answer = await plugin.hook.stat(url.replace(API_PREFIX, ''));
  } catch (err) {
    deps.logger.warn(`space: upload plugin ${plugin.keyName} could not stat ${shown(url)}`, err);
    throw new AppError('space.storageCheckFailed', { keyName: plugin.keyName, url: shown(url) });
  }
  // A key shaped like a local upload would let a later purge delete a built-in file instead.
  if (!validStat(answer) || resolveStoredUrl(deps.config, answer.key)) {
    throw new AppError('space.urlNotInStorage', { keyName: plugin.keyName, url: shown(url) });
  }
  return { key: answer.key, name: answer.name, size: answer.size };
}
