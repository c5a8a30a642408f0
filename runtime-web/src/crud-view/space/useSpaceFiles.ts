/** The file space's type groups (from the schema) and one page of its files, reloaded when the filters change. */
import { useCallback, useEffect, useState } from 'react';
import { Toast } from '@douyinfe/semi-ui';
import type { Stores } from '../../core/stores';
import { loadEntitySchema } from '../../crud/controller';
import type { OptionMeta, Row } from '../../crud/types';

export const PREFIX = '/admin/space/info';
export const PAGE_SIZE = 40;

export function useSpaceFiles(stores: Stores, page: number, classifyId: number | undefined, type: string | undefined) {
  const { request } = stores;
  const [types, setTypes] = useState<OptionMeta[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    void loadEntitySchema(stores.request, PREFIX).then((e) => setTypes(e.fields.find((f) => f.name === 'type')?.options ?? []), () => setTypes([]));
  }, [stores]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await request<{ list: Row[]; pagination: { total: number } }>({
        url: `${PREFIX}/page`,
        method: 'POST',
        data: { page, size: PAGE_SIZE, order: 'createTime', sort: 'desc', ...(classifyId ? { classifyId } : {}), ...(type ? { type } : {}) },
        progress: false,
      });
      setRows(res.list ?? []);
      setTotal(Number(res.pagination?.total) || 0);
    } catch (e) {
      Toast.error((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [request, page, classifyId, type]);
  useEffect(() => void load(), [load]);
  return { types, rows, total, loading, load };
}
