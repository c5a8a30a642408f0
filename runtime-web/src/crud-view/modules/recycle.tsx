/**
 * The recycle bin's `data` cell (`recycle-data`): the deleted record's main field — the first column its own
 * screen lists — beside a popover telling what a restore brings back, cascades included, with the raw JSON.
 */
import { Collapse, Popover, Tag, Typography } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../core/stores/context';
import type { Stores } from '../../core/stores';
import { labelIn } from '../../crud/model';
import type { Row, ScreenItem } from '../../crud/types';
import type { CellProps, ScreenModule } from '../registry';
import './locales';

interface Captured {
  entity: string;
  rows: Row[];
}

const asArray = (v: unknown): Row[] => {
  const parsed = typeof v === 'string' ? (safeParse(v) as unknown) : v;
  return Array.isArray(parsed) ? (parsed as Row[]) : parsed && typeof parsed === 'object' ? [parsed as Row] : [];
};
function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The entity's EPS entry: its label, its first listed column, its column labels. */
function describe(stores: Stores, entity: string, locale: string) {
  const eps = stores.eps.entries.find((e) => e.prefix === `/admin/${entity}`);
  const screen = (eps?.screen ?? {}) as { columns?: ScreenItem[] };
  const first = screen.columns?.[0];
  const columns = (eps?.columns ?? []) as { propertyName: string; labels?: Record<string, string> }[];
  const main = (typeof first === 'string' ? first : first?.field) ?? columns.find((c) => c.propertyName !== 'id')?.propertyName ?? 'id';
  return {
    label: labelIn(eps?.label as Record<string, string> | undefined, locale, entity),
    main,
    labelOf: (field: string) => labelIn(columns.find((c) => c.propertyName === field)?.labels, locale, field),
  };
}

const show = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const SKIP = new Set(['createTime', 'updateTime', 'tenantId']);

function RowLines({ row, labelOf }: { row: Row; labelOf(f: string): string }) {
  return (
    <table className="crud-history-table">
      <tbody>
        {Object.entries(row)
          .filter(([k, v]) => !SKIP.has(k) && v !== null && v !== '')
          .slice(0, 12)
          .map(([k, v]) => (
            <tr key={k}>
              <th>{labelOf(k)}</th>
              <td>{show(v).slice(0, 200)}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

function Group({ group, stores, locale }: { group: Captured; stores: Stores; locale: string }) {
  const { t } = useTranslation('modules');
  const d = describe(stores, group.entity, locale);
  return (
    <Collapse.Panel itemKey={group.entity} header={t('recycle.rows', { entity: d.label, n: group.rows.length })}>
      {group.rows.slice(0, 5).map((r, i) => (
        <RowLines key={String(r.id ?? i)} row={r} labelOf={d.labelOf} />
      ))}
      {group.rows.length > 5 && <Typography.Text type="tertiary">{t('recycle.more', { n: group.rows.length - 5 })}</Typography.Text>}
    </Collapse.Panel>
  );
}

function RecycleDataCell({ value, row }: CellProps) {
  const { t } = useTranslation('modules');
  const stores = useStores();
  const locale = stores.app.locale;
  const rows = asArray(value);
  const info = (typeof row.entityInfo === 'string' ? safeParse(row.entityInfo) : row.entityInfo) as { entity?: string; cascades?: Captured[] } | undefined;
  const entity = info?.entity ?? '';
  const d = describe(stores, entity, locale);
  const mains = rows.map((r) => show(r[d.main])).filter(Boolean);
  const cascades = (info?.cascades ?? []).filter((c) => c.rows?.length);
  const content = (
    <div className="crud-recycle" data-testid="recycle-preview">
      <Typography.Title heading={6} style={{ margin: '0 0 6px' }}>
        {t('recycle.comesBack')}
      </Typography.Title>
      <Collapse defaultActiveKey={[entity]}>
        <Group group={{ entity, rows }} stores={stores} locale={locale} />
        {cascades.map((c) => (
          <Group key={c.entity} group={c} stores={stores} locale={locale} />
        ))}
      </Collapse>
      {cascades.length > 0 && (
        <div style={{ marginTop: 6 }}>
          <Typography.Text type="tertiary">{t('recycle.cascades')}: </Typography.Text>
          {cascades.map((c) => (
            <Tag key={c.entity} size="small" style={{ marginRight: 4 }}>
              {describe(stores, c.entity, locale).label} × {c.rows.length}
            </Tag>
          ))}
        </div>
      )}
      <Collapse>
        <Collapse.Panel itemKey="raw" header={t('recycle.raw')}>
          <pre className="crud-json">{JSON.stringify(rows, null, 2)}</pre>
        </Collapse.Panel>
      </Collapse>
    </div>
  );
  return (
    <span className="crud-recycle-cell">
      <Typography.Text strong ellipsis={{ showTooltip: true }} style={{ maxWidth: 160 }} data-testid="recycle-main">
        {mains.slice(0, 2).join(', ') || `#${show(rows[0]?.id)}`}
        {mains.length > 2 ? ` +${mains.length - 2}` : ''}
      </Typography.Text>
      <Popover content={content} position="right" showArrow trigger="click">
        <button type="button" className="crud-recycle-trigger" aria-label={`${t('recycle.comesBack')}: ${d.label}`} data-testid="recycle-data">
          {d.label}
        </button>
      </Popover>
    </span>
  );
}

export const recycleScreens: ScreenModule = { cells: { 'recycle-data': RecycleDataCell } };
