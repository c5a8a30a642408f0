/**
 * A reference picked from another entity, at any size of it: the whole list filtered in place while the entity
 * gives one, a search on the server as the user types when it does not (more than 10 000 rows). The picked
 * record keeps its label either way.
 */
import { useEffect, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { Select } from '@douyinfe/semi-ui';
import { useStores } from '../core/stores/context';
import { loadEntitySchema } from '../crud/controller';
import type { Row } from '../crud/types';
import { labelKeyOf, labelOf, refChoices, refLabel, searchHow, searchRefs } from './refLookup';
import type { RefChoices } from './refLookup';

/** Quiet time after a key before the server is asked. */
const SEARCH_DELAY_MS = 250;

/** The choices of `ref`'s pickers as component state: undefined while loading. */
export function useRefChoices(ref: string | undefined): RefChoices | undefined {
  const stores = useStores();
  const [choices, setChoices] = useState<RefChoices>();
  useEffect(() => {
    if (!ref) return;
    let alive = true;
    setChoices(undefined);
    refChoices(stores, ref).then(
      (c) => alive && setChoices(c),
      () => alive && setChoices({ rows: [], complete: true }),
    );
    return () => {
      alive = false;
    };
  }, [ref, stores]);
  return choices;
}

export interface RefSelectProps {
  refId: string;
  /** Choices the caller loads (a form widget deciding between a tree and a list); null while it loads them. */
  choices?: RefChoices | null;
  value: unknown;
  onChange(value: unknown): void;
  id?: string;
  style?: CSSProperties;
  placeholder?: string;
  disabled?: boolean;
  validateStatus?: 'error' | 'default';
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'data-filter'?: string;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

export function RefSelect({ refId, choices: given, value, onChange, ...rest }: RefSelectProps) {
  const stores = useStores();
  const loaded = useRefChoices(given === undefined ? refId : undefined);
  const choices = given ?? loaded;
  const [found, setFound] = useState<Row[]>();
  const [searching, setSearching] = useState(false);
  const [picked, setPicked] = useState<{ id: unknown; label: string }>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const asked = useRef(0);

  useEffect(() => {
    setFound(undefined);
    return () => clearTimeout(timer.current);
  }, [refId]);

  const remote = !!choices && !choices.complete;
  const rows = remote ? (found ?? choices.rows) : (choices?.rows ?? []);
  const listed = rows.some((r) => String(r.id) === String(value));

  // A searched entity's first page rarely holds the picked record: its label is looked up by id.
  useEffect(() => {
    if (!remote || blank(value) || listed || String(picked?.id) === String(value)) return;
    let alive = true;
    void refLabel(stores, refId, value).then((label) => alive && setPicked({ id: value, label: label ?? `#${String(value)}` }));
    return () => {
      alive = false;
    };
  }, [remote, value, listed, picked, refId, stores]);

  const search = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const n = ++asked.current;
      setSearching(true);
      const labelKey = labelKeyOf(choices?.rows[0]);
      loadEntitySchema(stores.request, `/admin/${refId}`)
        .then((s) => searchHow(s.search, labelKey), () => searchHow(undefined, labelKey))
        .then((how) => searchRefs(stores, refId, text, how))
        .then(
          (list) => n === asked.current && setFound(list),
          () => n === asked.current && setFound([]),
        )
        .finally(() => n === asked.current && setSearching(false));
    }, SEARCH_DELAY_MS);
  };

  const options = rows.map((r) => ({ label: labelOf(r), value: r.id as number }));
  if (remote && !blank(value) && !listed && picked && String(picked.id) === String(value)) options.unshift({ label: picked.label, value: value as number });
  return (
    <Select
      {...rest}
      filter
      showClear
      remote={remote}
      onSearch={remote ? search : undefined}
      loading={!choices || searching}
      value={blank(value) ? undefined : (value as number)}
      optionList={options}
      onChange={(v) => {
        const row = rows.find((r) => r.id === v);
        if (row) setPicked({ id: v, label: labelOf(row) });
        onChange(v === undefined || v === null || v === '' ? undefined : v);
      }}
    />
  );
}
