import { makeAutoObservable } from 'mobx';
import type { Request } from '../request';

/** A row of `POST /admin/dict/info/data` (keyed by dictionary type). */
export interface DictRow {
  id: number;
  name: string;
  value?: unknown;
  parentId?: number | null;
  orderNum?: number;
  typeId?: number;
  [key: string]: unknown;
}

export interface DictOption {
  label: string;
  /** The row's value, or its id when the value is empty. */
  value: unknown;
  id: number;
  parentId: number | null;
  orderNum: number;
}

const empty = (v: unknown): boolean => v === undefined || v === null || v === '';

export function toOptions(rows: readonly DictRow[]): DictOption[] {
  return rows.map((r) => ({
    label: r.name,
    value: empty(r.value) ? r.id : r.value,
    id: r.id,
    parentId: r.parentId ?? null,
    orderNum: Number(r.orderNum) || 0,
  }));
}

/** Dictionaries for the whole app, loaded at start-up and after sign-in. */
export class DictStore {
  data: Record<string, DictOption[]> = {};
  loaded = false;
  private request: Request | undefined;

  constructor() {
    makeAutoObservable<DictStore, 'request'>(this, { request: false });
  }

  attach(request: Request): void {
    this.request = request;
  }

  /** Loads every type (or only `types`, merged into what is held). */
  async load(types?: string[]): Promise<Record<string, DictOption[]>> {
    if (!this.request) throw new Error('DictStore used before createStores attached the request layer');
    const res = await this.request<Record<string, DictRow[]>>({ url: '/admin/dict/info/data', method: 'POST', data: types ? { types } : {} });
    this.set(res ?? {}, !types);
    return this.data;
  }

  set(raw: Record<string, DictRow[]>, replace = true): void {
    const next: Record<string, DictOption[]> = replace ? {} : { ...this.data };
    for (const [type, rows] of Object.entries(raw)) if (Array.isArray(rows)) next[type] = toOptions(rows);
    this.data = next;
    this.loaded = true;
  }

  get(type: string): DictOption[] {
    return this.data[type] ?? [];
  }

  /** The label of a value in a dictionary (the value itself when not found). */
  labelOf(type: string, value: unknown): string {
    const hit = this.get(type).find((o) => o.value === value || String(o.value) === String(value));
    return hit ? hit.label : empty(value) ? '' : String(value);
  }

  clear(): void {
    this.data = {};
    this.loaded = false;
  }
}
