/** The sidebar's reorder mode: a draft order of the rows, saved through the entity's `order` action. */
import { useState } from 'react';
import { Toast } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import type { Stores } from '../../core/stores';
import type { Row } from '../../crud/types';
import { orderBody } from '../treeOrder';

export function useTreeOrder(request: Stores['request'], entity: string, saved: () => void) {
  const { t: ts } = useTranslation('screens');
  const [draft, setDraft] = useState<Row[] | undefined>();
  const [saving, setSaving] = useState(false);
  const saveOrder = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      await request({ url: `/admin/${entity}/order`, method: 'POST', data: orderBody(draft) });
      Toast.success(ts('orderSaved'));
      setDraft(undefined);
      saved();
    } catch (e) {
      Toast.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return { draft, setDraft, saving, saveOrder };
}
