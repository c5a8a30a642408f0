/** The device the panel shows: its state and recent commands, reloaded when the panel opens it again. */
import { useCallback, useEffect, useState } from 'react';
import { Toast } from '@douyinfe/semi-ui';
import type { Request } from '../../core/request';
import type { Device } from './commands';
import type { CommandRow } from './DeviceParts';
import { devicePanel } from './panelStore';

export function useDevice(request: Request, id: number | undefined, canHistory: boolean) {
  const [device, setDevice] = useState<Device>();
  const [history, setHistory] = useState<CommandRow[]>([]);
  const [apps, setApps] = useState<string[]>([]);
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
  useEffect(() => {
    setDevice(undefined);
    setHistory([]);
    if (id === undefined) return;
    void reload().catch((err: unknown) => Toast.error(err instanceof Error ? err.message : String(err)));
  }, [id, devicePanel.version, reload]);
  return { device, history, apps, setApps, reload };
}
