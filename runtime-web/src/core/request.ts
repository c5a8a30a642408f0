/**
 * The request layer (docs/reference/product-spec.md §4, §7, §8; docs/reference/frontend-reference.md §3): envelope handling, the `language` and
 * `Authorization` headers, client-side token expiry with one refresh and a queue of waiting calls,
 * HTTP error routing and the progress bar.
 */
import type { CoreMessageKey } from './locales';

export interface RequestOptions {
  /** Path under the base (`/admin/base/sys/user/page`), or an absolute `http…` URL used as is. */
  url: string;
  method?: string;
  /** Query string values (GET). */
  params?: Record<string, unknown>;
  /** Body (POST): JSON, or FormData passed through untouched. */
  data?: unknown;
  /** Extra headers; `Authorization: null` sends no token (third-party upload targets). */
  headers?: Record<string, string | null | undefined>;
  timeout?: number;
  /** false hides the progress bar for this call. */
  progress?: boolean;
  /** How to read a non-JSON answer; JSON bodies are always parsed. */
  responseType?: 'json' | 'text' | 'blob';
  /**
   * false: a 403/500/502 only rejects, it does not show the error page (a 401 still signs out). For a lookup
   * a screen can do without — the names behind a reference the user may not list.
   */
  errorPage?: boolean;
}

export type Request = <T = unknown>(options: RequestOptions) => Promise<T>;

export interface TokenPair {
  token: string;
  refreshToken: string;
  /** Seconds. */
  expire: number;
  refreshExpire: number;
}

/** Where the request layer reads and writes the signed-in session (the user store implements it). */
export interface Session {
  /** The held access token, also when past its expiry; undefined when signed out. */
  token(): string | undefined;
  refreshToken(): string | undefined;
  /** Access token within 2 s of its expiry, or past it. */
  tokenExpired(): boolean;
  refreshExpired(): boolean;
  save(tokens: TokenPair): void;
}

export interface CreateRequestOptions {
  session: Session;
  /** Current locale, sent as the `language` header. */
  locale: () => string;
  /** Translates a core message (the caller's i18n). */
  translate: (key: CoreMessageKey, params?: Record<string, unknown>) => string;
  /** Both tokens are gone or the refresh failed: clear the local session and go to the login page. */
  onLogout: (message: string) => void;
  /** HTTP 401/403/500/502 (401 should log out, the others show the error pages). */
  onHttpError?: (status: number) => void;
  progress?: { start(): void; done(): void };
  /** `/api` by default. */
  baseUrl?: string;
  /** 30 000 ms by default. */
  timeout?: number;
  fetch?: typeof fetch;
}

/** A rejected call: envelope code (or HTTP status) and a message fit for a toast. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

export const DEFAULT_TIMEOUT = 30_000;
export const TOKEN_MARGIN_MS = 2_000;
const REFRESH_URL = '/admin/base/open/refreshToken';
const ROUTED_STATUSES = new Set([401, 403, 500, 502]);

/** Calls that never show the progress bar (docs/reference/product-spec.md §7 "Progress indicator"). */
const QUIET_URLS = [
  /\/base\/open\/eps/,
  /\/base\/comm\/person/,
  /\/base\/comm\/permmenu/,
  /\/base\/comm\/upload/,
  /\/base\/comm\/uploadMode/,
  /\/dict\/info\/data/,
  /\/space\/info\/add/,
];

export function showsProgress(url: string): boolean {
  return !QUIET_URLS.some((re) => re.test(url));
}

/** GET parameters as a query string: arrays repeat the key, objects go as JSON, null/undefined are left out. */
export function queryString(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    const values = Array.isArray(v) ? v : [v];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      q.append(k, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

const isFormData = (v: unknown): v is FormData => typeof FormData !== 'undefined' && v instanceof FormData;
const isBodyInit = (v: unknown): boolean =>
  isFormData(v) ||
  (typeof Blob !== 'undefined' && v instanceof Blob) ||
  (typeof URLSearchParams !== 'undefined' && v instanceof URLSearchParams) ||
  v instanceof ArrayBuffer;

export function createRequest(options: CreateRequestOptions): Request {
  const { session, translate } = options;
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/$/, '');
  const defaultTimeout = options.timeout ?? DEFAULT_TIMEOUT;
  // Bound lazily: in the browser `fetch` must be called with `window` as `this`.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let refreshing: Promise<string> | null = null;

  const urlOf = (url: string, params?: Record<string, unknown>): string =>
    (/^https?:\/\//.test(url) ? url : baseUrl + (url.startsWith('/') ? url : `/${url}`)) + queryString(params);

  /** One HTTP exchange with timeout; resolves with the parsed body or rejects with a RequestError. */
  async function send(opts: RequestOptions, token: string | undefined, route = true): Promise<unknown> {
    const method = (opts.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { language: options.locale() };
    const explicitAuth = opts.headers && 'Authorization' in opts.headers;
    if (token && !explicitAuth) headers.Authorization = token;
    let body: BodyInit | undefined;
    if (method !== 'GET' && method !== 'HEAD' && opts.data !== undefined) {
      if (isBodyInit(opts.data)) body = opts.data as BodyInit;
      else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(opts.data);
      }
    }
    for (const [k, v] of Object.entries(opts.headers ?? {})) if (v !== null && v !== undefined) headers[k] = v;

    const timeout = opts.timeout ?? defaultTimeout;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    let res: Response;
    let parsed: unknown;
    try {
      res = await doFetch(urlOf(opts.url, opts.params), { method, headers, body, signal: controller.signal });
      parsed = await readBody(res, opts.responseType);
    } catch (err) {
      if (timedOut) throw new RequestError(translate('requestTimeout', { ms: timeout }), 0);
      throw new RequestError(err instanceof Error && err.message ? err.message : translate('networkError'), 0);
    } finally {
      clearTimeout(timer);
    }
    if (!res.ok) {
      if (route && ROUTED_STATUSES.has(res.status) && (opts.errorPage !== false || res.status === 401)) options.onHttpError?.(res.status);
      const b = parsed as { code?: unknown; message?: unknown } | undefined;
      const message =
        b && typeof b === 'object' && typeof b.message === 'string' && b.message
          ? b.message
          : translate('requestFailed', { status: res.status });
      throw new RequestError(message, typeof b?.code === 'number' ? b.code : res.status, res.status);
    }
    return unwrap(parsed);
  }

  /** Starts the one refresh (or joins the running one); resolves with the new access token. */
  function refresh(): Promise<string> {
    refreshing ??= (async () => {
      try {
        const tokens = (await send(
          { url: REFRESH_URL, method: 'GET', params: { refreshToken: session.refreshToken() } },
          undefined,
          // A refused refresh logs out once below, not through the 401 route as well.
          false,
        )) as Partial<TokenPair> | undefined;
        if (!tokens || typeof tokens.token !== 'string' || typeof tokens.refreshToken !== 'string') {
          throw new RequestError(translate('sessionExpired'), 401);
        }
        session.save(tokens as TokenPair);
        return tokens.token;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  function expired(): never {
    const message = translate('sessionExpired');
    options.onLogout(message);
    throw new RequestError(message, 401);
  }

  /** The token to send: refreshed first when it is about to expire. */
  async function tokenFor(url: string): Promise<string | undefined> {
    const token = session.token();
    if (!token) return undefined;
    // Open calls need no token; EPS and the refresh itself must never wait for a refresh.
    if (/\/open\/|eps$|refreshToken$/.test(url.split('?')[0] ?? url)) return session.tokenExpired() ? undefined : token;
    if (!session.tokenExpired()) return token;
    if (refreshing) {
      try {
        return await refreshing;
      } catch {
        throw new RequestError(translate('sessionExpired'), 401);
      }
    }
    if (!session.refreshToken() || session.refreshExpired()) expired();
    try {
      return await refresh();
    } catch {
      expired();
    }
  }

  return async function request<T>(opts: RequestOptions): Promise<T> {
    const progress = options.progress && opts.progress !== false && showsProgress(opts.url);
    if (progress) options.progress!.start();
    try {
      const token = await tokenFor(opts.url);
      return (await send(opts, token)) as T;
    } finally {
      if (progress) options.progress!.done();
    }
  };
}

async function readBody(res: Response, responseType: RequestOptions['responseType']): Promise<unknown> {
  if (res.status === 204) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const text = await res.text();
    if (!text) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  if (responseType === 'blob') return res.blob();
  const text = await res.text();
  return text === '' ? undefined : text;
}

/** Envelope: code 1000 → data; no code → the body as is; any other code → rejected with code and message. */
export function unwrap(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !('code' in body)) return body;
  const b = body as { code: unknown; data?: unknown; message?: unknown };
  if (!b.code) return body;
  if (b.code === 1000) return b.data;
  throw new RequestError(typeof b.message === 'string' ? b.message : String(b.code), Number(b.code));
}
