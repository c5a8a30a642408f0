import type { LockDriver } from './contract.js';

/**
 * The built-in driver for devices without a vendor (lockFactory empty or 'simulated'): every command
 * succeeds and answers the state a real device would reach. The state itself is persisted by the
 * command handler in lock_device, so it is shared by every server instance and survives restarts.
 */
export const simulatedDriver: LockDriver = {
  name: 'simulated',
  async clearPassword() {
    return { ok: true, data: { passwordCleared: true } };
  },
  async getWallpaper(device) {
    return { ok: true, data: { wallpaper: device.wallpaper ?? null } };
  },
  async setWallpaper(_device, url) {
    return { ok: true, data: { wallpaper: url } };
  },
  async limitApp(_device, apps) {
    return { ok: true, data: { limitedApps: [...apps] } };
  },
  async setLossMode(_device, on, message) {
    return { ok: true, data: { lossMode: on, message: message ?? null } };
  },
};
