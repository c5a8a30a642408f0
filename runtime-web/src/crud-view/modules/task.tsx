/**
 * Tasks as a card grid (`x-screen.view: "cards"` of task/info): the card body, the start / stop / once
 * actions (plain `{id}` bodies), the paged log drawer, and the form's seconds and service widgets.
 */
import { useEffect, useState } from 'react';
import { Button, InputNumber, Select, Table, Tag, Typography } from '@douyinfe/semi-ui';
import { Drawer } from '../../a11y/Drawer';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../core/stores/context';
import type { Row } from '../../crud/types';
import { formatDate } from '../format';
import type { ActionContext, CardProps, ScreenModule } from '../registry';
import './locales';

/** 'every N seconds' for an interval task, the cron expression otherwise. */
export function scheduleText(row: Row, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (Number(row.taskType) === 1 && row.every) return t('task.every', { n: Math.round(Number(row.every) / 1000) });
  return row.cron ? t('task.cron', { cron: String(row.cron) }) : '';
}

function StatusTag({ ok }: { ok: unknown }) {
  const { t } = useTranslation('modules');
  if (ok === null || ok === undefined) return <Tag size="small">{t('task.never')}</Tag>;
  return (
    <Tag size="small" color={Number(ok) === 1 ? 'green' : 'red'}>
      {Number(ok) === 1 ? t('task.success') : t('task.failure')}
    </Tag>
  );
}

function TaskCard({ row, store, run }: CardProps) {
  const { t } = useTranslation('modules');
  const { t: tc } = useTranslation('crud');
  const { app } = useStores();
  const running = Number(row.status) === 1;
  const can = store.can;
  return (
    <>
      <div className="task-card__head">
        <Typography.Text strong ellipsis={{ showTooltip: true }} style={{ flex: 1, minWidth: 0 }}>
          {String(row.name)}
        </Typography.Text>
        <Tag color={running ? 'green' : 'grey'} data-testid="task-state">
          {running ? t('task.running') : t('task.stopped')}
        </Tag>
      </div>
      <div className="task-card__line">
        <span className="crud-card__label">{t('task.service')}</span>
        <code className="task-card__code">{String(row.service ?? '')}</code>
      </div>
      <div className="task-card__line" data-testid="task-schedule">
        {scheduleText(row, t)}
      </div>
      <div className="task-card__line">
        <span className="crud-card__label">{t('task.nextRun')}</span>
        <span>{row.nextRunTime ? formatDate(row.nextRunTime, app.locale, true) : '—'}</span>
      </div>
      <div className="task-card__line">
        <span className="crud-card__label">{t('task.lastStatus')}</span>
        <StatusTag ok={row.lastStatus} />
      </div>
      {row.remark ? <Typography.Text type="tertiary" size="small" ellipsis={{ showTooltip: true }}>{String(row.remark)}</Typography.Text> : null}
      <span className="crud-flex1" />
      <div className="task-card__ops">
        {running
          ? store.canAction('stop') && (
              <Button size="small" type="warning" onClick={() => run('stop')} data-action="stop">
                {t('task.stop')}
              </Button>
            )
          : store.canAction('start') && (
              <Button size="small" type="primary" onClick={() => run('start')} data-action="start">
                {t('task.start')}
              </Button>
            )}
        {store.canAction('once') && (
          <Button size="small" onClick={() => run('once')} data-action="once">
            {t('task.once')}
          </Button>
        )}
        {store.canAction('log') && (
          <Button size="small" onClick={() => run('log')} data-action="log">
            {t('task.log')}
          </Button>
        )}
        {can.update && (
          <Button size="small" theme="borderless" onClick={() => run('edit')}>
            {tc('edit')}
          </Button>
        )}
        {can.delete && (
          <Button size="small" theme="borderless" type="danger" onClick={() => run('delete')}>
            {tc('delete')}
          </Button>
        )}
      </div>
    </>
  );
}

function TaskLogDrawer({ ctx, onClose }: { ctx: ActionContext; onClose(): void }) {
  const { t } = useTranslation('modules');
  const { app } = useStores();
  const row = ctx.row ?? ctx.rows[0];
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: Row[]; total: number; loading: boolean }>({ list: [], total: 0, loading: true });
  const size = 20;
  useEffect(() => {
    let alive = true;
    setData((d) => ({ ...d, loading: true }));
    ctx.store.provider
      .action<{ list: Row[]; pagination: { total: number } }>('log', { ...(row ? { id: row.id } : {}), page, size })
      .then(
        (r) => alive && setData({ list: r.list ?? [], total: Number(r.pagination?.total) || 0, loading: false }),
        () => alive && setData({ list: [], total: 0, loading: false }),
      );
    return () => {
      alive = false;
    };
  }, [ctx.store, row, page]);
  return (
    <Drawer visible title={t('task.logTitle', { name: String(row?.name ?? '') })} width={app.screen === 'xs' ? '100%' : 720} onCancel={onClose} closeOnEsc>
      <Table
        data-testid="task-log"
        size="small"
        rowKey="id"
        loading={data.loading}
        dataSource={data.list}
        pagination={{ currentPage: page, pageSize: size, total: data.total, onPageChange: setPage }}
        columns={[
          { title: t('task.logDetail'), dataIndex: 'detail', render: (v: unknown) => <Typography.Text ellipsis={{ showTooltip: true }} style={{ maxWidth: 260 }}>{String(v ?? '')}</Typography.Text> },
          { title: t('task.logStatus'), dataIndex: 'status', width: 100, render: (v: unknown) => <StatusTag ok={v} /> },
          {
            title: t('task.logTime'),
            dataIndex: 'createTime',
            width: 190,
            render: (v: unknown, r: Row) => (
              <>
                <div className="crud-nowrap">{formatDate(v, app.locale, true)}</div>
                {r.duration !== null && r.duration !== undefined ? <div className="crud-muted">{t('task.ms', { n: r.duration })}</div> : null}
              </>
            ),
          },
        ]}
      />
    </Drawer>
  );
}

/** An interval kept in milliseconds, typed in seconds. */
function SecondsWidget(p: WidgetProps) {
  const { t } = useTranslation('modules');
  const ms = p.value === undefined || p.value === null ? undefined : Number(p.value);
  return (
    <InputNumber
      id={p.id}
      aria-label={p.label}
      style={{ width: '100%' }}
      min={1}
      precision={0}
      suffix={t('task.seconds')}
      disabled={p.disabled || p.readonly}
      value={ms === undefined ? undefined : ms / 1000}
      onNumberChange={(v) => p.onChange(Number.isFinite(v) ? Math.round(v) * 1000 : undefined)}
      onChange={(v) => {
        if (v === '' || v === null) p.onChange(null);
      }}
    />
  );
}

/** The service from the server's registry of allowed handlers; an argument may be typed in its parentheses. */
function TaskServiceWidget(p: WidgetProps) {
  const { t } = useTranslation('modules');
  const { request } = useStores();
  const [list, setList] = useState<string[] | undefined>();
  useEffect(() => {
    let alive = true;
    request<string[]>({ url: '/admin/task/info/services', method: 'GET', progress: false }).then(
      (r) => alive && setList(r ?? []),
      () => alive && setList([]),
    );
    return () => {
      alive = false;
    };
  }, [request]);
  const value = (p.value as string | undefined) ?? undefined;
  const options = [...new Set([...(list ?? []), ...(value ? [value] : [])])].map((s) => ({ value: s, label: s }));
  return (
    <Select
      id={p.id}
      aria-label={p.label}
      style={{ width: '100%' }}
      filter
      allowCreate
      showClear
      loading={!list}
      placeholder={t('task.servicePlaceholder')}
      disabled={p.disabled || p.readonly}
      value={value}
      optionList={options}
      onChange={(v) => p.onChange((v as string | undefined) || null)}
    />
  );
}

const byId = (name: string) => ({
  run: async ({ store, row, rows }: ActionContext) => {
    await store.provider.action(name, { id: (row ?? rows[0])?.id });
  },
});

export const taskScreens: ScreenModule = {
  cards: { 'task/info': TaskCard },
  actions: {
    'task/info:start': byId('start'),
    'task/info:stop': byId('stop'),
    'task/info:once': byId('once'),
    'task/info:log': { run: () => false, dialog: TaskLogDrawer },
  },
  widgets: { seconds: SecondsWidget, 'task-service': TaskServiceWidget },
};
