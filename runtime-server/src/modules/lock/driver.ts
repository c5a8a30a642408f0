import type { LockDriver } from './contract.js';
import { simulatedDriver } from './simulatedDriver.js';

/**
 * The registry of lock vendors' drivers by factory name; the contract between the device lock commands and a
 * vendor is `contract.ts`. A driver only talks to the device (or the vendor's cloud); the command handler persists
 * the resulting state and the command log, so a driver keeps no state of its own. See README.md in this folder.
 */

export type { LockDevice, LockDriver, LockResult } from './contract.js';

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
