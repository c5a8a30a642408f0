import { useCallback, useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Banner, Button, Card, Empty, Skeleton, Tabs, TabPane, Tooltip } from '@douyinfe/semi-ui';
import { IconRefresh } from '@douyinfe/semi-icons';
import { useStores } from '../../core/stores/context';
import { LazyChart } from '../../charts';
import type { ChartSpec } from '../../charts';
import type { ChartRange, DashboardSummary } from './types';
import { DashFigures } from './DashFigures';
import './locales';
import './dashboard.css';

const RANGES: ChartRange[] = ['today', 'week', 'month', 'year'];
export const SUMMARY_PERM = 'demo:dashboard:summary';

/** Bucket keys are `YYYY-MM-DD HH`, `YYYY-MM-DD` or `YYYY-MM`; the axis shows the short part. */
function axisLabel(range: ChartRange, key: string): string {
  if (range === 'today') return `${key.slice(11, 13)}:00`;
  if (range === 'year') return key.slice(5, 7);
  return key.slice(5, 10);
}

/** The home view: every figure from `demo/dashboard/summary` (one permission-checked endpoint). */
const Dashboard = observer(function Dashboard() {
  const { t, i18n } = useTranslation('dashboard');
  const { request, app, menu } = useStores();
  const allowed = menu.hasPerm(SUMMARY_PERM);
  const [data, setData] = useState<DashboardSummary>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(true);
  const [range, setRange] = useState<ChartRange>('week');

  const load = useCallback(async () => {
    setLoading(true);
    setError(undefined);
    try {
      setData(await request<DashboardSummary>({ url: '/admin/demo/dashboard/summary', method: 'GET' }));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setLoading(false);
    }
  }, [request]);
  useEffect(() => {
    if (allowed) void load();
  }, [allowed, load]);

  const lang = i18n.language === 'zh-tw' ? 'zh-TW' : i18n.language === 'en' ? 'en' : 'zh-CN';
  const num = useMemo(() => new Intl.NumberFormat(lang), [lang]);
  const cur = useMemo(() => new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), [lang]);
  const money = useCallback((v: unknown) => `¥${cur.format(Number(v))}`, [cur]);

  const salesSpec = useMemo<ChartSpec | undefined>(() => {
    if (!data) return undefined;
    const buckets = data.charts[range];
    return {
      kind: 'bar',
      name: t('salesSeries'),
      labels: buckets.map((b) => axisLabel(range, b.key)),
      values: buckets.map((b) => Number(b.amount)),
      format: money,
    };
  }, [data, range, t, money]);
  const pieSpec = useMemo<ChartSpec | undefined>(() => {
    if (!data) return undefined;
    return { kind: 'pie', slices: data.category.map((c) => ({ name: c.name ?? t('uncategorised'), value: Number(c.amount) })), format: money };
  }, [data, t, money]);

  if (!allowed) {
    return (
      <div className="dash" data-testid="view-home">
        <Banner type="warning" fullMode={false} closeIcon={null} description={t('noPermission')} data-testid="dash-no-permission" />
      </div>
    );
  }

  const busy = loading && !data;
  const noOrders = data !== undefined && data.payments.total === 0;
  const emptyOrders = (
    <Empty title={t('emptyOrders')} description={t('emptyOrdersText')} data-testid="dash-empty" style={{ padding: 24 }} />
  );
  return (
    <div className="dash" data-testid="view-home">
      {error && (
        <Banner
          type="danger"
          fullMode={false}
          closeIcon={null}
          description={t('loadFailed', { message: error })}
          data-testid="dash-error"
          style={{ marginBottom: 12 }}
        />
      )}
      <DashFigures data={data} busy={busy} num={num} money={money} />

      <div className="dash-row">
        <Card
          className="dash-trend"
          title={t('salesTrend')}
          headerExtraContent={
            <Tooltip content={t('refresh')}>
              <Button icon={<IconRefresh />} theme="borderless" aria-label={t('refresh')} onClick={() => void load()} loading={loading} data-testid="dash-refresh" />
            </Tooltip>
          }
        >
          <Tabs type="button" activeKey={range} onChange={(k) => setRange(k as ChartRange)} size="small">
            {RANGES.map((r) => (
              <TabPane key={r} itemKey={r} tab={t(r)} />
            ))}
          </Tabs>
          <div className="dash-trend__body">
            <div className="dash-trend__chart" data-testid="dash-sales-chart">
              {busy ? (
                <Skeleton.Image style={{ width: '100%', height: 300 }} />
              ) : noOrders ? (
                emptyOrders
              ) : (
                salesSpec && <LazyChart spec={salesSpec} dark={app.dark} label={t('chartSales', { range: t(range) })} />
              )}
            </div>
            <div className="dash-ranking">
              <div className="dash-ranking__title">{t('ranking')}</div>
              {busy ? (
                <Skeleton.Paragraph rows={6} />
              ) : (
                <ol data-testid="dash-ranking">
                  {data?.ranking.map((r, i) => (
                    <li key={r.goodsId}>
                      <span className={`dash-rank ${i < 3 ? 'dash-rank--top' : ''}`}>{i + 1}</span>
                      <span className="dash-ranking__name" title={r.title}>
                        {r.title}
                      </span>
                      <span className="dash-ranking__qty">{t('rankingQuantity', { n: num.format(r.quantity) })}</span>
                      <span className="dash-ranking__amount">{money(r.amount)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </div>
        </Card>
        <Card className="dash-category" title={t('category')}>
          <div data-testid="dash-category">
            {busy ? (
              <Skeleton.Image style={{ width: '100%', height: 300 }} />
            ) : noOrders || !pieSpec ? (
              emptyOrders
            ) : (
              <>
                <LazyChart spec={pieSpec} dark={app.dark} label={t('chartCategory')} />
                <ul className="dash-category__list">
                  {data!.category.map((c) => (
                    <li key={String(c.type)} data-testid="dash-category-item">
                      <span>{c.name ?? t('uncategorised')}</span> <b>{money(c.amount)}</b>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </Card>
      </div>
    </div>
  );
});

export default Dashboard;
