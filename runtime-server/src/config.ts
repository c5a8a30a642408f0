import path from 'node:path';
import { parseTrustProxy } from './http/clientIp.js';
import type { TrustProxy } from './http/clientIp.js';
import { parseLeanHeap } from './app/leanHeap.js';
import { parseAddressList } from './metrics/access.js';
import type { MetricsAccess } from './metrics/access.js';
import type { S3Settings } from './storage/s3Driver.js';

/** The task scheduler's settings (modules/task/scheduler.ts). */
export interface SchedulerOptions {
  /** false: no automatic runs on this instance (run-once still works). Default true. */
  enabled?: boolean;
  /** How often the task table is re-read, so changes made on other instances apply (ms). */
  pollMs?: number;
  /** How long a claimed run holds its task; renewed while it runs, so only a crashed holder's lapses (ms). */
  leaseMs?: number;
  /** On shutdown, how long running tasks may finish and write their log (ms). */
  graceMs?: number;
}

/** Runtime configuration. Names of the environment variables are fixed by README.md (Configuration) and docs/configuration.md. */
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
  /** FRAME_ORIGINS: sites the console's iframe menus may show, besides itself and the seeded documentation site. */
  frameOrigins?: string[];
  /** IMPORT_MAX_ROWS, IMPORT_MAX_MB, IMPORT_QUOTA_MB: caps of one import file and of one user's waiting uploads. */
  imports?: ImportLimits;
  /** GET /metrics access: METRICS_TOKEN (bearer) and/or METRICS_ALLOW (scraper addresses/CIDRs); neither = closed. */
  metrics?: MetricsAccess;
  /**
   * DB_STATEMENT_TIMEOUT_MS: time limit of each statement a request runs (db/statementLimit.ts); past it the request
   * answers 1001 `error.queryTimeout`. 0 = no limit; undefined = DEFAULT_STATEMENT_TIMEOUT_MS.
   */
  statementTimeoutMs?: number;
  /** COUNT_EXACT_LIMIT (`exactLimit`): totals above it are approximate (crud/counts.ts); undefined = the default. */
  counts?: CountOptions;
  /** STORAGE=s3 with its S3_* settings; undefined = local files under DATA_DIR. */
  storage?: { driver: 's3' } & S3Settings;
}

export interface ImportLimits {
  /** Data rows one import file may hold (preview and commit refuse more). */
  maxRows: number;
  /** Size of one import file. */
  maxMb: number;
  /** Size of one user's uploads waiting as import jobs (previewed, not yet run). */
  quotaMb: number;
}

/** COUNT_EXACT_LIMIT's default: up to this many matching rows a page's total is counted exactly, every time. */
export const DEFAULT_COUNT_EXACT_LIMIT = 100_000;

export interface CountOptions {
  /** COUNT_EXACT_LIMIT: largest total counted exactly on every request; 0 = always exact (no bound). */
  exactLimit: number;
  /** Least time between two background counts of one (entity, filter) (ms). */
  recountMs?: number;
  /** How long a background count serves while no write moved the entity's epoch (ms); bounds writes behind the app's back. */
  ttlMs?: number;
  /** How often another instance's writes are looked for (ms), as EpochWatch. */
  maxAgeMs?: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = { maxRows: 100_000, maxMb: 50, quotaMb: 200 };

/** Default DB_STATEMENT_TIMEOUT_MS: well past any request the bench measures, short of a user giving up. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

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
  const frameOrigins = parseFrameOrigins(env.FRAME_ORIGINS);
  const imports = importLimitsFromEnv(env);
  const metrics = metricsFromEnv(env);
  const storage = storageFromEnv(env);
  const statementTimeoutMs = statementTimeoutFromEnv(env.DB_STATEMENT_TIMEOUT_MS);
  const counts = countsFromEnv(env);
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
    ...(frameOrigins.length ? { frameOrigins } : {}),
    imports,
    ...(scheduler ? { scheduler } : {}),
    ...(metrics ? { metrics } : {}),
    ...(storage ? { storage } : {}),
    statementTimeoutMs,
    counts,
    ...overrides,
  };
  // Upload answers name the bucket's public address when one is given: the key is the URL's path.
  const publicBase = config.storage?.publicBaseUrl;
  if (publicBase !== undefined) {
    if (config.uploadBaseUrl !== undefined && config.uploadBaseUrl !== publicBase) throw new ConfigError('UPLOAD_BASE_URL and S3_PUBLIC_BASE_URL disagree: set only S3_PUBLIC_BASE_URL with STORAGE=s3');
    config.uploadBaseUrl = publicBase;
  }
  if (config.captchaFixedCode && config.nodeEnv === 'production') {
    throw new ConfigError('CAPTCHA_FIXED_CODE is a test-only switch and is refused when NODE_ENV=production');
  }
  if (config.schemaWatch && config.nodeEnv === 'production') {
    throw new ConfigError('SCHEMA_WATCH is a development switch (npm run dev) and is refused when NODE_ENV=production');
  }
  return config;
}

function importLimitsFromEnv(env: NodeJS.ProcessEnv): ImportLimits {
  const n = (name: 'IMPORT_MAX_ROWS' | 'IMPORT_MAX_MB' | 'IMPORT_QUOTA_MB', fallback: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const v = Number(raw);
    if (!Number.isInteger(v) || v < 1 || v > max) throw new ConfigError(`${name} must be a whole number from 1 to ${max}, got "${raw.slice(0, 50)}"`);
    return v;
  };
  return {
    maxRows: n('IMPORT_MAX_ROWS', DEFAULT_IMPORT_LIMITS.maxRows, 10_000_000),
    maxMb: n('IMPORT_MAX_MB', DEFAULT_IMPORT_LIMITS.maxMb, 10_000),
    quotaMb: n('IMPORT_QUOTA_MB', DEFAULT_IMPORT_LIMITS.quotaMb, 100_000),
  };
}

/** COUNT_EXACT_LIMIT: a whole number from 0 (every total exact) to 1 000 000 000; default DEFAULT_COUNT_EXACT_LIMIT. */
function countsFromEnv(env: NodeJS.ProcessEnv): CountOptions {
  const raw = env.COUNT_EXACT_LIMIT;
  if (raw === undefined || raw === '') return { exactLimit: DEFAULT_COUNT_EXACT_LIMIT };
  const v = Number(raw);
  if (!Number.isInteger(v) || v < 0 || v > 1_000_000_000) {
    throw new ConfigError(`COUNT_EXACT_LIMIT must be a whole number from 0 (always exact) to 1000000000, got "${raw.slice(0, 50)}"`);
  }
  return { exactLimit: v };
}

/** `https://a.example.com, https://b.example.com:8443` → their origins; anything but http(s) origins stops the start. */
export function parseFrameOrigins(raw: string | undefined): string[] {
  if (!raw?.trim()) return [];
  return raw.split(',').map((part) => {
    const v = part.trim();
    let origin: string | undefined;
    try {
      const u = new URL(v);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && (u.pathname === '/' || u.pathname === '') && !u.search && !u.hash && !u.username) origin = u.origin;
    } catch {
      origin = undefined;
    }
    if (!origin) throw new ConfigError(`FRAME_ORIGINS must be a comma list of http(s) origins (https://docs.example.com), got "${v.slice(0, 100)}"`);
    return origin;
  });
}

/** A 1/0 switch; unset or empty is off, anything else stops the start. */
function parseSwitch(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === '0') return false;
  if (raw === '1') return true;
  throw new ConfigError(`${name} must be 1 or 0 (on or off), got "${raw.slice(0, 50)}"`);
}

/** `https://cdn.example.com/files/`, `/api` or `/` → without the trailing slash; anything else stops the start. */
function parseUploadBase(raw: string, name = 'UPLOAD_BASE_URL'): string {
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
    throw new ConfigError(`${name} must be an http(s) URL or a path starting with "/" (no query), got "${raw.slice(0, 100)}"`);
  }
  return v.replace(/\/+$/, '');
}

/** DB_STATEMENT_TIMEOUT_MS: whole milliseconds, 0 (off) or from 10 up to an hour; unset = the default. */
function statementTimeoutFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_STATEMENT_TIMEOUT_MS;
  const n = Number(raw);
  if (!Number.isInteger(n) || (n !== 0 && n < 10) || n > 3_600_000) {
    throw new ConfigError(`DB_STATEMENT_TIMEOUT_MS must be 0 (no limit) or a whole number of milliseconds from 10 to 3600000, got "${raw.slice(0, 50)}"`);
  }
  return n;
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

/** METRICS_TOKEN / METRICS_ALLOW: undefined when neither is set (GET /metrics answers 404 to everyone). */
function metricsFromEnv(env: NodeJS.ProcessEnv): MetricsAccess | undefined {
  const token = env.METRICS_TOKEN?.trim() || undefined;
  if (token && token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters (a random secret)');
  let allow;
  try {
    allow = env.METRICS_ALLOW?.trim() ? parseAddressList('METRICS_ALLOW', env.METRICS_ALLOW) : undefined;
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  if (!token && !allow) return undefined;
  return { ...(token ? { token } : {}), ...(allow ? { allow } : {}) };
}

/** STORAGE=local|s3 and the S3_* settings: every missing or malformed one stops the start, named. */
function storageFromEnv(env: NodeJS.ProcessEnv): Config['storage'] {
  const driver = (env.STORAGE ?? '').trim() || 'local';
  if (driver === 'local') return undefined;
  if (driver !== 's3') throw new ConfigError(`STORAGE must be local or s3, got "${driver.slice(0, 50)}"`);
  const need = (name: 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY') => {
    const v = env[name]?.trim();
    if (!v) throw new ConfigError(`${name} is required with STORAGE=s3`);
    return v;
  };
  const bucket = need('S3_BUCKET');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError(`S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots, hyphens), got "${bucket.slice(0, 70)}"`);
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint) {
    let ok = false;
    try {
      const u = new URL(endpoint);
      ok = (u.protocol === 'http:' || u.protocol === 'https:') && !u.search && !u.username;
    } catch {
      ok = false;
    }
    if (!ok) throw new ConfigError(`S3_ENDPOINT must be an http(s) URL, got "${endpoint.slice(0, 100)}"`);
  }
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/.test(region)) throw new ConfigError(`S3_REGION must be a region name such as us-east-1, got "${region.slice(0, 50)}"`);
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? '').trim();
  if (!['', '0', '1', 'true', 'false'].includes(pathStyle)) throw new ConfigError(`S3_FORCE_PATH_STYLE must be 1 or 0, got "${pathStyle.slice(0, 20)}"`);
  const publicBaseUrl = env.S3_PUBLIC_BASE_URL?.trim() ? parseUploadBase(env.S3_PUBLIC_BASE_URL, 'S3_PUBLIC_BASE_URL') : undefined;
  return {
    driver: 's3',
    ...(endpoint ? { endpoint } : {}),
    region,
    bucket,
    accessKeyId: need('S3_ACCESS_KEY_ID'),
    secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
    // MinIO and most self-hosted services serve path-style only: the default when an endpoint is given.
    forcePathStyle: pathStyle === '' ? !!endpoint : pathStyle === '1' || pathStyle === 'true',
    ...(publicBaseUrl !== undefined ? { publicBaseUrl } : {}),
  };
}
