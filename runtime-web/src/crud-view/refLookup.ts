/**
 * Referenced records at any table size: the labels of the ids a page shows, and the choices of a picker.
 *
 * Both used to load the referenced entity's whole `list`. That call refuses above 10 000 rows (1001), so a
 * screen of orders over 10 million goods showed "#9992082" in every goods cell and an empty goods picker.
 * Labels are now asked for the ids on screen only (`where id in`, batched); a picker keeps the whole list
 * while the list answers, and searches the server page by page when it cannot.
 */
import type { EpsSearch, Row } from '../crud/types';
import { entityList } from './form/entityList';
import type { Requester } from './form/entityList';

/** The fields a record is named by, in the order looked for (the server's screen schema picks `refLabel` so too). */
export const LABEL_FIELDS = ['name', 'title', 'label', 'nickName', 'username', 'keyName', 'serialNumber'];

export const labelKeyOf = (r: Row | undefined): string | undefined => (r ? LABEL_FIELDS.find((k) => typeof r[k] === 'string' && r[k]) : undefined);
export const labelOf = (r: Row): string => {
  const k = labelKeyOf(r);
  return k ? String(r[k]) : `#${String(r.id)}`;
};

/** Ids in one lookup: the filter language's `in` takes at most 200 values (WHERE_MAX_LIST). */
export const LOOKUP_BATCH = 200;
/** Labels change: one is kept a minute at most. */
const LABEL_TTL_MS = 60_000;

interface RefState {
  labels: Map<string, { at: number; label: Promise<string | undefined> }>;
  waiting: Map<string, { id: unknown; resolve(label: string | undefined): void }>;
  flushing: boolean;
  /** The entity's list refused `where`: labels come from its whole list (asked once a minute), as before. */
  wholeList?: { at: number; labels: Promise<Map<string, string>> };
}

const states = new WeakMap<Requester['request'], Map<string, RefState>>();

function stateOf(stores: Requester, ref: string): RefState {
  let byRef = states.get(stores.request);
  if (!byRef) states.set(stores.request, (byRef = new Map()));
  let s = byRef.get(ref);
  if (!s) byRef.set(ref, (s = { labels: new Map(), waiting: new Map(), flushing: false }));
  return s;
}

/**
 * The label of one referenced record. Keyed by the session's request function first: labels one user could read
 * never show to the next one signed in on the same page. Every id asked in the same task goes in one request.
 */
export function refLabel(stores: Requester, ref: string, id: unknown): Promise<string | undefined> {
  const s = stateOf(stores, ref);
  const key = String(id);
  const known = s.labels.get(key);
  if (known && Date.now() - known.at < LABEL_TTL_MS) return known.label;
  const label = new Promise<string | undefined>((resolve) => s.waiting.set(key, { id, resolve }));
  s.labels.set(key, { at: Date.now(), label });
  if (!s.flushing) {
    s.flushing = true;
    // The cells of a page mount in one render: their ids are all waiting by the next task.
    setTimeout(() => flush(stores, ref, s), 0);
  }
  return label;
}

function flush(stores: Requester, ref: string, s: RefState): void {
  s.flushing = false;
  const batch = [...s.waiting.entries()];
  s.waiting.clear();
  for (let i = 0; i < batch.length; i += LOOKUP_BATCH) {
    const part = batch.slice(i, i + LOOKUP_BATCH);
    const answer = (m: Map<string, string>) => part.forEach(([k, w]) => w.resolve(m.get(k)));
    if (s.wholeList && Date.now() - s.wholeList.at < LABEL_TTL_MS) {
      void s.wholeList.labels.then(answer);
      continue;
    }
    const where = { field: 'id', op: 'in', value: part.map(([, w]) => w.id) };
    stores
      .request<Row[]>({ url: `/admin/${ref}/list`, method: 'POST', data: { where }, progress: false, errorPage: false })
      .then((rows) => answer(labelMap(rows)))
      .catch(() => {
        // An entity whose own list takes no `where` (a hand-written list): its whole list, once a minute.
        if (!s.wholeList || Date.now() - s.wholeList.at >= LABEL_TTL_MS) {
          const labels = stores
            .request<Row[]>({ url: `/admin/${ref}/list`, method: 'POST', data: {}, progress: false, errorPage: false })
            .then(labelMap, () => new Map<string, string>());
          s.wholeList = { at: Date.now(), labels };
        }
        return s.wholeList.labels.then(answer);
      });
  }
}

function labelMap(rows: Row[] | undefined): Map<string, string> {
  return new Map((rows ?? []).map((r) => [String(r.id), labelOf(r)]));
}

/** Choices of a picker: the whole list when the entity has one it will give, else a server-side search. */
export interface RefChoices {
  rows: Row[];
  /** `rows` is everything: the picker filters them itself. */
  complete: boolean;
}

/** Rows a remote search shows at a time. */
export const SEARCH_SIZE = 50;

/**
 * The choices for the pickers of `ref`: its whole `list` (shared by the pickers mounted together, entityList.ts);
 * when the list refuses (more than 10 000 rows, or none offered), its first page, and `complete: false`.
 */
export function refChoices(stores: Requester, ref: string): Promise<RefChoices> {
  return entityList(stores, ref).then(
    (rows) => ({ rows, complete: true }),
    () => searchRefs(stores, ref, '').then((rows) => ({ rows, complete: false })),
  );
}

/** How a picker searches an entity: by its label's own filter, by keyword, or by `contains` on the label. */
export type SearchHow = { by: 'like'; field: string } | { by: 'keyWord' } | { by: 'contains'; field: string };

/**
 * The search that finds records by the text a picker shows (`labelKey`): the label's `fieldLike` filter or the
 * keyword search when it covers the label (both run on the database's search engine at scale), else `contains`.
 */
export function searchHow(search: EpsSearch | null | undefined, labelKey: string | undefined): SearchHow {
  const names = (l?: { propertyName: string }[]) => (l ?? []).map((x) => x.propertyName);
  if (labelKey && names(search?.fieldLike).includes(labelKey)) return { by: 'like', field: labelKey };
  if (!labelKey || names(search?.keyWordLikeFields).includes(labelKey)) return { by: 'keyWord' };
  return { by: 'contains', field: labelKey };
}

/** One page of `ref`'s records matching `text` (all of them, first page, for no text). */
export async function searchRefs(stores: Requester, ref: string, text: string, how: SearchHow = { by: 'keyWord' }): Promise<Row[]> {
  const needle = text.trim().slice(0, 100);
  const filter = !needle
    ? {}
    : how.by === 'like'
      ? { [how.field]: needle }
      : how.by === 'keyWord'
        ? { keyWord: needle }
        : { where: { field: how.field, op: 'contains', value: needle } };
  const page = await stores.request<{ list?: Row[] }>({
    url: `/admin/${ref}/page`,
    method: 'POST',
    data: { page: 1, size: SEARCH_SIZE, ...filter },
    progress: false,
    errorPage: false,
  });
  return page?.list ?? [];
}
