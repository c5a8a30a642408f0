/** The sidebar entity's rows (reloadable) and its schema, which says what the sidebar may offer. */
import { useEffect, useState } from 'react';
import { loadEntitySchema } from '../../crud/controller';
import type { EntitySchema, Row } from '../../crud/types';
import type { Stores } from '../../core/stores';

export function useSidebarData(stores: Stores, entity: string) {
  const { request } = stores;
  const [rows, setRows] = useState<Row[] | undefined>();
  const [schema, setSchema] = useState<EntitySchema | undefined>();
  const load = () => {
    setRows(undefined);
    request<Row[]>({
      url: `/admin/${entity}/list`,
      method: 'POST',
      data: {},
      progress: false,
      errorPage: false,
    }).then(
      (r) => setRows(r ?? []),
      () => setRows([]),
    );
  };
  useEffect(load, [entity, request]);
  useEffect(() => {
    let alive = true;
    loadEntitySchema(stores.request, `/admin/${entity}`).then(
      (s) => alive && setSchema(s),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [entity, stores]);
  return { rows, schema, load };
}
