/** The dashboard's four figure cards (views, users, payments, sales) with their footers. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Skeleton } from '@douyinfe/semi-ui';
import { IconArrowDown, IconArrowUp } from '@douyinfe/semi-icons';
import type { DashboardSummary } from './types';

function Change(props: { value: number | null; label: string; testId: string }) {
  const { t } = useTranslation('dashboard');
  const v = props.value;
  const cls = v === null ? '' : v >= 0 ? 'dash-change--up' : 'dash-change--down';
  return (
    <span className={`dash-change ${cls}`} data-testid={props.testId}>
      {props.label}{' '}
      {v === null ? t('noCompare') : (
        <>
          {v >= 0 ? <IconArrowUp size="small" /> : <IconArrowDown size="small" />} {Math.abs(v)}%
        </>
      )}
    </span>
  );
}

function Figure(props: { title: string; value: ReactNode; testId: string; loading: boolean; footer: ReactNode }) {
  return (
    <Card className="dash-figure" bodyStyle={{ padding: 16 }}>
      <div className="dash-figure__title">{props.title}</div>
      <Skeleton loading={props.loading} active placeholder={<Skeleton.Title style={{ width: 120, height: 32, margin: '8px 0' }} />}>
        <div className="dash-figure__value" data-testid={props.testId}>
          {props.value}
        </div>
      </Skeleton>
      <div className="dash-figure__footer">{props.loading ? <Skeleton.Paragraph rows={1} /> : props.footer}</div>
    </Card>
  );
}

export function DashFigures({ data, busy, num, money }: { data: DashboardSummary | undefined; busy: boolean; num: Intl.NumberFormat; money(v: unknown): string }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="dash-figures">
      <Figure
        title={t('views')}
        testId="dash-views"
        loading={busy}
        value={data ? num.format(data.views.total) : ''}
        footer={
          data && (
            <>
              <span>
                {t('viewsToday')} <b data-testid="dash-views-today">{num.format(data.views.today)}</b>
              </span>
              <span>
                {t('visitors')} <b data-testid="dash-visitors">{num.format(data.visitors.today)}</b>
              </span>
            </>
          )
        }
      />
      <Figure
        title={t('users')}
        testId="dash-users"
        loading={busy}
        value={data ? num.format(data.users.total) : ''}
        footer={
          data && (
            <span>
              {t('usersToday')} <b data-testid="dash-users-today">{num.format(data.users.today)}</b>
            </span>
          )
        }
      />
      <Figure
        title={t('payments')}
        testId="dash-payments"
        loading={busy}
        value={data ? num.format(data.payments.total) : ''}
        footer={
          data && (
            <span>
              {t('conversion')} <b data-testid="dash-conversion">{data.conversionRate === null ? t('noCompare') : `${data.conversionRate}%`}</b>
            </span>
          )
        }
      />
      <Figure
        title={t('sales')}
        testId="dash-sales"
        loading={busy}
        value={data ? money(data.sales.total) : ''}
        footer={
          data && (
            <>
              <Change value={data.sales.weekOverWeek} label={t('weekOverWeek')} testId="dash-wow" />
              <Change value={data.sales.dayOverDay} label={t('dayOverDay')} testId="dash-dod" />
              <span>
                {t('salesToday')} <b data-testid="dash-sales-today">{money(data.sales.today)}</b>
              </span>
            </>
          )
        }
      />
    </div>
  );
}
