/**
 * Bulk edit of a generic screen: set one or more fields on the selected rows, or on every row matching the
 * current search after confirming their count; the server validates like update and audits each row.
 */
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Modal, Radio, RadioGroup, Select, Toast, Typography } from '@douyinfe/semi-ui';
import { IconClose, IconPlus } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { editable, labelIn } from '../crud/model';
import type { ColumnModel } from '../crud/model';
import type { CrudStore } from '../crud/store';
import type { WhereFieldChoice } from '../crud/where';
import { ValueInput } from './FilterBuilder';
import '../crud/dataLocales';

export const BulkEditDialog = observer(function BulkEditDialog({ store, onClose }: { store: CrudStore; onClose: () => void }) {
  const { t } = useTranslation('data');
  const stores = useStores();
  const locale = stores.app.locale;
  const selected = store.selectedKeys;
  const [target, setTarget] = useState<'selected' | 'filter'>(selected.length ? 'selected' : 'filter');
  const fields: WhereFieldChoice[] = store.model.entity.fields
    .filter((f) => editable(f) && !f.secret && f.type !== 'json')
    .map((f) => ({ key: f.name, field: f, ops: ['eq'], column: { key: f.name, label: f.label, field: f, kind: 'text', sortable: false, align: 'left' } as ColumnModel }));
  const [sets, setSets] = useState<{ field: string; value: unknown }[]>(() => (fields[0] ? [{ field: fields[0].key, value: undefined }] : []));
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const set = Object.fromEntries(sets.filter((s) => s.value !== undefined).map((s) => [s.field, s.value === '' ? null : s.value]));
    if (!Object.keys(set).length) return void Toast.warning(t('bulkNothing'));
    const send = async (body: Record<string, unknown>) => {
      setBusy(true);
      try {
        const res = await stores.request<{ updated: number }>({ url: '/admin/base/sys/dataJob/bulkUpdate', method: 'POST', data: { prefix: store.model.entity.prefix, set, ...body } });
        Toast.success(t('bulkDone', { n: res.updated }));
        onClose();
        await store.refresh();
      } catch (e) {
        Toast.error((e as Error).message);
      } finally {
        setBusy(false);
      }
    };
    if (target === 'selected') return send({ ids: selected });
    const expect = store.total;
    Modal.confirm({ title: t('bulkEdit'), content: t('bulkConfirm', { n: expect }), onOk: () => send({ filters: store.listBody(), expect }) });
  };

  return (
    <Modal
      visible
      title={t('bulkEdit')}
      onCancel={onClose}
      width={620}
      footer={
        <>
          <Button onClick={onClose}>{t('close')}</Button>
          <Button theme="solid" type="primary" loading={busy} onClick={() => void submit()} data-testid="bulk-apply">
            {t('bulkApply')}
          </Button>
        </>
      }
    >
      <div className="crud-export__row">
        <Typography.Text strong>{t('bulkTarget')}</Typography.Text>
        <RadioGroup value={target} onChange={(e) => setTarget(e.target.value as 'selected' | 'filter')} aria-label={t('bulkTarget')}>
          <Radio value="selected" disabled={!selected.length}>
            {t('bulkSelected', { n: selected.length })}
          </Radio>
          <Radio value="filter">{t('bulkFilter', { n: store.total })}</Radio>
        </RadioGroup>
      </div>
      <div className="crud-bulk__sets">
        {sets.map((s, i) => {
          const choice = fields.find((f) => f.key === s.field)!;
          const replace = (next: { field: string; value: unknown }) => setSets(sets.map((x, j) => (j === i ? next : x)));
          return (
            <div className="crud-bulk__set" key={i} data-bulk-set={i}>
              <Select
                filter
                aria-label={t('whereField')}
                value={s.field}
                optionList={fields.map((f) => ({ value: f.key, label: labelIn(f.field.label, locale, f.key) }))}
                onChange={(v) => replace({ field: String(v), value: undefined })}
                data-testid="bulk-field"
              />
              <ValueInput choice={choice} cond={{ field: s.field, op: 'eq', value: s.value }} onChange={(value) => replace({ field: s.field, value })} />
              <Button theme="borderless" type="danger" icon={<IconClose />} aria-label={t('whereRemove')} onClick={() => setSets(sets.filter((_, j) => j !== i))} />
            </div>
          );
        })}
        {fields.length ? (
          <Button icon={<IconPlus />} onClick={() => setSets([...sets, { field: fields[0]!.key, value: undefined }])} data-testid="bulk-add-field">
            {t('bulkAddField')}
          </Button>
        ) : null}
      </div>
    </Modal>
  );
});

export default BulkEditDialog;
