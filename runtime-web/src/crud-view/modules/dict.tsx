/**
 * Dictionaries: after any change of an item the app-wide dictionary cache reloads that item's type (so a
 * dict-bound select elsewhere shows it), after a change of a type every type; an item's value is text or a
 * file picked from the file space.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Input } from '@douyinfe/semi-ui';
import { IconFolderOpen } from '@douyinfe/semi-icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { Stores } from '../../core/stores';
import type { Row } from '../../crud/types';
import type { ScreenModule } from '../registry';
import './locales';

const SpacePicker = lazy(() => import('../space/SpacePicker'));

async function reloadTypes(stores: Stores, typeIds: unknown[]): Promise<void> {
  const types = await stores.request<Row[]>({ url: '/admin/dict/type/list', method: 'POST', data: {}, progress: false });
  const keys = (types ?? []).filter((t) => typeIds.some((id) => String(id) === String(t.id))).map((t) => String(t.key));
  await stores.dict.load(keys.length ? keys : undefined);
}


function DictValueWidget(p: WidgetProps) {
  const { t } = useTranslation('modules');
  const { t: tc } = useTranslation('crud');
  const [picking, setPicking] = useState(false);
  return (
    <div className="dict-value">
      <Input
        id={p.id}
        aria-label={p.label}
        value={(p.value as string | undefined) ?? ''}
        placeholder={tc('inputPlaceholder', { label: p.label })}
        disabled={p.disabled || p.readonly}
        showClear
        onChange={(v) => p.onChange(v === '' ? undefined : v)}
      />
      {!(p.disabled || p.readonly) && (
        <Button icon={<IconFolderOpen />} aria-label={t('dict.fromSpace')} title={t('dict.fromSpace')} onClick={() => setPicking(true)} />
      )}
      {picking && (
        <Suspense fallback={null}>
          <SpacePicker limit={1} onPick={(urls) => urls[0] && p.onChange(urls[0])} onClose={() => setPicking(false)} />
        </Suspense>
      )}
    </div>
  );
}

export const dictScreens: ScreenModule = {
  widgets: { 'dict-value': DictValueWidget },
  afterWrite: {
    'dict/info': ({ store, rows, stores }) => {
      const ids = [...new Set([...rows.map((r) => r.typeId), store.params.filters.typeId].filter((v) => v !== undefined && v !== null))];
      void reloadTypes(stores, ids).catch(() => undefined);
    },
    'dict/type': ({ stores }) => {
      void stores.dict.load().catch(() => undefined);
    },
  },
};
