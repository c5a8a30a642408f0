/**
 * Plugins: the readme cell (a preview dialog) and the settings form built from the plugin's own config schema
 * (`pluginJson.configSchema`, plugins/README.md) — one input per setting by its type, the server validates.
 */
import { useEffect, useState } from 'react';
import { Button, Input, InputNumber, Modal, Switch, TextArea, Typography } from '@douyinfe/semi-ui';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../core/stores/context';
import { labelIn } from '../../crud/model';
import type { Row } from '../../crud/types';
import { PLUGIN_REFRESH_EVENT } from '../../extensions/plugin-drop/events';
import type { CellProps, ScreenModule } from '../registry';
import './locales';

function ReadmeCell({ value, row }: CellProps) {
  const { t } = useTranslation('modules');
  const [open, setOpen] = useState(false);
  if (typeof value !== 'string' || !value.trim()) return null;
  return (
    <>
      <Button size="small" theme="borderless" onClick={() => setOpen(true)} data-testid="plugin-readme">
        {t('plugin.readme')}
      </Button>
      {open && (
        <Modal visible title={`${String(row.name ?? '')} · README`} footer={null} width={720} onCancel={() => setOpen(false)} bodyStyle={{ maxHeight: '70vh', overflow: 'auto' }}>
          <pre className="plugin-readme">{value}</pre>
        </Modal>
      )}
    </>
  );
}

interface PropSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  'x-label'?: Record<string, string>;
  enum?: unknown[];
}

const typeOf = (s: PropSchema) => (Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type) ?? 'string';

function PluginConfigWidget(p: WidgetProps) {
  const { t } = useTranslation('modules');
  const { request, app } = useStores();
  const recordId = (p.registry?.formContext as { recordId?: unknown } | undefined)?.recordId;
  const [schema, setSchema] = useState<{ properties?: Record<string, PropSchema> } | null | undefined>();
  useEffect(() => {
    if (recordId === undefined) return setSchema(null);
    let alive = true;
    request<Row>({ url: '/admin/plugin/info/info', method: 'GET', params: { id: recordId }, progress: false }).then(
      (row) => {
        // Stored as JSON text by some databases: parsed here as the server does (jsonColumn).
        const raw = typeof row.pluginJson === 'string' ? (JSON.parse(row.pluginJson) as unknown) : row.pluginJson;
        if (alive) setSchema((raw as { configSchema?: { properties?: Record<string, PropSchema> } } | null)?.configSchema ?? null);
      },
      () => alive && setSchema(null),
    );
    return () => {
      alive = false;
    };
  }, [recordId, request]);
  const value = ((typeof p.value === 'string' ? (JSON.parse(p.value) as unknown) : p.value) ?? {}) as Record<string, unknown>;
  const set = (k: string, v: unknown) => p.onChange({ ...value, [k]: v });
  const props = Object.entries(schema?.properties ?? {});
  if (schema === undefined) return null;
  if (!props.length) return <Typography.Text type="tertiary">{t('plugin.noSettings')}</Typography.Text>;
  return (
    <div className="plugin-config" data-testid="plugin-config">
      {props.map(([k, s]) => {
        const label = labelIn(s['x-label'], app.locale, s.title ?? k);
        const type = typeOf(s);
        const id = `${p.id}_${k}`;
        return (
          <label key={k} className="plugin-config__row" htmlFor={id}>
            <span className="crud-field__label">{label}</span>
            {type === 'boolean' ? (
              <Switch id={id} aria-label={label} checked={!!value[k]} onChange={(c) => set(k, c)} />
            ) : type === 'number' || type === 'integer' ? (
              <InputNumber id={id} aria-label={label} style={{ width: '100%' }} value={value[k] as number | undefined} precision={type === 'integer' ? 0 : undefined} onNumberChange={(v) => set(k, Number.isFinite(v) ? v : undefined)} />
            ) : type === 'string' ? (
              <Input id={id} aria-label={label} value={(value[k] as string | undefined) ?? ''} onChange={(v) => set(k, v)} />
            ) : (
              <TextArea
                id={id}
                aria-label={label}
                className="crud-code"
                defaultValue={JSON.stringify(value[k] ?? null, null, 2)}
                onChange={(v) => {
                  try {
                    set(k, JSON.parse(v));
                  } catch {
                    /* kept until it parses */
                  }
                }}
              />
            )}
            {s.description ? <Typography.Text type="tertiary" size="small">{s.description}</Typography.Text> : null}
          </label>
        );
      })}
    </div>
  );
}

export const pluginScreens: ScreenModule = {
  cells: { readme: ReadmeCell },
  widgets: { 'plugin-config': PluginConfigWidget },
  reloadEvents: { 'plugin/info': PLUGIN_REFRESH_EVENT },
};
