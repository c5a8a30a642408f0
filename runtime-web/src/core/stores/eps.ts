import { makeAutoObservable, observableRef } from 'mobx';
import { buildServices, epsEntries } from '../eps';
import type { EpsEntry, Services } from '../eps';
import type { Request } from '../request';
import { registerEntityLabels } from '../menuLabels';

/** The service tree from the live EPS. */
export class EpsStore {
  services: Services | undefined = undefined;
  entries: EpsEntry[] = [];
  error: string | undefined = undefined;
  private request: Request | undefined;

  constructor() {
    makeAutoObservable<EpsStore, 'request'>(this, { services: observableRef, entries: observableRef, request: false });
  }

  attach(request: Request): void {
    this.request = request;
  }

  async load(): Promise<Services> {
    if (!this.request) throw new Error('EpsStore used before createStores attached the request layer');
    const data = await this.request<unknown>({ url: '/admin/base/open/eps' });
    const entries = epsEntries(data);
    if (!entries.length) throw new Error('EPS answered without entries');
    this.set(entries);
    return this.services!;
  }

  set(entries: EpsEntry[]): void {
    registerEntityLabels(
      entries.flatMap((e) => {
        const screen = e.screen as { moduleLabel?: Record<string, string> } | undefined;
        if (!screen) return [];
        return [e.label as Record<string, string>, ...(screen.moduleLabel ? [screen.moduleLabel] : [])].filter((l) => l && typeof l === 'object');
      }),
    );
    this.entries = entries;
    this.services = buildServices(entries, this.request!);
    this.error = undefined;
  }

  setError(message: string): void {
    this.error = message;
  }
}
