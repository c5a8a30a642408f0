import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { IconClose } from '@douyinfe/semi-icons';
import { Button, Descriptions, Empty, Image, Modal, Space, Spin, Switch, Table, Tag, TagInput, Toast, Typography } from '@douyinfe/semi-ui';
import { Drawer } from '../../a11y/Drawer';
import { useStores } from '../../core/stores/context';
import { useIsNarrow } from './narrow';
import { uploadKey } from '../../extensions/upload/check';
import { commandLabel, confirm, post, toggleLoss, wallpaperUrl } from './commands';
import type { Device } from './commands';
import { devicePanel } from './panelStore';

interface CommandRow {
  id: number;
  command: string;
  success: boolean;
  result: { data?: unknown; error?: string } | null;
  params: unknown;
  createTime: string;
}

const PERM = (action: string) => `lock:deviceLockController:${action}`;

/** The device panel: current state, every command with its confirmation and result, and the command history. */
export const DevicePanel = observer(function DevicePanel() {
  const { t } = useTranslation('lock');
  const { request, menu } = useStores();
  const narrow = useIsNarrow();
  const id = devicePanel.deviceId;
  const [device, setDevice] = useState<Device>();
  const [history, setHistory] = useState<CommandRow[]>([]);
  const [busy, setBusy] = useState<string>();
  const [apps, setApps] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const can = (action: string) => menu.hasPerm(PERM(action));
  const canHistory = menu.hasPerm('lock:command:page');

  const reload = useCallback(async () => {
    if (id === undefined) return;
    const [d, h] = await Promise.all([
      request<Device>({ url: '/admin/lock/deviceLockController/info', method: 'GET', params: { id } }),
      canHistory
        ? request<{ list: CommandRow[] }>({ url: '/admin/lock/command/page', method: 'POST', data: { deviceId: id, page: 1, size: 10 }, progress: false })
        : Promise.resolve({ list: [] as CommandRow[] }),
    ]);
    setDevice(d);
    setApps(d.limitedApps ?? []);
    setHistory(h.list);
  }, [id, request, canHistory]);

  /** Runs one command after its confirmation; shows its result and reloads state, history and the list. */
  const run = useCallback(
    async (command: string, question: string | undefined, go: () => Promise<unknown>, show?: (data: unknown) => void) => {
      if (question !== undefined && !(await confirm(question, command === 'clearPassword' || command === 'rotateSecret'))) return;
      setBusy(command);
      try {
        const data = await go();
        if (show) show(data);
        else Toast.success(t('done', { command: commandLabel(command) }));
      } catch (err) {
        Toast.error(t('failed', { command: commandLabel(command), message: err instanceof Error ? err.message : String(err) }));
      } finally {
        setBusy(undefined);
        await reload().catch(() => {});
        await devicePanel.list?.refresh().catch(() => {});
      }
    },
    [reload, t],
  );

  const serial = device?.serialNumber ?? '';
  const actions: Record<string, () => void> = {
    clearPassword: () => void run('clearPassword', t('confirmClearPassword', { serial }), () => post(request, 'clearPassword', { id })),
    getWallpaper: () =>
      void run('getWallpaper', t('confirmGetWallpaper', { serial }), () => post<{ wallpaper: string | null }>(request, 'getWallpaper', { id }), (data) =>
        Toast.success(t('gotWallpaper', { wallpaper: (data as { wallpaper: string | null }).wallpaper ?? t('none') })),
      ),
    wallpaper: () => fileInput.current?.click(),
    limitApp: () => void run('limitApp', t('confirmLimitApp', { serial, apps: apps.join(', ') || t('none') }), () => post(request, 'limitApp', { id, apps })),
    rotateSecret: () =>
      void run('rotateSecret', t('confirmRotate', { serial }), () => post<{ secret: string }>(request, 'rotateSecret', { id }), (data) => {
        const secret = (data as { secret: string }).secret;
        Modal.info({
          title: t('secretTitle'),
          content: (
            <div>
              <p>{t('secretOnce')}</p>
              <Typography.Paragraph copyable={{ content: secret, successTip: t('copied') }} data-testid="lock-secret" style={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
                {secret}
              </Typography.Paragraph>
            </div>
          ),
          okText: t('close'),
          okButtonProps: { 'data-testid': 'lock-secret-close' } as object,
        });
      }),
    loss: () =>
      void (async () => {
        if (!device) return;
        setBusy('loss');
        try {
          const on = await toggleLoss((body) => post(request, 'loss', body), device);
          if (on !== undefined) Toast.success(t('done', { command: `${t('lossMode')} ${on ? t('on') : t('off')}` }));
        } catch (err) {
          Toast.error(t('failed', { command: t('lossMode'), message: err instanceof Error ? err.message : String(err) }));
        } finally {
          setBusy(undefined);
          await reload().catch(() => {});
          await devicePanel.list?.refresh().catch(() => {});
        }
      })(),
  };

  useEffect(() => {
    setDevice(undefined);
    setHistory([]);
    if (id === undefined) return;
    void reload().catch((err: unknown) => Toast.error(err instanceof Error ? err.message : String(err)));
  }, [id, devicePanel.version, reload]);
  // A command a row asked for runs once the device is loaded (its confirmation names the device).
  useEffect(() => {
    if (!device || device.id !== id) return;
    const pending = devicePanel.takePending();
    if (pending) actions[pending]?.();
    // `actions` is rebuilt every render; only a newly loaded device matters here.
  }, [device]);

  const pickWallpaper = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || id === undefined) return;
    if (!(await confirm(t('confirmSetWallpaper', { serial })))) return;
    await run('wallpaper', undefined, async () => {
      const form = new FormData();
      form.append('key', uploadKey(file.name));
      form.append('file', file);
      const uploaded = await request<string | string[]>({ url: '/admin/base/comm/upload', method: 'POST', data: form, progress: false });
      const url = Array.isArray(uploaded) ? (uploaded[0] ?? '') : uploaded;
      return post(request, 'wallpaper', { id, url: wallpaperUrl(url) });
    });
  };

  const button = (action: string, label: string) =>
    can(action) ? (
      <Button key={action} onClick={actions[action]} loading={busy === action} disabled={busy !== undefined && busy !== action} data-testid={`lock-${action}`}>
        {label}
      </Button>
    ) : null;

  return (
    <Drawer
      visible={id !== undefined}
      onCancel={() => devicePanel.close()}
      // Our own close button: Semi's is labelled 'Close' in every language.
      closable={false}
      title={
        <div className="lock-panel__title">
          <span>{device ? t('panelOf', { serial }) : t('panel')}</span>
          <Button icon={<IconClose />} theme="borderless" type="tertiary" aria-label={t('close')} onClick={() => devicePanel.close()} data-testid="lock-panel-close" />
        </div>
      }
      width={narrow ? '100%' : 560}
      data-testid="lock-panel"
    >
      {!device ? (
        <Spin />
      ) : (
        <div className="lock-panel" data-testid="lock-panel-body">
          <h4>{t('state')}</h4>
          <Descriptions
            data={[
              {
                key: t('lossMode'),
                value: (
                  <Space>
                    <Switch
                      checked={device.lossMode === true}
                      disabled={!can('loss') || busy !== undefined}
                      loading={busy === 'loss'}
                      onChange={() => actions.loss?.()}
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
          <h4>{t('actions')}</h4>
          <Space wrap>
            {button('clearPassword', t('clearPassword'))}
            {button('getWallpaper', t('getWallpaper'))}
            {button('wallpaper', t('setWallpaper'))}
            {button('rotateSecret', t('rotateSecret'))}
          </Space>
          <input ref={fileInput} type="file" accept="image/*" hidden onChange={(e) => void pickWallpaper(e)} data-testid="lock-wallpaper-input" aria-label={t('chooseWallpaper')} />
          {can('limitApp') && (
            <div className="lock-panel__apps">
              <TagInput value={apps} onChange={setApps} placeholder={t('appsPlaceholder')} aria-label={t('limitedApps')} data-testid="lock-apps-input" />
              {button('limitApp', t('saveApps'))}
            </div>
          )}
          {canHistory && (
            <>
              <h4>{t('history')}</h4>
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
            </>
          )}
        </div>
      )}
    </Drawer>
  );
});
