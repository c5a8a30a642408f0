/**
 * Import into a generic screen: the template in the user's language, an upload previewed row by row with the
 * server's add rules (unknown columns named), all-or-nothing or skip-invalid, an optional key column that
 * updates instead of duplicating, the job's progress and its error report.
 */
import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Modal, Progress, Toast, Typography } from '@douyinfe/semi-ui';
import { IconUpload } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { ExportRun, JOB_STATUS } from '../crud/dataJob';
import type { DataJob } from '../crud/dataJob';
import { editable, labelIn } from '../crud/model';
import type { CrudStore } from '../crud/store';
import { saveBlob } from './ExportDialog';
import { ImportPreview } from './ImportPreview';
import type { Preview } from './ImportPreview';
import '../crud/dataLocales';

const J = '/admin/base/sys/dataJob';

export const ImportDialog = observer(function ImportDialog({ store, onClose }: { store: CrudStore; onClose: () => void }) {
  const { t } = useTranslation('data');
  const stores = useStores();
  const locale = stores.app.locale;
  const prefix = store.model.entity.prefix;
  const fileInput = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<Preview>();
  const [mode, setMode] = useState<'all' | 'skip'>('all');
  const [keyColumn, setKeyColumn] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [run] = useState(() => new ExportRun(stores.request));
  useEffect(() => () => run.dispose(), [run]);
  const job = run.job;
  const keyChoices = store.model.entity.fields.filter((f) => editable(f) && !f.secret && ['string', 'integer', 'bigint'].includes(f.type));

  const template = async (format: 'csv' | 'xlsx') => {
    try {
      const blob = await stores.request<Blob>({ url: `${J}/importTemplate`, method: 'GET', params: { prefix, format }, responseType: 'blob' });
      saveBlob(blob, `${labelIn(store.model.title, locale, 'data')}-template.${format}`);
    } catch (e) {
      Toast.error((e as Error).message);
    }
  };
  const upload = async (file: File) => {
    const data = new FormData();
    data.append('prefix', prefix);
    data.append('file', file);
    setBusy(true);
    try {
      setPreview(await stores.request<Preview>({ url: `${J}/importPreview`, method: 'POST', data, timeout: 300_000 }));
    } catch (e) {
      Toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const start = async () => {
    if (!preview) return;
    try {
      const started = await stores.request<DataJob>({ url: `${J}/importStart`, method: 'POST', data: { id: preview.id, mode, ...(keyColumn ? { keyColumn } : {}) } });
      run.follow(started);
    } catch (e) {
      Toast.error((e as Error).message);
    }
  };
  useEffect(() => {
    if (job && job.status === JOB_STATUS.done) void store.refresh();
  }, [job, store]);
  const report = async () => {
    try {
      const { blob, name } = await run.file();
      saveBlob(blob, name);
    } catch (e) {
      Toast.error((e as Error).message);
    }
  };
  const ended = job && job.status >= JOB_STATUS.done;

  return (
    <Modal
      visible
      title={t('importTitle')}
      onCancel={onClose}
      width={640}
      footer={
        <>
          {ended && job.error ? (
            <Button onClick={() => void report()} data-testid="import-report">
              {t('importReport')}
            </Button>
          ) : null}
          {run.running ? (
            <Button type="danger" onClick={() => void run.cancel().catch((e: Error) => Toast.error(e.message))} data-testid="import-cancel">
              {t('cancelImport')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t('close')}</Button>
          {preview && !job ? (
            <Button theme="solid" type="primary" disabled={!preview.valid} onClick={() => void start()} data-testid="import-start">
              {t('importStart')}
            </Button>
          ) : null}
        </>
      }
    >
      <div data-testid="import-body">
        <div className="crud-export__row">
          <Typography.Text strong>{t('importTemplate')}</Typography.Text>
          <span className="crud-import__buttons">
            <Button size="small" onClick={() => void template('xlsx')} data-testid="import-template">
              {t('xlsx')}
            </Button>
            <Button size="small" onClick={() => void template('csv')}>
              {t('csv')}
            </Button>
          </span>
        </div>
        <div className="crud-export__row">
          <Typography.Text strong>{t('importFile')}</Typography.Text>
          <span>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,.xlsx"
              hidden
              data-testid="import-file"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) void upload(f);
                e.target.value = '';
              }}
            />
            <Button icon={<IconUpload />} loading={busy} disabled={!!job} onClick={() => fileInput.current?.click()}>
              {t('importChoose')}
            </Button>
          </span>
        </div>
        {preview ? (
          <ImportPreview
            preview={preview}
            mode={mode}
            onMode={setMode}
            keyColumn={keyColumn}
            onKeyColumn={setKeyColumn}
            keyChoices={keyChoices}
            locked={!!job}
            locale={locale}
          />
        ) : null}
        {job ? (
          <div className="crud-export__progress" data-testid="import-progress" data-status={job.status}>
            <Progress percent={job.status === JOB_STATUS.done ? 100 : job.total ? Math.floor((job.processed / job.total) * 100) : 0} showInfo aria-label={t('importTitle')} />
            <Typography.Text type={job.status === JOB_STATUS.failed ? 'danger' : 'secondary'} role={job.status === JOB_STATUS.failed ? 'alert' : undefined}>
              {job.status === JOB_STATUS.done
                ? t('importDone', { n: job.processed }) + (job.error ? ` ${job.error}` : '')
                : job.status === JOB_STATUS.cancelled
                  ? t(mode === 'all' ? 'importCancelled' : 'importCancelledKept')
                  : job.status === JOB_STATUS.failed
                  ? t('importFailed', { reason: job.error ?? '' })
                  : t('importProgress', { processed: job.processed, total: job.total })}
            </Typography.Text>
          </div>
        ) : null}
      </div>
    </Modal>
  );
});

export default ImportDialog;
