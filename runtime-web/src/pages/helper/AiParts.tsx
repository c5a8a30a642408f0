/** Parts of the AI helper: the draft's editable field list and the live preview with the CRUD renderer. */
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Checkbox, Input, Select, Table } from '@douyinfe/semi-ui';
import { IconDelete, IconPlus } from '@douyinfe/semi-icons';
import { useStores } from '../../core/stores/context';
import { labelIn } from '../../crud/model';
import type { ScreenModel } from '../../crud/model';
import type { Row } from '../../crud/types';
import { EntityForm } from '../../crud-view/form/EntityForm';
import { KINDS } from './draftDoc';
import type { FieldRow, Kind } from './draftDoc';

export function FieldsTable({ id, rows, setRows }: { id: string; rows: FieldRow[]; setRows: Dispatch<SetStateAction<FieldRow[]>> }) {
  const { t } = useTranslation('aiHelper');
  const edit = (i: number, patch: Partial<FieldRow>) => setRows((list) => list.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const kindOptions = KINDS.map((k) => ({ value: k, label: (t('kinds', { returnObjects: true }) as Record<Kind, string>)[k] }));
  return (
    <Card title={`${t('fields')} · ${id}`} headerExtraContent={<Button icon={<IconPlus />} onClick={() => setRows((l) => [...l, { name: `field${l.length + 1}`, kind: 'string', label: { 'zh-cn': '新字段', 'zh-tw': '新欄位', en: 'New field' }, required: false, dict: '', search: false }])}>{t('addField')}</Button>}>
      <Table
        size="small"
        rowKey={(r?: FieldRow) => r?.name ?? ''}
        pagination={false}
        dataSource={rows}
        data-testid="ai-fields"
        scroll={{ x: 900 }}
        columns={[
          { title: t('name'), width: 130, render: (_: unknown, r: FieldRow, i: number) => <Input size="small" value={r.name} onChange={(v) => edit(i, { name: v })} aria-label={t('name')} /> },
          { title: t('kind'), width: 130, render: (_: unknown, r: FieldRow, i: number) => <Select size="small" value={r.kind} optionList={kindOptions} onChange={(v) => edit(i, { kind: v as Kind })} aria-label={t('kind')} style={{ width: 120 }} /> },
          ...(['zh-cn', 'zh-tw', 'en'] as const).map((l) => ({
            title: t(l === 'zh-cn' ? 'labelZhCn' : l === 'zh-tw' ? 'labelZhTw' : 'labelEn'),
            width: 120,
            render: (_: unknown, r: FieldRow, i: number) => <Input size="small" value={r.label[l]} onChange={(v) => edit(i, { label: { ...r.label, [l]: v } })} aria-label={`${l} ${r.name}`} />,
          })),
          { title: t('required'), width: 70, render: (_: unknown, r: FieldRow, i: number) => <Checkbox checked={r.required} onChange={(e) => edit(i, { required: e.target.checked === true })} aria-label={`${t('required')} ${r.name}`} /> },
          { title: t('dict'), width: 110, render: (_: unknown, r: FieldRow, i: number) => <Input size="small" value={r.dict} onChange={(v) => edit(i, { dict: v })} aria-label={`${t('dict')} ${r.name}`} /> },
          { title: t('search'), width: 70, render: (_: unknown, r: FieldRow, i: number) => <Checkbox checked={r.search} onChange={(e) => edit(i, { search: e.target.checked === true })} aria-label={`${t('search')} ${r.name}`} /> },
          {
            title: '',
            width: 50,
            render: (_: unknown, r: FieldRow, i: number) => (
              <Button size="small" theme="borderless" type="danger" icon={<IconDelete />} aria-label={`${t('removeField')} ${r.name}`} onClick={() => setRows((l) => l.filter((_x, j) => j !== i))} />
            ),
          },
        ]}
      />
    </Card>
  );
}

export function Preview({ model, sample, onSample }: { model: ScreenModel; sample: Row; onSample(row: Row): void }) {
  const { t } = useTranslation('aiHelper');
  const locale = useStores().app.locale;
  return (
    <div className="ai-code__preview">
      <Card title={t('previewTable')}>
        <Table
          size="small"
          pagination={false}
          dataSource={Object.keys(sample).length ? [{ ...sample, id: 1 }] : []}
          rowKey="id"
          data-testid="ai-preview-table"
          columns={model.columns.map((c) => ({ title: labelIn(c.label, locale, c.key), dataIndex: c.key, render: (v: unknown) => (v === undefined || v === null ? '' : String(v)) }))}
        />
      </Card>
      <Card title={t('previewForm')}>
        <div data-testid="ai-preview-form">
          <EntityForm items={model.form} required={model.entity.required} mode="add" locale={locale} data={sample} layout="grid" onChange={onSample} onSubmit={() => {}} />
        </div>
      </Card>
    </div>
  );
}
