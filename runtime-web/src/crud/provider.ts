/**
 * A typed data provider over one entity's HTTP API (cool-admin wire protocol): the standard CRUD calls,
 * custom actions and the record history, with errors that keep the envelope code, the message and the
 * fields the server named.
 */
import { RequestError } from '../core/request';
import type { Request } from '../core/request';
import type { EntitySchema, PageResult, Row } from './types';

export interface HistoryEntry {
  id: number;
  action: string;
  userId?: number | null;
  userName?: string | null;
  changes?: Record<string, { old?: unknown; new?: unknown } | unknown> | null;
  createTime?: string;
  [key: string]: unknown;
}

export interface DataProvider {
  prefix: string;
  page(params: Record<string, unknown>): Promise<PageResult>;
  list(params?: Record<string, unknown>): Promise<Row[]>;
  info(id: unknown): Promise<Row>;
  add(data: Row): Promise<{ id?: unknown } | unknown>;
  update(data: Row): Promise<unknown>;
  delete(ids: unknown[]): Promise<unknown>;
  /** A custom action by name: GET sends `data` as the query, POST as the body. */
  action<T = unknown>(name: string, data?: unknown): Promise<T>;
  history(id: unknown): Promise<HistoryEntry[]>;
}

/** A failed call: code and message of the envelope, plus `field → message` for the fields it names. */
export class CrudError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'CrudError';
  }
}

/**
 * The server's 1002 message lists up to three problems as `<label> (<field>): <what>` joined by '; '
 * (runtime-server core/validator.ts): each becomes an error on its field.
 */
export function fieldErrorsOf(message: string, fieldNames?: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of message.split(/;\s+/)) {
    const m = /\(([A-Za-z_][\w]*)\):\s*(.+)$/.exec(part);
    if (!m) continue;
    const [, field, what] = m;
    if (fieldNames && !fieldNames.includes(field!)) continue;
    out[field!] = part.trim();
    void what;
  }
  return out;
}

export function toCrudError(err: unknown, fieldNames?: readonly string[]): CrudError {
  if (err instanceof CrudError) return err;
  if (err instanceof RequestError) return new CrudError(err.message, err.code, err.code === 1002 ? fieldErrorsOf(err.message, fieldNames) : {});
  return new CrudError(err instanceof Error ? err.message : String(err), 0);
}

export function createDataProvider(request: Request, entity: Pick<EntitySchema, 'prefix' | 'actions' | 'fields'>): DataProvider {
  const names = entity.fields.map((f) => f.name);
  const call = async <T>(path: string, method: string, data?: unknown, progress?: boolean): Promise<T> => {
    try {
      return await request<T>({
        url: `${entity.prefix}${path}`,
        method,
        ...(method.toUpperCase() === 'GET' ? { params: (data ?? {}) as Record<string, unknown> } : { data: data ?? {} }),
        ...(progress === false ? { progress: false } : {}),
      });
    } catch (err) {
      throw toCrudError(err, names);
    }
  };
  const actionOf = (name: string) => entity.actions.find((a) => a.name === name);
  return {
    prefix: entity.prefix,
    async page(params) {
      const res = await call<PageResult | Row[]>('/page', 'POST', params);
      if (Array.isArray(res)) return { list: res, pagination: { page: 1, size: res.length, total: res.length } };
      return { list: res?.list ?? [], pagination: res?.pagination ?? { page: 1, size: 0, total: 0 } };
    },
    list: (params = {}) => call<Row[]>('/list', 'POST', params),
    info: (id) => call<Row>('/info', 'GET', { id }),
    add: (data) => call('/add', 'POST', data),
    update: (data) => call('/update', 'POST', data),
    delete: (ids) => call('/delete', 'POST', { ids }),
    action<T>(name: string, data?: unknown) {
      const a = actionOf(name);
      return call<T>(a?.path ?? `/${name}`, a?.method ?? 'POST', data);
    },
    history: (id) => call<HistoryEntry[]>('/history', 'GET', { id }),
  };
}
