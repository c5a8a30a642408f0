/**
 * The Semi widgets of our rjsf theme, registered once by name (registry.ts); `x-screen.form[].component`
 * picks one, otherwise the field's type decides (widgetName).
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Button, DatePicker, Image, Input, InputNumber, Select, Switch, TextArea, Toast, TreeSelect } from '@douyinfe/semi-ui';
import { PasswordInput } from '../../a11y/PasswordInput';
import { IconClose, IconFolderOpen, IconUpload } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useStores } from '../../core/stores/context';
import type { Stores } from '../../core/stores';
import { labelIn } from '../../crud/model';
import type { FieldMeta, Row } from '../../crud/types';
import { buildTree } from '../../crud/tree';
import type { TreeRow } from '../../crud/tree';
import { checkUpload, uploadKey } from '../../extensions/upload/check';
import { registerWidget } from '../registry';
import '../modules/locales';
import { useEntityList } from './entityList';

const IconPicker = lazy(() => import('../../icons/IconPicker').then((m) => ({ default: m.IconPicker })));
// The editor (ProseMirror) is large: it loads the first time a rich-text field shows.
const RichText = lazy(() => import('./RichText'));
// The file space opens from any upload widget; it loads on first use.
const SpacePicker = lazy(() => import('../space/SpacePicker'));

/** The form's context (record id, current values): rjsf passes it on the registry. */
const ctxOf = (p: WidgetProps): Record<string, unknown> => ((p.registry?.formContext ?? {}) as Record<string, unknown>);

export const metaOf = (p: WidgetProps): FieldMeta => (p.options.meta ?? { name: p.id, type: 'string', label: {}, schema: {} }) as FieldMeta;
const invalid = (p: WidgetProps) => !!p.rawErrors?.length;
/** What every widget's control takes from rjsf: id, label, disabled, error state. */
export const common = (p: WidgetProps) => ({
  id: p.id,
  disabled: p.disabled || p.readonly,
  'aria-invalid': invalid(p) || undefined,
  'aria-label': p.label,
  validateStatus: invalid(p) ? ('error' as const) : ('default' as const),
});

function usePlaceholder(p: WidgetProps, select = false): string {
  const { t } = useTranslation('crud');
  return p.placeholder || t(select ? 'selectPlaceholder' : 'inputPlaceholder', { label: p.label });
}

function TextWidget(p: WidgetProps) {
  const placeholder = usePlaceholder(p);
  const max = p.schema.maxLength as number | undefined;
  return (
    <Input
      {...common(p)}
      value={(p.value as string | undefined) ?? ''}
      placeholder={placeholder}
      maxLength={max}
      showClear
      onChange={(v) => p.onChange(v === '' ? undefined : v)}
      onBlur={() => p.onBlur(p.id, p.value)}
    />
  );
}

function PasswordWidget(p: WidgetProps) {
  const placeholder = usePlaceholder(p);
  return <PasswordInput {...common(p)} autoComplete="new-password" value={(p.value as string | undefined) ?? ''} placeholder={placeholder} onChange={(v) => p.onChange(v === '' ? undefined : v)} />;
}

function TextareaWidget(p: WidgetProps) {
  const placeholder = usePlaceholder(p);
  const max = p.schema.maxLength as number | undefined;
  return (
    <TextArea
      {...common(p)}
      value={(p.value as string | undefined) ?? ''}
      placeholder={placeholder}
      maxCount={max && max <= 5000 ? max : undefined}
      autosize={{ minRows: 3, maxRows: 10 }}
      onChange={(v) => p.onChange(v === '' ? undefined : v)}
    />
  );
}

function NumberWidget(p: WidgetProps) {
  const placeholder = usePlaceholder(p);
  const integer = p.schema.type === 'integer' || (Array.isArray(p.schema.type) && p.schema.type.includes('integer'));
  return (
    <InputNumber
      {...common(p)}
      style={{ width: '100%' }}
      value={p.value as number | undefined}
      placeholder={placeholder}
      precision={integer ? 0 : undefined}
      min={p.schema.minimum as number | undefined}
      max={p.schema.maximum as number | undefined}
      onNumberChange={(v) => p.onChange(Number.isFinite(v) ? v : undefined)}
      onChange={(v) => {
        if (v === '' || v === null) p.onChange(undefined);
      }}
    />
  );
}

/** A decimal is typed and kept as text: no float ever touches it (crud/decimal.ts checks it). */
function DecimalWidget(p: WidgetProps) {
  const placeholder = usePlaceholder(p);
  return (
    <Input
      {...common(p)}
      inputMode="decimal"
      className="crud-decimal-input"
      value={p.value === undefined || p.value === null ? '' : String(p.value)}
      placeholder={placeholder}
      onChange={(v) => p.onChange(v === '' ? undefined : v.replace(/[^\d.+-]/g, ''))}
    />
  );
}

interface Opt {
  label: string;
  value: string | number;
}

function useOptions(p: WidgetProps): Opt[] {
  const { dict, app } = useStores();
  const meta = metaOf(p);
  if (meta.dict) return dict.get(meta.dict).map((o) => ({ label: o.label, value: o.value as string | number }));
  if (meta.options) return meta.options.map((o) => ({ label: labelIn(o.label, app.locale), value: o.value as string | number }));
  const e = (p.schema.enum ?? (p.schema.items as { enum?: unknown[] } | undefined)?.enum ?? []) as (string | number)[];
  return e.map((v) => ({ label: String(v), value: v }));
}

function SelectWidget(p: WidgetProps) {
  const placeholder = usePlaceholder(p, true);
  const options = useOptions(p);
  const multiple = p.schema.type === 'array' || (Array.isArray(p.schema.type) && p.schema.type.includes('array'));
  return (
    <Select
      {...common(p)}
      style={{ width: '100%' }}
      multiple={multiple}
      filter
      showClear
      value={p.value as string | number | undefined}
      placeholder={placeholder}
      optionList={options}
      onChange={(v) => p.onChange(v === undefined || v === null ? undefined : v)}
    />
  );
}

function RadioWidget(p: WidgetProps) {
  // Few options read better as a select in narrow dialogs; a radio group is kept for x-screen's explicit choice.
  return <SelectWidget {...p} />;
}

function SwitchWidget(p: WidgetProps) {
  const boolean = p.schema.type === 'boolean' || (Array.isArray(p.schema.type) && p.schema.type.includes('boolean'));
  const on = boolean ? !!p.value : Number(p.value) === 1;
  return (
    <Switch
      id={p.id}
      aria-label={p.label}
      checked={on}
      disabled={p.disabled || p.readonly}
      onChange={(checked) => p.onChange(boolean ? checked : checked ? 1 : 0)}
    />
  );
}

function DateWidget(p: WidgetProps) {
  const placeholder = usePlaceholder(p, true);
  const withTime = metaOf(p).type === 'datetime' || p.schema.format === 'datetime' || p.schema.format === 'date-time';
  const fmt = withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
  return (
    <DatePicker
      {...common(p)}
      style={{ width: '100%' }}
      type={withTime ? 'dateTime' : 'date'}
      value={p.value ? dayjs(String(p.value)).toDate() : undefined}
      placeholder={placeholder}
      onChange={(d) => p.onChange(d ? dayjs(d as Date).format(fmt) : undefined)}
    />
  );
}

/** JSON typed as text; a parse error is shown as 'Parameter format error' and the last valid value is kept. */
function JsonWidget(p: WidgetProps) {
  const { t } = useTranslation('crud');
  const [text, setText] = useState(() => (p.value === undefined ? '' : JSON.stringify(p.value, null, 2)));
  const [bad, setBad] = useState(false);
  const last = useRef(p.value);
  useEffect(() => {
    if (p.value !== last.current) {
      last.current = p.value;
      setText(p.value === undefined ? '' : JSON.stringify(p.value, null, 2));
    }
  }, [p.value]);
  return (
    <div>
      <TextArea
        {...common(p)}
        className="crud-code"
        autosize={{ minRows: 3, maxRows: 12 }}
        value={text}
        validateStatus={bad || invalid(p) ? 'error' : 'default'}
        onChange={(v) => {
          setText(v);
          if (!v.trim()) {
            setBad(false);
            last.current = undefined;
            p.onChange(undefined);
            return;
          }
          try {
            const parsed = JSON.parse(v) as unknown;
            setBad(false);
            last.current = parsed;
            p.onChange(parsed);
          } catch {
            setBad(true);
          }
        }}
      />
      {bad ? (
        <div className="crud-field-error" role="alert">
          {t('errors.json')}
        </div>
      ) : null}
    </div>
  );
}

async function upload(stores: Stores, file: File): Promise<string> {
  const form = new FormData();
  form.append('key', uploadKey(file.name));
  form.append('file', file);
  const url = await stores.request<string | string[]>({ url: '/admin/base/comm/upload', method: 'POST', data: form, progress: false });
  return Array.isArray(url) ? url[0]! : url;
}

/** Image (one URL), images (URL array) or file upload through `comm/upload`, with the docs/reference/product-spec.md §5 limits. */
function UploadWidget(p: WidgetProps) {
  const stores = useStores();
  const { t } = useTranslation('crud');
  const { t: ta } = useTranslation('app');
  const meta = metaOf(p);
  const many = p.schema.type === 'array' || (Array.isArray(p.schema.type) && p.schema.type.includes('array'));
  const image = (p.options.kind as string | undefined) !== 'file';
  const limit = many ? Number((p.schema.maxItems as number | undefined) ?? 9) : 1;
  const list: string[] = many ? ((p.value as string[] | undefined) ?? []) : p.value ? [String(p.value)] : [];
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const { t: ts } = useTranslation('modules');
  const pick = async (files: File[]) => {
    if (list.length + files.length > limit) return Toast.warning(t('uploadLimit', { limit }));
    const problem = checkUpload(files);
    if (problem) return Toast.warning(ta(problem.key, problem.params));
    setBusy(true);
    try {
      const urls: string[] = [];
      for (const f of files) urls.push(await upload(stores, f));
      p.onChange(many ? [...list, ...urls] : urls[0]);
    } catch (err) {
      Toast.error(t('uploadFailed', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      setBusy(false);
    }
  };
  const remove = (i: number) => {
    const next = list.filter((_, j) => j !== i);
    p.onChange(many ? (next.length ? next : meta.nullable ? null : []) : undefined);
  };
  return (
    <div className="crud-upload" data-field={meta.name}>
      {list.map((url, i) => (
        <span key={`${url}-${i}`} className={image ? 'crud-upload__item' : 'crud-upload__file'}>
          {image ? <Image src={url} width={72} height={72} /> : <a href={url} target="_blank" rel="noopener noreferrer">{url.split('/').pop()}</a>}
          {!(p.disabled || p.readonly) && (
            <Button size="small" theme="borderless" type="danger" icon={<IconClose />} aria-label={t('delete')} className="crud-upload__remove" onClick={() => remove(i)} />
          )}
        </span>
      ))}
      {!(p.disabled || p.readonly) && list.length < limit && (
        <Button icon={<IconUpload />} loading={busy} aria-label={`${t('upload')} ${p.label}`} onClick={() => input.current?.click()}>
          {t('upload')}
        </Button>
      )}
      {!(p.disabled || p.readonly) && list.length < limit && (
        <Button icon={<IconFolderOpen />} aria-label={`${ts('space.pick')} ${p.label}`} onClick={() => setPicking(true)} data-testid="space-pick">
          {ts('space.pick')}
        </Button>
      )}
      {picking && (
        <Suspense fallback={null}>
          <SpacePicker
            limit={limit - list.length}
            {...(image ? { type: 'image' } : {})}
            onPick={(urls) => p.onChange(many ? [...list, ...urls] : urls[0])}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      )}
      <input
        ref={input}
        type="file"
        hidden
        multiple={many}
        accept={image ? 'image/*' : undefined}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) void pick(files);
        }}
      />
    </div>
  );
}

function FileWidget(p: WidgetProps) {
  return <UploadWidget {...p} options={{ ...p.options, kind: 'file' }} />;
}

/** A reference picked from the referenced entity's `list`; a tree when its rows have parents. */
function RefWidget(p: WidgetProps) {
  const stores = useStores();
  const placeholder = usePlaceholder(p, true);
  const meta = metaOf(p);
  const rows = useEntityList(stores, meta.ref);
  const labelOf = (r: Row) => String(r.name ?? r.title ?? r.label ?? r.nickName ?? r.username ?? r.keyName ?? `#${String(r.id)}`);
  const self = ctxOf(p).recordId as unknown;
  // A parent is picked among records of the same scope: a dictionary item's parent has the item's type.
  const data = (ctxOf(p).data ?? {}) as Row;
  const scope = meta.name === 'parentId' ? Object.keys(data).filter((k) => /Id$/.test(k) && k !== 'parentId' && data[k] !== undefined && data[k] !== null) : [];
  const inScope = (r: Row) => scope.every((k) => !(k in r) || String(r[k]) === String(data[k]));
  if (rows?.some((r) => 'parentId' in r)) {
    const toNode = (r: TreeRow): Record<string, unknown> => ({
      key: String(r.id),
      value: r.id,
      label: labelOf(r),
      // A record cannot be its own ancestor: itself and its branch are not offered.
      disabled: meta.ref && self !== undefined && r.id === self,
      children: r.id === self ? [] : (r.children ?? []).map(toNode),
    });
    return (
      <TreeSelect
        {...common(p)}
        style={{ width: '100%' }}
        filterTreeNode
        showClear
        expandAll
        treeData={buildTree(rows.filter(inScope), { field: 'orderNum', order: 'asc' }).map(toNode) as never}
        value={p.value as number | undefined}
        placeholder={placeholder}
        onChange={(v) => p.onChange(v === undefined || v === null || v === '' ? null : v)}
      />
    );
  }
  return (
    <Select
      {...common(p)}
      style={{ width: '100%' }}
      filter
      showClear
      loading={!rows}
      value={p.value as number | undefined}
      placeholder={placeholder}
      optionList={(rows ?? []).map((r) => ({ label: labelOf(r), value: r.id as number }))}
      onChange={(v) => p.onChange(v === undefined ? null : v)}
    />
  );
}

function IconWidget(p: WidgetProps) {
  return (
    <Suspense fallback={null}>
      <IconPicker value={(p.value as string | undefined) ?? undefined} onChange={(v) => p.onChange(v || undefined)} />
    </Suspense>
  );
}

function RichTextWidget(p: WidgetProps) {
  return (
    <Suspense fallback={<TextareaWidget {...p} />}>
      <RichText id={p.id} label={p.label} value={(p.value as string | undefined) ?? ''} disabled={p.disabled || p.readonly} invalid={invalid(p)} onChange={(v) => p.onChange(v)} />
    </Suspense>
  );
}

/** Files as one comma-separated string of URLs (a file parameter's `data`), uploaded like `file`. */
function FileListWidget(p: WidgetProps) {
  const list = typeof p.value === 'string' && p.value ? p.value.split(',') : [];
  return (
    <UploadWidget
      {...p}
      schema={{ ...p.schema, type: 'array', maxItems: 9 }}
      value={list}
      options={{ ...p.options, kind: 'file' }}
      onChange={(v: unknown) => p.onChange(Array.isArray(v) && v.length ? v.join(',') : undefined)}
    />
  );
}

/**
 * A value whose editor follows another field (`x-screen.form[].props.by`, default `dataType`): 0 text,
 * 1 rich text, 2 files — the parameter screen's `data`.
 */
function ByTypeWidget(p: WidgetProps) {
  const by = (p.options.by as string | undefined) ?? 'dataType';
  const kind = Number((ctxOf(p).data as Record<string, unknown> | undefined)?.[by] ?? 0);
  if (kind === 1) return <RichTextWidget {...p} />;
  if (kind === 2) return <FileListWidget {...p} />;
  return <TextareaWidget {...p} />;
}

/** A cron expression: free text checked for 5 or 6 fields; the server validates the rest. */
function CronWidget(p: WidgetProps) {
  return <TextWidget {...p} placeholder={p.placeholder || '0 */5 * * * *'} />;
}

const builtIn: Record<string, (p: WidgetProps) => JSX.Element> = {
  text: TextWidget,
  TextWidget,
  password: PasswordWidget,
  textarea: TextareaWidget,
  TextareaWidget,
  number: NumberWidget,
  integer: NumberWidget,
  decimal: DecimalWidget,
  select: SelectWidget,
  SelectWidget,
  radio: RadioWidget,
  switch: SwitchWidget,
  CheckboxWidget: SwitchWidget,
  date: DateWidget,
  datetime: DateWidget,
  json: JsonWidget,
  image: UploadWidget,
  images: UploadWidget,
  file: FileWidget,
  ref: RefWidget,
  'tree-select': RefWidget,
  icon: IconWidget,
  cron: CronWidget,
  richtext: RichTextWidget,
  files: FileListWidget,
  'by-type': ByTypeWidget,
};
for (const [name, widget] of Object.entries(builtIn)) registerWidget(name, widget);

/** The widget a field gets when `x-screen.form` names none. */
export function widgetName(f: FieldMeta): string {
  if (f.secret) return 'password';
  if (f.name === 'icon') return 'icon';
  if (f.ref) return 'ref';
  if (f.dict || f.options?.length) return f.options?.length === 2 && f.options.every((o) => o.value === 0 || o.value === 1) ? 'switch' : 'select';
  switch (f.type) {
    case 'decimal':
      return 'decimal';
    case 'integer':
    case 'bigint':
    case 'number':
      return 'number';
    case 'boolean':
      return 'switch';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'text':
    case 'longtext':
      return 'textarea';
    case 'json': {
      const items = (f.schema.items ?? {}) as { type?: unknown };
      const arr = Array.isArray(f.schema.type) ? f.schema.type.includes('array') : f.schema.type === 'array';
      if (arr && items.type === 'string' && /(image|img|pic|photo)/i.test(f.name)) return 'images';
      return 'json';
    }
    default:
      if (/(image|img|avatar|logo|pic|photo|cover)/i.test(f.name)) return 'image';
      if (f.name === 'cron') return 'cron';
      return (f.length ?? 0) > 500 ? 'textarea' : 'text';
  }
}
