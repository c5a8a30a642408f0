/**
 * A custom action with a body schema (`move`, `setKeep`, `loss`…): ids come from the row or the selection,
 * every other property is asked for in a small form built from the same schema the server validates with.
 */
import { useMemo, useRef, useState } from 'react';
import Form from '@rjsf/core';
import type { UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { Button, Modal } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { actionContext } from '../crud/actionContext';
import { labelIn } from '../crud/model';
import type { ActionModel } from '../crud/model';
import type { CrudStore } from '../crud/store';
import type { FieldMeta, JsonSchema, Row } from '../crud/types';
import { useRegistry } from './useRegistry';
import { widgetName } from './form/widgetName';

const validator = customizeValidator({ ajvOptionsOverrides: { strict: false, allErrors: true } });

export function ActionDialog({ store, action, rows, locale, onDone, onClose }: { store: CrudStore; action: ActionModel; rows: Row[]; locale: string; onDone(): void; onClose(): void }) {
  const { t } = useTranslation('crud');
  const registry = useRegistry();
  const body = store.model.entity.actions.find((a) => a.name === action.name)?.body;
  const { values: filled, asked } = useMemo(() => actionContext(body, rows), [body, rows]);
  const [data, setData] = useState<Row>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const form = useRef<Form>(null);
  const fields = new Map(store.model.entity.fields.map((f) => [f.name, f]));
  const props = (body?.properties ?? {}) as Record<string, JsonSchema>;
  const schema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(asked.map((k) => [k, props[k]])),
    required: ((body?.required ?? []) as string[]).filter((k) => asked.includes(k)),
  };
  const ui: UiSchema = { 'ui:spans': Object.fromEntries(asked.map((k) => [k, 24])) };
  for (const k of asked) {
    const meta: FieldMeta = fields.get(k) ?? { name: k, type: props[k]?.type === 'integer' ? 'integer' : props[k]?.type === 'boolean' ? 'boolean' : 'string', label: { en: k }, schema: props[k] ?? {} };
    const name = props[k]?.type === 'array' ? 'json' : widgetName(meta);
    ui[k] = { 'ui:widget': name, 'ui:title': labelIn(meta.label, locale, k), 'ui:options': { meta: { ...meta, schema: props[k] ?? meta.schema } } };
  }
  const submit = async (values: Row) => {
    setSaving(true);
    setError(undefined);
    try {
      await store.provider.action(action.name, { ...values, ...filled });
      onDone();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      visible
      title={labelIn(action.label, locale, action.name)}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button theme="solid" type="primary" loading={saving} onClick={() => form.current?.submit()} data-testid="crud-action-submit">
            {t('confirm')}
          </Button>
        </>
      }
    >
      {typeof body?.description === 'string' ? <p className="crud-muted">{body.description}</p> : null}
      <Form
        ref={form}
        schema={schema as never}
        uiSchema={ui}
        formData={data}
        validator={validator}
        widgets={registry.widgetMap()}
        templates={registry.templates}
        noHtml5Validate
        showErrorList={false}
        onError={() => undefined}
        onChange={(e) => setData((e.formData ?? {}) as Row)}
        onSubmit={(e) => void submit((e.formData ?? {}) as Row)}
      />
      {error ? (
        <div className="crud-field-error" role="alert">
          {error}
        </div>
      ) : null}
    </Modal>
  );
}

export default ActionDialog;
