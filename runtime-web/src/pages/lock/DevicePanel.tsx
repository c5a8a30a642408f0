import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { IconClose } from '@douyinfe/semi-icons';
import { Button, Space, Spin, TagInput, Toast } from '@douyinfe/semi-ui';
import { Drawer } from '../../a11y/Drawer';
import { useStores } from '../../core/stores/context';
import { useIsNarrow } from './narrow';
import { uploadKey } from '../../extensions/upload/check';
import { commandLabel, confirm, post, toggleLoss, wallpaperUrl } from './commands';
import { devicePanel } from './panelStore';
import { CommandHistory, DeviceState, showSecret } from './DeviceParts';
import { useDevice } from './useDevice';

const PERM = (action: string) => `lock:deviceLockController:${action}`;

/** The device panel: current state, every command with its confirmation and result, and the command history. */
export const DevicePanel = observer(function DevicePanel() {
  const { t } = useTranslation('lock');
  const { request, menu } = useStores();
  const narrow = useIsNarrow();
  const id = devicePanel.deviceId;
  const [busy, setBusy] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const can = (action: string) => menu.hasPerm(PERM(action));
  const canHistory = menu.hasPerm('lock:command:page');
  const { device, history, apps, setApps, reload } = useDevice(request, id, canHistory);

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
        showSecret((data as { secret: string }).secret);
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
          <DeviceState device={device} canLoss={can('loss')} busy={busy} onLoss={() => actions.loss?.()} />
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
              <CommandHistory history={history} />
            </>
          )}
        </div>
      )}
    </Drawer>
  );
});
