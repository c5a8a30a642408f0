import path from 'node:path';
import type { SchedulerOptions } from './scheduler/scheduler.js';
import { parseTrustProxy } from './http/clientIp.js';
import type { TrustProxy } from './http/clientIp.js';
import { parseLeanHeap } from './app/leanHeap.js';

/** Runtime configuration. Names of the environment variables are fixed by the Configuration table of README.md. */
export interface Config {
  port: number;
  dataDir: string;
  /** `mysql://…` selects MySQL/MariaDB, `postgres://…` PostgreSQL; undefined = SQLite file in dataDir. */
  databaseUrl?: string;
  adminPassword?: string;
  captchaFixedCode?: string;
  nodeEnv: 'development' | 'production' | 'test';
  ai: { baseUrl?: string; apiKey?: string; model?: string };
  /** Where development-only `menu/create` writes entity schemas; default: the repository's `schemas/`. */
  schemasDir?: string;
  /** SCHEMA_WATCH=1 (`npm run dev` sets it): saves under schemas/ are generated, migrated and served live; refused in production. */
  schemaWatch?: boolean;
  /** Largest page `size`, and largest `list`/export result. */
  limits: { pageSize: number; listRows: number; batchRows: number; jsonBody: string };
  /** Largest uploaded file in MB (docs/reference/product-spec.md §5 'size cannot exceed {n}MB'); default 100. */
  uploadMaxMb?: number;
  /**
   * UPLOAD_BASE_URL: what `comm/upload` puts before `/upload/<day>/<name>` in its answer — an absolute
   * http(s) URL or a path. Default `/api`: the reference family's deployment forwards only `/api/` here.
   */
  uploadBaseUrl?: string;
  /** Scheduled tasks: poll, lease and shutdown grace (ms), or `enabled: false` for no automatic runs. */
  scheduler?: SchedulerOptions;
  /** TRUST_PROXY: proxies allowed to name the client in X-Forwarded-For (hop count or addresses/CIDRs). */
  trustProxy?: TrustProxy;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration from environment variables (PORT, DATA_DIR, DATABASE_URL, …). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = env.PORT ? Number(env.PORT) : 8001;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^(mysql2?|postgres(ql)?):\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with mysql:// or postgres:// (leave it unset for the embedded SQLite database)');
  }
  let trustProxy: TrustProxy | undefined;
  try {
    trustProxy = parseTrustProxy(env.TRUST_PROXY);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  // Applied before anything loads (app/leanHeap.ts); a value it cannot read stops the start here.
  if (parseLeanHeap(env.LEAN_HEAP) === undefined) throw new ConfigError(`LEAN_HEAP must be 1 or 0 (on or off), got "${String(env.LEAN_HEAP).slice(0, 50)}"`);
  const scheduler = schedulerFromEnv(env);
  const uploadBaseUrl = env.UPLOAD_BASE_URL === undefined || env.UPLOAD_BASE_URL === '' ? undefined : parseUploadBase(env.UPLOAD_BASE_URL);
  const config: Config = {
    port,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(env.ADMIN_PASSWORD ? { adminPassword: env.ADMIN_PASSWORD } : {}),
    ...(env.CAPTCHA_FIXED_CODE ? { captchaFixedCode: env.CAPTCHA_FIXED_CODE } : {}),
    ...(parseSwitch('SCHEMA_WATCH', env.SCHEMA_WATCH) ? { schemaWatch: true } : {}),
    nodeEnv,
    ai: {
      ...(env.AI_BASE_URL ? { baseUrl: env.AI_BASE_URL } : {}),
      ...(env.AI_API_KEY ? { apiKey: env.AI_API_KEY } : {}),
      ...(env.AI_MODEL ? { model: env.AI_MODEL } : {}),
    },
    limits: { pageSize: 1000, listRows: 10000, batchRows: 1000, jsonBody: '2mb' },
    uploadMaxMb: 100,
    ...(uploadBaseUrl !== undefined ? { uploadBaseUrl } : {}),
    ...(trustProxy ? { trustProxy } : {}),
    ...(scheduler ? { scheduler } : {}),
    ...overrides,
  };
  if (config.captchaFixedCode && config.nodeEnv === 'production') {
    throw new ConfigError('CAPTCHA_FIXED_CODE is a test-only switch and is refused when NODE_ENV=production');
  }
  if (config.schemaWatch && config.nodeEnv === 'production') {
    throw new ConfigError('SCHEMA_WATCH is a development switch (npm run dev) and is refused when NODE_ENV=production');
  }
  return config;
}

/** A 1/0 switch; unset or empty is off, anything else stops the start. */
function parseSwitch(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === '0') return false;
  if (raw === '1') return true;
  throw new ConfigError(`${name} must be 1 or 0 (on or off), got "${raw.slice(0, 50)}"`);
}

/** `https://cdn.example.com/files/`, `/api` or `/` → without the trailing slash; anything else stops the start. */
function parseUploadBase(raw: string): string {
  const v = raw.trim();
  const isPath = /^\/[A-Za-z0-9._~\-/]*$/.test(v) && !v.includes('//') && !v.split('/').includes('..');
  let isUrl = false;
  try {
    const u = new URL(v);
    isUrl = (u.protocol === 'http:' || u.protocol === 'https:') && !u.search && !u.hash && !u.username && !u.password;
  } catch {
    isUrl = false;
  }
  if (!isPath && !isUrl) {
    throw new ConfigError(`UPLOAD_BASE_URL must be an http(s) URL or a path starting with "/" (no query), got "${raw.slice(0, 100)}"`);
  }
  return v.replace(/\/+$/, '');
}

/**
 * TASK_POLL_MS / TASK_LEASE_MS: how often each instance re-reads the task table, and how long a claimed run
 * holds its task before another instance may take it over (the crash take-over time). Defaults in the scheduler.
 */
function schedulerFromEnv(env: NodeJS.ProcessEnv): SchedulerOptions | undefined {
  const ms = (name: 'TASK_POLL_MS' | 'TASK_LEASE_MS', min: number): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > 86_400_000) throw new ConfigError(`${name} must be a whole number of milliseconds from ${min}, got "${raw.slice(0, 50)}"`);
    return n;
  };
  const pollMs = ms('TASK_POLL_MS', 100);
  const leaseMs = ms('TASK_LEASE_MS', 1000);
  if (pollMs === undefined && leaseMs === undefined) return undefined;
  return { ...(pollMs !== undefined ? { pollMs } : {}), ...(leaseMs !== undefined ? { leaseMs } : {}) };
}
