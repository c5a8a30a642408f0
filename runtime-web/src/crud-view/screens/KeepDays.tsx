/** The request log's "keep logs (days)" box: `getKeep` when shown, `setKeep {value}` when changed (docs/reference/frontend-reference.md §6). */
import { useEffect, useState } from 'react';
import { InputNumber, Toast } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../core/stores/context';
import type { CrudStore } from '../../crud/store';
import './locales';

export function KeepDays({ store }: { store: CrudStore }) {
  const { t } = useTranslation('screens');
  const { request } = useStores();
  const prefix = store.model.entity.prefix;
  const [value, setValue] = useState<number | undefined>();
  const [saved, setSaved] = useState<number | undefined>();
  useEffect(() => {
    let alive = true;
    request<string | number | null>({
      url: `${prefix}/getKeep`,
      method: 'GET',
      progress: false,
    }).then(
      (v) => {
        if (!alive) return;
        const n = v === null || v === undefined || v === '' ? undefined : Number(v);
        setValue(n);
        setSaved(n);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [prefix, request]);
  const save = async () => {
    if (value === undefined || value === saved) return;
    try {
      await request({
        url: `${prefix}/setKeep`,
        method: 'POST',
        data: { value },
      });
      setSaved(value);
      Toast.success(t('keepSaved'));
    } catch (e) {
      Toast.error((e as Error).message);
      setValue(saved);
    }
  };
  return (
    <label className="crud-keep-days">
      <span>{t('keepDays')}</span>
      <InputNumber
        aria-label={t('keepDays')}
        data-testid="log-keep-days"
        style={{ width: 96 }}
        min={1}
        max={3650}
        precision={0}
        value={value}
        onNumberChange={(v) => setValue(Number.isFinite(v) ? v : undefined)}
        onBlur={() => void save()}
        onEnterPress={() => void save()}
      />
    </label>
  );
}
