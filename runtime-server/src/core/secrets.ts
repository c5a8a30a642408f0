import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptRaw = promisify(scryptCb) as (pw: string, salt: Buffer, keylen: number, opts: object) => Promise<Buffer>;

/**
 * At most this many hashes at once in the process. Each needs a 32 MiB buffer on a thread-pool thread, and the
 * allocator keeps such buffers per thread: measured on the production bundle, 4 concurrent logins left RSS about
 * 130 MB higher for good, and the bench's login load (4 connections, MariaDB) 128 → 201 MB with 2 slots but
 * 123 → 154 MB with 1. One slot halves the logins one instance verifies per second (about 10 instead of 18 on
 * 2 shared cores) — ample for an admin console, whose logins the open-route limit and the throttle bound anyway.
 * Extra callers queue in order.
 */
export const HASH_SLOTS = 1;
let running = 0;
const waiting: (() => void)[] = [];

/** Hashes in progress now (tests). */
export const hashesRunning = () => running;

async function scrypt(pw: string, salt: Buffer, keylen: number, opts: object): Promise<Buffer> {
  if (running < HASH_SLOTS) running++;
  // Otherwise the slot is handed over by a finishing hash (never freed in between, so never over the limit).
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await scryptRaw(pw, salt, keylen, opts);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

// scrypt with N=2^15, r=8 (≈32 MiB, tens of ms): memory-hard, per-hash random salt, built into Node.
const N = 32768;
const R = 8;
const P = 1;
const KEYLEN = 32;

/** Hash of a secret field value (passwords): `scrypt$N$r$p$salt$hash`, never reversible. */
export async function hashSecret(plain: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(plain, salt, KEYLEN, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time check of a plain value against `hashSecret` output; false for any other format. */
export async function verifySecret(plain: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(plain, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
