import { Toast } from '@douyinfe/semi-ui';
import { CrudScreen } from '../../crud-view/CrudScreen';
import { registerAction } from '../../crud-view/registry';
import { t } from '../../core/i18n';
import { commandLabel, toggleLoss } from './commands';
import type { Device } from './commands';
import { DevicePanel } from './DevicePanel';
import { devicePanel } from './panelStore';
import './lock.css';

const ENTITY = 'lock/deviceLockController';

/*
 * The device list is the generic screen of the entity (its spec filters, add/edit/delete, history); the
 * controller's own behaviour plugs into its row actions by name, for this entity only. Loss mode switches
 * right from the row (with confirmation); every other command opens the device panel and asks there.
 */
registerAction(`${ENTITY}:loss`, {
  async run({ store, row }): Promise<false> {
    if (!row) return false;
    const on = await toggleLoss((body) => store.provider.action('loss', body), row as Device).catch((err: unknown) => {
      Toast.error(t('lock:failed', { command: commandLabel('loss'), message: err instanceof Error ? err.message : String(err) }));
      return null;
    });
    if (on === undefined || on === null) return false;
    Toast.success(t('lock:done', { command: `${t('lock:lossMode')} ${on ? t('lock:on') : t('lock:off')}` }));
    await store.refresh();
    if (devicePanel.deviceId === Number(row.id)) devicePanel.open(Number(row.id));
    return false;
  },
});
for (const command of ['clearPassword', 'getWallpaper', 'wallpaper', 'limitApp', 'rotateSecret']) {
  registerAction(`${ENTITY}:${command}`, {
    run({ store, row }) {
      if (row) devicePanel.open(Number(row.id), command === 'limitApp' ? undefined : command, store);
      return false;
    },
  });
}

/** `modules/lock/views/device/index.vue`: the device-lock controller (a bespoke view the spec names). */
export default function DeviceLock() {
  return (
    <div className="lock-view" data-testid="view-device-lock">
      <CrudScreen prefix={`/admin/${ENTITY}`} />
      <DevicePanel />
    </div>
  );
}
