/** The add / edit / view / append dialog (docs/reference/frontend-reference.md §5.6): loads `info`, dirty-checks on close, keeps open on error. */
import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Modal, Spin, Toast } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { toFormData, toRequestBody } from '../crud/formSchema';
import type { FormMode } from '../crud/formSchema';
import type { DialogState } from '../crud/screenState';
import { labelIn } from '../crud/model';
import { toCrudError } from '../crud/provider';
import type { CrudStore } from '../crud/store';
import type { Row } from '../crud/types';
import { EntityForm } from './form/EntityForm';
import { rememberOpener, restoreOpener } from '../a11y/returnFocus';
import type { Opener } from '../a11y/returnFocus';
import type { EntityFormHandle } from './form/EntityForm';

export type { DialogState } from '../crud/screenState';

export const FormDialog = observer(function FormDialog({ store, state, onClose }: { store: CrudStore; state: DialogState | undefined; onClose(): void }) {
  const { t } = useTranslation('crud');
  const { app } = useStores();
  const locale = app.locale;
  const items = store.model.form;
  const [data, setData] = useState<Row>({});
  // The record as `info` answered it: widgets read labels from it that the form's values do not carry (role names).
  const [record, setRecord] = useState<Row | undefined>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const initial = useRef('');
  const form = useRef<EntityFormHandle>(null);
  const mode = state?.mode;
  const opener = useRef<Opener>();
  if (state && !opener.current) opener.current = rememberOpener();

  useEffect(() => {
    if (!state) return;
    setServerErrors({});
    const start = (row: Row | undefined, m: FormMode) => {
      const values = { ...toFormData(items, row, m), ...(state.prefill ?? {}) };
      setRecord(row);
      setData(values);
      initial.current = comparable(values);
    };
    if ((state.mode === 'update' || state.mode === 'info') && state.row?.id !== undefined && store.model.ops.info) {
      setLoading(true);
      store.provider.info(state.row.id).then(
        (row) => start(row, state.mode),
        (err: Error) => {
          Toast.error(err.message);
          onClose();
        },
      ).finally(() => setLoading(false));
    } else start(state.row, state.mode);
  }, [state, items, store, onClose]);

  const close = () => {
    if (mode !== 'info' && comparable(data) !== initial.current) {
      Modal.confirm({ title: t('tip'), content: t('dirtyConfirm'), okText: t('confirm'), cancelText: t('cancel'), onOk: onClose });
      return;
    }
    onClose();
  };

  // What would be sent, with empty values alike (undefined, '', null, []): a widget normalising a value as
  // it mounts (a decimal's string, an empty list) is not a change the user made.
  function comparable(values: Row): string {
    const body = toRequestBody(items, values, 'add');
    for (const [k, v] of Object.entries(body)) if (v === null || (Array.isArray(v) && !v.length)) delete body[k];
    return JSON.stringify(body);
  }

  const submit = async (values: Row) => {
    if (!mode || mode === 'info') return;
    setSaving(true);
    setServerErrors({});
    try {
      const body = toRequestBody(items, { ...values, id: state?.row?.id }, mode === 'append' ? 'add' : mode);
      await store.save(mode === 'update' ? 'update' : 'add', body);
      Toast.success(t('saveSuccess'));
      onClose();
    } catch (err) {
      const e = toCrudError(err, items.map((i) => i.field));
      setServerErrors(e.fields);
      Toast.error(e.message);
    } finally {
      setSaving(false);
    }
  };

  const title = mode ? `${t(mode === 'update' ? 'edit' : mode === 'append' ? 'append' : mode)} · ${labelIn(store.model.title, locale)}` : '';
  return (
    <Modal
      visible={!!state}
      title={title}
      width={items.length > 6 ? 860 : 640}
      maskClosable={false}
      onCancel={close}
      closeOnEsc
      afterClose={() => {
        restoreOpener(opener.current);
        opener.current = undefined;
      }}
      bodyStyle={{ maxHeight: '68vh', overflow: 'auto' }}
      footer={
        mode === 'info' ? (
          <Button onClick={onClose}>{t('close')}</Button>
        ) : (
          <>
            <Button onClick={close} disabled={saving}>
              {t('cancel')}
            </Button>
            <Button theme="solid" type="primary" loading={saving} disabled={loading} onClick={() => form.current?.submit()} data-testid="crud-save">
              {t('save')}
            </Button>
          </>
        )
      }
    >
      <Spin spinning={loading}>
        {state && !loading ? (
          <EntityForm
            ref={form}
            items={items}
            required={store.model.entity.required}
            mode={state.mode}
            locale={locale}
            data={data}
            serverErrors={serverErrors}
            recordId={state.row?.id}
            record={record}
            layout={store.model.formLayout}
            onChange={setData}
            onSubmit={(v) => void submit(v)}
          />
        ) : (
          <div style={{ minHeight: 120 }} />
        )}
      </Spin>
    </Modal>
  );
});

export default FormDialog;
