import { makeAutoObservable } from 'mobx';
import type { CrudStore } from '../../crud/store';

/**
 * Which device the panel shows, and which command a row asked for. The generic device list hands its
 * row actions here (declared by name in lockScreens.ts), so the list stays the generic CRUD screen.
 */
export class DevicePanelState {
  deviceId: number | undefined = undefined;
  /** A command to confirm as soon as the panel opens (from a row action). */
  pending: string | undefined = undefined;
  list: CrudStore | undefined = undefined;
  /** Bumped by every open, so re-opening the same device reloads it. */
  version = 0;

  constructor() {
    makeAutoObservable(this, { list: false });
  }

  open(deviceId: number, pending?: string, list?: CrudStore): void {
    this.deviceId = deviceId;
    this.pending = pending;
    this.version += 1;
    if (list) this.list = list;
  }

  takePending(): string | undefined {
    const p = this.pending;
    this.pending = undefined;
    return p;
  }

  close(): void {
    this.deviceId = undefined;
    this.pending = undefined;
  }
}

export const devicePanel = new DevicePanelState();
