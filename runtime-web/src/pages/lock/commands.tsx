import { Modal } from '@douyinfe/semi-ui';
import type { Request } from '../../core/request';
import { t } from '../../core/i18n';
import './locales';

/** A device row as the list and `info` answer it (state columns are read-only, written by commands). */
export interface Device {
  id: number;
  serialNumber: string;
  lossMode?: boolean;
  wallpaper?: string | null;
  limitedApps?: string[] | null;
  lastCommandTime?: string | null;
  [key: string]: unknown;
}

const BASE = '/admin/lock/deviceLockController';

/** The label of a logged command name (`lock_command.command`). */
export function commandLabel(command: string): string {
  const key = { wallpaper: 'setWallpaper', loss: 'lossMode' }[command] ?? command;
  return t(`lock:${key}`);
}

/** A Semi confirmation as a promise. */
export function confirm(content: string, danger = false): Promise<boolean> {
  return new Promise((resolve) => {
    Modal.confirm({
      title: t('lock:confirmTitle'),
      content: <span data-testid="lock-confirm">{content}</span>,
      okText: t('lock:confirm'),
      cancelText: t('lock:cancel'),
      okButtonProps: { type: danger ? 'danger' : 'primary', 'data-testid': 'lock-confirm-ok' } as object,
      cancelButtonProps: { 'data-testid': 'lock-confirm-cancel' } as object,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/** Posts a device command; resolves to the answer's data. */
export function post<T = unknown>(request: Request, command: string, body: Record<string, unknown>): Promise<T> {
  return request<T>({ url: `${BASE}/${command}`, method: 'POST', data: body });
}

/**
 * Loss mode on ↔ off for one device, after a confirmation naming the device and the direction.
 * Resolves to the new state, or undefined when the user cancelled.
 */
export async function toggleLoss(send: (body: Record<string, unknown>) => Promise<unknown>, device: Device): Promise<boolean | undefined> {
  const on = device.lossMode !== true;
  const ok = await confirm(t(on ? 'lock:confirmLossOn' : 'lock:confirmLossOff', { serial: device.serialNumber }), on);
  if (!ok) return undefined;
  await send({ id: device.id, on });
  return on;
}

/**
 * Upload answers are `<UPLOAD_BASE_URL>/upload/…` (by default `/api/upload/…`); the wallpaper command takes
 * an http(s) URL or a server path starting with `/upload/`, which this server also serves.
 */
export function wallpaperUrl(uploaded: string): string {
  if (/^https?:\/\//.test(uploaded)) return uploaded;
  const at = uploaded.indexOf('/upload/');
  return at >= 0 ? uploaded.slice(at) : uploaded;
}
