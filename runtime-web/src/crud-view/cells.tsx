/** Table cells by kind (docs/reference/frontend-reference.md §5.4): tags for dictionaries and options, dates, exact decimals, images, files, JSON, references. */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Switch, Tag, Toast, Typography } from '@douyinfe/semi-ui';
import type { TagColor } from '@douyinfe/semi-ui/lib/es/tag';
import { t as translate } from '../core/i18n';
import { useStores } from '../core/stores/context';
import { formatDecimal } from '../crud/decimal';
import { labelIn } from '../crud/model';
import type { ColumnModel } from '../crud/model';
import type { CrudStore } from '../crud/store';
import type { OptionMeta, Row } from '../crud/types';
import { ImagesCell } from '../theme-semi/cells/ImagesCell';
import { JsonCell } from '../theme-semi/cells/JsonCell';
import { formatDate } from './format';
import { refLabel } from './refLookup';
import { useRegistry } from './useRegistry';


const TAG_COLORS: TagColor[] = ['blue', 'green', 'orange', 'violet', 'cyan', 'pink', 'amber', 'teal', 'indigo', 'red'];
const NAMED: Record<string, TagColor> = { success: 'green', danger: 'red', warning: 'orange', info: 'grey', primary: 'blue' };
const empty = (v: unknown) => v === null || v === undefined || v === '';

export function tagColor(color: string | undefined, index: number): TagColor {
  if (color && NAMED[color]) return NAMED[color]!;
  if (color && (TAG_COLORS as string[]).includes(color)) return color as TagColor;
  return TAG_COLORS[index % TAG_COLORS.length]!;
}

/** One tag per value (arrays and comma lists too); unknown values shown verbatim. */
export function OptionTags({ value, options, locale }: { value: unknown; options: readonly OptionMeta[]; locale: string }) {
  const values = Array.isArray(value) ? value : typeof value === 'string' && value.includes(',') ? value.split(',') : [value];
  return (
    <span className="crud-tags">
      {values.filter((v) => !empty(v)).map((v, i) => {
        const idx = options.findIndex((o) => o.value === v || String(o.value) === String(v));
        const o = options[idx];
        return (
          <Tag key={`${String(v)}-${i}`} size="small" color={tagColor(o?.color, idx < 0 ? i : idx)} type="light">
            {o ? labelIn(o.label, locale) : String(v)}
          </Tag>
        );
      })}
    </span>
  );
}

/** Whether a column is edited in place with a switch: two-state fields the user may update. */
export function isToggle(column: ColumnModel): boolean {
  const f = column.field;
  if (!f || f.readOnly || column.component) return false;
  if (f.type === 'boolean') return true;
  const values = (f.options ?? []).map((o) => o.value).sort();
  return values.length === 2 && values[0] === 0 && values[1] === 1;
}

/**
 * Cells translate through the shared instance, not `useTranslation`: that hook copies the i18next instance on
 * every mount, and a virtual list mounts a row's cells on each scroll step (garbage, long tasks). The table
 * re-renders its cells on a locale change anyway (it observes `app.locale`).
 */
const t = (key: string) => translate(`crud:${key}`);

const ToggleCell = observer(function ToggleCell({ row, column, store }: { row: Row; column: ColumnModel; store: CrudStore }) {
  const { app } = useStores();
  const f = column.field!;
  const on = f.type === 'boolean' ? !!row[f.name] : Number(row[f.name]) === 1;
  const busy = store.pending.has(`${String(row.id)}:${f.name}`);
  return (
    <Switch
      size="small"
      checked={on}
      loading={busy}
      disabled={!store.can.update}
      aria-label={labelIn(column.label, app.locale)}
      onChange={(checked) => {
        const value = f.type === 'boolean' ? checked : checked ? 1 : 0;
        store.toggle(row, f.name, value).then(
          () => Toast.success(t('updateSuccess')),
          (err: Error) => Toast.error(err.message),
        );
      }}
    />
  );
});

function RefCell({ value, refId, row, column }: { value: unknown; refId: string; row: Row; column: ColumnModel }) {
  const stores = useStores();
  // The page row may carry the label through a join: the field's `refLabel` (`goodsTitle` beside `goodsId`),
  // or by name (`departmentName` beside `departmentId`).
  const joined = row[column.field?.refLabel ?? column.key.replace(/Id$/, 'Name')];
  const [label, setLabel] = useState<string | undefined>(typeof joined === 'string' ? joined : undefined);
  useEffect(() => {
    if (typeof joined === 'string') return setLabel(joined);
    if (empty(value)) return;
    let alive = true;
    void refLabel(stores, refId, value).then((l) => alive && setLabel(l));
    return () => {
      alive = false;
    };
  }, [value, refId, joined, stores]);
  if (empty(value)) return null;
  return <span title={`#${String(value)}`}>{label ?? `#${String(value)}`}</span>;
}

/**
 * A plain component, not an observer: on a virtual list rows mount on every scroll frame and an observer
 * per cell costs a reaction each. The table re-renders its cells when the locale changes; the parts that
 * change on their own (inline switches) are observers.
 */
export function Cell({ value, row, column, store }: { value: unknown; row: Row; column: ColumnModel; store: CrudStore }): ReactNode {
  const { app, dict } = useStores();
  const locale = app.locale;
  // The theme's named cells, then a module's (the screens manifest): the console's registry.
  const Custom = useRegistry().cell(column.component);
  if (Custom) return <Custom value={value} row={row} column={column} store={store} />;
  if (isToggle(column) && store.model.ops.update) return <ToggleCell row={row} column={column} store={store} />;
  const f = column.field;
  switch (column.kind) {
    case 'dict':
      return <OptionTags value={value} locale={locale} options={dict.get(f!.dict!).map((o) => ({ value: o.value, label: o.label }))} />;
    case 'options':
      return <OptionTags value={value} locale={locale} options={f!.options!} />;
    case 'datetime':
      return <span className="crud-nowrap">{formatDate(value, locale, true)}</span>;
    case 'date':
      return <span className="crud-nowrap">{formatDate(value, locale, false)}</span>;
    case 'decimal':
      return <span className="crud-num">{formatDecimal(value, locale)}</span>;
    case 'number':
      return <span className="crud-num">{empty(value) ? '' : String(value)}</span>;
    case 'boolean':
      return empty(value) ? null : (
        <Tag size="small" color={value ? 'green' : 'grey'} type="light">
          {value ? t('yes') : t('no')}
        </Tag>
      );
    case 'image':
      return empty(value) ? null : <ImagesCell value={[value]} />;
    case 'images':
      return <ImagesCell value={value} />;
    case 'file':
      return empty(value) ? null : (
        <Typography.Text link={{ href: String(value), target: '_blank', rel: 'noopener noreferrer' }} ellipsis={{ showTooltip: true }}>
          {String(value).split('/').pop()}
        </Typography.Text>
      );
    case 'json':
      return <JsonCell value={value} />;
    case 'ref':
      return <RefCell value={value} refId={f!.ref!} row={row} column={column} />;
    case 'secret':
      return null;
    case 'longtext':
      return empty(value) ? null : (
        <Typography.Text ellipsis={{ showTooltip: { opts: { style: { maxWidth: 480 } } } }} style={{ maxWidth: 260 }}>
          {String(value)}
        </Typography.Text>
      );
    default:
      return empty(value) ? null : <span>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</span>;
  }
}
