import { useEffect, useState } from 'react';
import type { Row } from '../../crud/types';

export type Requester = { request<T>(o: { url: string; method: string; data: unknown; progress: boolean; errorPage: boolean }): Promise<T> };

const inFlight = new WeakMap<Requester, Map<string, Promise<Row[]>>>();

/**
 * The rows of `/admin/<ref>/list` for a picker: one request shared by every picker of that entity mounted while
 * it runs (a form's pickers mount together: a form asked for the same list four to six times), a fresh one once
 * it has answered, so a row just added shows in the next dialog. Keeping answers for two seconds did not: a
 * department added in one dialog was missing from the picker of the next one opened right after (a browser test).
 */
export function entityList(stores: Requester, ref: string): Promise<Row[]> {
  let byRef = inFlight.get(stores);
  if (!byRef) inFlight.set(stores, (byRef = new Map()));
  const running = byRef.get(ref);
  if (running) return running;
  const rows = stores.request<Row[]>({ url: `/admin/${ref}/list`, method: 'POST', data: {}, progress: false, errorPage: false }).then((r) => r ?? []);
  byRef.set(ref, rows);
  const done = () => {
    if (byRef!.get(ref) === rows) byRef!.delete(ref);
  };
  rows.then(done, done);
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
