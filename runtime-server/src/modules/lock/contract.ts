/** The contract between the device lock commands and a lock vendor (drivers register in driver.ts). */

/** What a driver sees of a device (wire format of lock_device, without the callback secret). */
export interface LockDevice {
  id: number;
  serialNumber: string;
  lockType: number | null;
  lockFactory: string | null;
  lossMode: boolean;
  wallpaper: string | null;
  limitedApps: string[] | null;
  [field: string]: unknown;
}

/** A command's outcome: `ok` with optional data, or a failure with a human-readable error. */
export interface LockResult {
  ok: boolean;
  data?: Record<string, unknown>;
  error?: string;
}

export interface LockDriver {
  /** Stored in each command-log row (≤ 50 characters). */
  readonly name: string;
  clearPassword(device: LockDevice): Promise<LockResult>;
  /** On success `data.wallpaper` (string | null) is the wallpaper the device reports. */
  getWallpaper(device: LockDevice): Promise<LockResult>;
  setWallpaper(device: LockDevice, url: string): Promise<LockResult>;
  /** Replaces the device's limited-app list (an empty list lifts every limit). */
  limitApp(device: LockDevice, apps: string[]): Promise<LockResult>;
  setLossMode(device: LockDevice, on: boolean, message?: string): Promise<LockResult>;
}
