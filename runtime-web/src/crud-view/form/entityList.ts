import { useEffect, useState } from 'react';
import type { Row } from '../../crud/types';

type Requester = { request<T>(o: { url: string; method: string; data: unknown; progress: boolean; errorPage: boolean }): Promise<T> };

/** How long a list answer serves the other pickers of the same form (they mount together and again on re-render). */
const FRESH_MS = 2000;
const cache = new WeakMap<Requester, Map<string, { at: number; rows: Promise<Row[]> }>>();

/**
 * The rows of `/admin/<ref>/list` for a picker: one request shared by every picker of that entity mounted within
 * a moment (a form asked for the same list four to six times), a fresh one after that, so a row just added shows.
 */
export function entityList(stores: Requester, ref: string, now = Date.now()): Promise<Row[]> {
  let byRef = cache.get(stores);
  if (!byRef) cache.set(stores, (byRef = new Map()));
  const hit = byRef.get(ref);
  if (hit && now - hit.at < FRESH_MS) return hit.rows;
  const rows = stores.request<Row[]>({ url: `/admin/${ref}/list`, method: 'POST', data: {}, progress: false, errorPage: false }).then((r) => r ?? []);
  byRef.set(ref, { at: now, rows });
  // A failure is not remembered: the next picker asks again.
  rows.catch(() => byRef!.delete(ref));
  return rows;
}

/** `entityList` as component state: undefined while loading, [] when it failed. */
export function useEntityList(stores: Requester, ref: string | undefined): Row[] | undefined {
  const [rows, setRows] = useState<Row[] | undefined>();
  useEffect(() => {
    if (!ref) return;
    let alive = true;
    entityList(stores, ref).then(
      (r) => alive && setRows(r),
      () => alive && setRows([]),
    );
    return () => {
      alive = false;
    };
  }, [ref, stores]);
  return rows;
}
