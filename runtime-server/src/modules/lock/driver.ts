import { simulatedDriver } from './simulatedDriver.js';

/**
 * The contract between the device lock commands and a lock vendor. A driver only talks to the
 * device (or the vendor's cloud); the command handler persists the resulting state and the command
 * log, so a driver keeps no state of its own. See README.md in this folder.
 */

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

export const SIMULATED = 'simulated';

const drivers = new Map<string, LockDriver>([[SIMULATED, simulatedDriver]]);

/** Registers a vendor driver under its lockFactory value (case-insensitive); replaces one of that name. */
export function registerLockDriver(factory: string, driver: LockDriver): void {
  drivers.set(factory.trim().toLowerCase(), driver);
}

/** Removes a registered driver (tests); the built-in simulated driver cannot be removed. */
export function unregisterLockDriver(factory: string): void {
  const key = factory.trim().toLowerCase();
  if (key !== SIMULATED) drivers.delete(key);
}

/**
 * The driver of a device's lockFactory: empty or 'simulated' → the simulated driver; an unknown
 * name → undefined (the caller reports it: never a silent fallback that would fake a real command).
 */
export function driverFor(lockFactory: string | null | undefined): LockDriver | undefined {
  const key = (lockFactory ?? '').trim().toLowerCase();
  return drivers.get(key === '' ? SIMULATED : key);
}
