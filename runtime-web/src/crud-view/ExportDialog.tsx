/**
 * Export dialog of the generic screen: format, labelled or raw values, columns (the visible ones
 * preselected), then the server job's progress with cancel, and its file offered by a download button.
 */
import { useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Checkbox, CheckboxGroup, Modal, Progress, Radio, RadioGroup, Typography } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { ExportRun, JOB_STATUS } from '../crud/dataJob';
import { labelIn } from '../crud/model';
import type { ColumnModel } from '../crud/model';
import { exportableColumns } from '../crud/exportColumns';
import type { CrudStore } from '../crud/store';
import '../crud/dataLocales';

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const ExportDialog = observer(function ExportDialog({
  store,
  columns,
  onClose,
}: {
  store: CrudStore;
  /** The screen's columns after the user's settings (hidden ones unchecked). */
  columns: readonly (ColumnModel & { hidden?: boolean })[];
  onClose: () => void;
}) {
  const { t } = useTranslation('data');
  const stores = useStores();
  const locale = stores.app.locale;
  const choices = useMemo(() => exportableColumns(columns), [columns]);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('xlsx');
  const [raw, setRaw] = useState(false);
  const [chosen, setChosen] = useState<string[]>(() => choices.filter((c) => !c.hidden).map((c) => c.key));
  const [missing, setMissing] = useState(false);
  const [run] = useState(() => new ExportRun(stores.request));
  useEffect(() => () => run.dispose(), [run]);
  const job = run.job;
  const status = job?.status;

  const start = () => {
    if (!chosen.length) return setMissing(true);
    setMissing(false);
    // In the table's order, whatever order the boxes were ticked in.
    const columnsInOrder = choices.map((c) => c.key).filter((k) => chosen.includes(k));
    void run.start({ prefix: store.model.entity.prefix, format, columns: columnsInOrder, raw, filters: store.listBody() });
  };
  const download = async () => {
    try {
      const { blob, name } = await run.file();
      saveBlob(blob, name);
    } catch (e) {
      run.error = (e as Error).message;
    }
  };

  const footer = (
    <>
      {run.running ? (
        <Button type="danger" onClick={() => void run.cancel()} data-testid="export-cancel">
          {t('cancelJob')}
        </Button>
      ) : null}
      {status === JOB_STATUS.done ? (
        <Button theme="solid" type="primary" onClick={() => void download()} data-testid="export-download">
          {t('download')}
        </Button>
      ) : null}
      {!job || status === JOB_STATUS.failed || status === JOB_STATUS.cancelled ? (
        <Button theme="solid" type="primary" loading={run.starting} onClick={start} data-testid="export-start">
          {t('start')}
        </Button>
      ) : null}
      <Button onClick={onClose} data-testid="export-close">
        {t('close')}
      </Button>
    </>
  );

  return (
    <Modal visible title={t('exportTitle')} onCancel={onClose} footer={footer} width={560} className="crud-export">
      <div data-testid="export-body">
      <div className="crud-export__row">
        <Typography.Text strong>{t('format')}</Typography.Text>
        <RadioGroup value={format} onChange={(e) => setFormat(e.target.value as 'csv' | 'xlsx')} disabled={run.running} aria-label={t('format')}>
          <Radio value="xlsx">{t('xlsx')}</Radio>
          <Radio value="csv">{t('csv')}</Radio>
        </RadioGroup>
      </div>
      <div className="crud-export__row">
        <Typography.Text strong>{t('values')}</Typography.Text>
        <RadioGroup value={raw ? 'raw' : 'labels'} onChange={(e) => setRaw(e.target.value === 'raw')} disabled={run.running} aria-label={t('values')}>
          <Radio value="labels">{t('labels')}</Radio>
          <Radio value="raw">{t('raw')}</Radio>
        </RadioGroup>
      </div>
      <div className="crud-export__row crud-export__row--top">
        <Typography.Text strong>{t('columns')}</Typography.Text>
        <div>
          <Checkbox
            checked={chosen.length === choices.length}
            indeterminate={chosen.length > 0 && chosen.length < choices.length}
            onChange={(e) => setChosen(e.target.checked ? choices.map((c) => c.key) : [])}
            disabled={run.running}
          >
            {t('selectAll')}
          </Checkbox>
          <CheckboxGroup value={chosen} onChange={(v) => setChosen(v as string[])} direction="horizontal" disabled={run.running} className="crud-export__columns" data-testid="export-columns">
            {choices.map((c) => (
              <Checkbox key={c.key} value={c.key} data-column={c.key}>
                {labelIn(c.label, locale, c.key)}
              </Checkbox>
            ))}
          </CheckboxGroup>
        </div>
      </div>
      {missing ? (
        <Typography.Text type="danger" role="alert">
          {t('noColumns')}
        </Typography.Text>
      ) : null}
      <Typography.Text type="tertiary" size="small">
        {t('scope')}
      </Typography.Text>
      {job ? (
        <div className="crud-export__progress" data-testid="export-progress" data-status={status}>
          <Progress percent={run.percent} showInfo aria-label={t('exportTitle')} stroke={status === JOB_STATUS.failed ? 'var(--semi-color-danger)' : undefined} />
          <Typography.Text type={status === JOB_STATUS.failed ? 'danger' : 'secondary'} role={status === JOB_STATUS.failed ? 'alert' : undefined}>
            {status === JOB_STATUS.done
              ? t('done', { total: job.processed })
              : status === JOB_STATUS.failed
                ? t('failed', { reason: job.error ?? '' })
                : status === JOB_STATUS.cancelled
                  ? t('cancelled')
                  : t('progress', { processed: job.processed, total: job.total })}
          </Typography.Text>
        </div>
      ) : null}
      {run.error ? (
        <Typography.Text type="danger" role="alert">
          {t('failed', { reason: run.error })}
        </Typography.Text>
      ) : null}
      </div>
    </Modal>
  );
});

export default ExportDialog;
