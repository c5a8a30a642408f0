/** Parts of the device panel: the device's state, its command history and the one-time secret dialog. */
import { Descriptions, Empty, Image, Modal, Space, Switch, Table, Tag, Typography } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { t } from '../../core/i18n';
import { commandLabel } from './commands';
import type { Device } from './commands';

export interface CommandRow {
  id: number;
  command: string;
  success: boolean;
  result: { data?: unknown; error?: string } | null;
  params: unknown;
  createTime: string;
}

export function DeviceState({ device, canLoss, busy, onLoss }: { device: Device; canLoss: boolean; busy: string | undefined; onLoss(): void }) {
  const { t } = useTranslation('lock');
  return (
    <Descriptions
      data={[
        {
          key: t('lossMode'),
          value: (
            <Space>
              <Switch
                checked={device.lossMode === true}
                disabled={!canLoss || busy !== undefined}
                loading={busy === 'loss'}
                onChange={onLoss}
                aria-label={t('lossMode')}
                data-testid="lock-loss-switch"
              />
              <Tag color={device.lossMode ? 'red' : 'grey'} data-testid="lock-loss-state">
                {device.lossMode ? t('on') : t('off')}
              </Tag>
            </Space>
          ),
        },
        {
          key: t('wallpaper'),
          value: device.wallpaper ? (
            <span data-testid="lock-wallpaper">
              <Image src={device.wallpaper} width={96} height={64} alt={t('wallpaper')} />
            </span>
          ) : (
            <span data-testid="lock-wallpaper">{t('none')}</span>
          ),
        },
        {
          key: t('limitedApps'),
          value: <span data-testid="lock-apps">{device.limitedApps?.length ? device.limitedApps.join(', ') : t('none')}</span>,
        },
        { key: t('lastCommandTime'), value: <span data-testid="lock-last-command">{device.lastCommandTime ?? t('never')}</span> },
      ]}
    />
  );
}

export function CommandHistory({ history }: { history: CommandRow[] }) {
  const { t } = useTranslation('lock');
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={history}
      empty={<Empty description={t('noHistory')} />}
      data-testid="lock-history"
      columns={[
        { title: t('command'), dataIndex: 'command', render: (c: string) => commandLabel(c) },
        {
          title: t('result'),
          dataIndex: 'success',
          render: (ok: boolean, row: CommandRow) => (
            <span title={row.result?.error ?? JSON.stringify(row.params ?? '')}>
              <Tag color={ok ? 'green' : 'red'}>{ok ? t('success') : t('failure')}</Tag>
            </span>
          ),
        },
        { title: t('time'), dataIndex: 'createTime' },
      ]}
    />
  );
}

/** A rotated secret is shown once, copyable. */
export function showSecret(secret: string): void {
  Modal.info({
    title: t('lock:secretTitle'),
    content: (
      <div>
        <p>{t('lock:secretOnce')}</p>
        <Typography.Paragraph copyable={{ content: secret, successTip: t('lock:copied') }} data-testid="lock-secret" style={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
          {secret}
        </Typography.Paragraph>
      </div>
    ),
    okText: t('lock:close'),
    okButtonProps: { 'data-testid': 'lock-secret-close' } as object,
  });
}
