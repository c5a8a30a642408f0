/**
 * JSON values in localStorage with an optional expiry. The expiry lives beside the value under
 * `<key>_deadtime` (epoch ms), as the reference console stores it, so existing sessions read the same.
 */
export type StorageBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export interface AppStorage {
  /** The stored value, or undefined when missing, unreadable or expired. */
  get<T>(key: string): T | undefined;
  /** The stored value even when past its expiry (the request layer needs the old token to refresh). */
  peek<T>(key: string): T | undefined;
  set(key: string, value: unknown, expireSeconds?: number): void;
  remove(key: string): void;
  /** True when nothing is stored or the expiry is less than `marginMs` away (or past). */
  isExpired(key: string, marginMs?: number): boolean;
  /** Epoch ms of the expiry, undefined when the value never expires. */
  expiresAt(key: string): number | undefined;
  clearAll(): void;
}

const DEADTIME = '_deadtime';

export function createStorage(backend: StorageBackend, now: () => number = Date.now): AppStorage {
  const read = (key: string): unknown => {
    const raw = backend.getItem(key);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      // Written by something else (or truncated): treat as absent rather than crash the start-up.
      return undefined;
    }
  };
  const expiresAt = (key: string): number | undefined => {
    const v = read(key + DEADTIME);
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  };
  const isExpired = (key: string, marginMs = 0): boolean => {
    if (backend.getItem(key) === null) return true;
    const at = expiresAt(key);
    return at !== undefined && at - now() <= marginMs;
  };
  const remove = (key: string): void => {
    backend.removeItem(key);
    backend.removeItem(key + DEADTIME);
  };
  return {
    get<T>(key: string): T | undefined {
      if (isExpired(key)) return undefined;
      return read(key) as T | undefined;
    },
    peek<T>(key: string): T | undefined {
      return read(key) as T | undefined;
    },
    set(key, value, expireSeconds) {
      if (value === undefined) {
        remove(key);
        return;
      }
      backend.setItem(key, JSON.stringify(value));
      if (expireSeconds !== undefined && Number.isFinite(expireSeconds)) {
        backend.setItem(key + DEADTIME, JSON.stringify(now() + expireSeconds * 1000));
      } else {
        backend.removeItem(key + DEADTIME);
      }
    },
    remove,
    isExpired,
    expiresAt,
    clearAll() {
      const keys: string[] = [];
      for (let i = 0; i < backend.length; i++) {
        const k = backend.key(i);
        if (k !== null) keys.push(k);
      }
      for (const k of keys) backend.removeItem(k);
    },
  };
}

/** A Map-backed backend: used under Node (tests) and when the browser refuses localStorage. */
export function memoryBackend(): StorageBackend {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

function browserBackend(): StorageBackend {
  try {
    const ls = (globalThis as { localStorage?: Storage }).localStorage;
    if (ls) return ls;
  } catch {
    // Private mode / sandboxed iframes throw on access.
  }
  return memoryBackend();
}

let defaultStorage: AppStorage | undefined;

/** The app-wide storage on window.localStorage, created on first use so Node can import this module. */
export const storage: AppStorage = {
  get: (key) => current().get(key),
  peek: (key) => current().peek(key),
  set: (key, value, expireSeconds) => current().set(key, value, expireSeconds),
  remove: (key) => current().remove(key),
  isExpired: (key, marginMs) => current().isExpired(key, marginMs),
  expiresAt: (key) => current().expiresAt(key),
  clearAll: () => current().clearAll(),
};

function current(): AppStorage {
  defaultStorage ??= createStorage(browserBackend());
  return defaultStorage;
}
