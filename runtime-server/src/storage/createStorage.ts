import type { Config } from '../config.js';
import { LocalStorage } from './localDriver.js';
import { S3Storage } from './s3Driver.js';
import type { ObjectStorage } from './storage.js';

/** One driver per configuration object (an app's), so every part of one app shares its client and connections. */
const drivers = new WeakMap<object, ObjectStorage>();

/** The driver STORAGE selects (local by default) for this configuration. */
export function storageFor(config: Pick<Config, 'dataDir' | 'storage'>): ObjectStorage {
  let driver = drivers.get(config);
  if (!driver) {
    driver = config.storage?.driver === 's3' ? new S3Storage(config.storage) : new LocalStorage(config.dataDir);
    drivers.set(config, driver);
  }
  return driver;
}
