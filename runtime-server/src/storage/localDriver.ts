import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey } from './storage.js';
import type { ObjectInfo, ObjectStorage } from './storage.js';

/**
 * Today's behaviour: objects are files under DATA_DIR, `<DATA_DIR>/<key>`, except that upload keys
 * (`upload/<day>/<name>`, the same path as their URL) keep today's folder `<DATA_DIR>/uploads/<day>/<name>`.
 */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local';
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir);
  }

  /** The file of a key, strictly inside the root. */
  pathOf(key: string): string {
    assertKey(key);
    const target = path.resolve(this.root, key.startsWith('upload/') ? `uploads/${key.slice(7)}` : key);
    if (!target.startsWith(this.root + path.sep)) throw new Error(`storage key escapes DATA_DIR: ${key}`);
    return target;
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.pathOf(key);
    try {
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Copy, not rename: the temp folder may sit on another filesystem. Never overwrites.
      await fs.promises.copyFile(file, target, fs.constants.COPYFILE_EXCL);
    } catch (err) {
      // A full disk stops the copy midway: no partial file stays behind.
      await fs.promises.rm(target, { force: true }).catch(() => undefined);
      throw err;
    }
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    const st = await fs.promises.lstat(this.pathOf(key)).catch(() => undefined);
    return st?.isFile() ? { size: st.size, mtime: st.mtime } : undefined;
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return fs.createReadStream(this.pathOf(key), range ?? {});
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
