/** The files picked in the file space, in the order clicked: at most `limit`, one replacing the other when `limit` is 1. */
import { useState } from 'react';
import { Toast } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../crud/types';

export function useSpacePick(limit: number, onSelect?: (urls: string[]) => void) {
  const { t } = useTranslation('modules');
  const [picked, setPicked] = useState<Row[]>([]);
  const toggle = (row: Row) => {
    const i = picked.findIndex((p) => p.id === row.id);
    let next: Row[];
    if (i >= 0) next = picked.filter((p) => p.id !== row.id);
    else if (limit === 1) next = [row];
    else if (picked.length >= limit) return void Toast.warning(t('space.limit', { limit }));
    else next = [...picked, row];
    setPicked(next);
    onSelect?.(next.map((r) => String(r.url)));
  };
  return { picked, setPicked, toggle };
}
