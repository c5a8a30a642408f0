import { makeAutoObservable } from 'mobx';

/** A visited route shown as a tab. */
export interface ProcessTab {
  /** Path without query: the tab's key. */
  path: string;
  /** Path with query/hash, to navigate back to it. */
  fullPath: string;
  label: string;
  keepAlive: boolean;
}

export interface VisitedRoute {
  path: string;
  fullPath?: string;
  meta?: { label?: string; keepAlive?: boolean; isHome?: boolean; process?: boolean; [key: string]: unknown };
}

/** Pages that are never tabs (docs/reference/product-spec.md §2): home, sign-in and the error pages. */
export const NO_PROCESS_PATHS = ['/', '/login', '/401', '/403', '/404', '/500', '/502'];

/** The tabs bar: visited routes, except home, error pages and routes marked `process: false`. */
export class ProcessStore {
  list: ProcessTab[] = [];
  active: string | undefined = undefined;

  constructor() {
    makeAutoObservable(this);
  }

  static tracks(route: VisitedRoute): boolean {
    return !NO_PROCESS_PATHS.includes(route.path) && !route.meta?.isHome && route.meta?.process !== false;
  }

  /** Called on every navigation: adds or refreshes the tab and marks it active. */
  add(route: VisitedRoute): void {
    if (!ProcessStore.tracks(route)) {
      this.active = undefined;
      return;
    }
    const tab: ProcessTab = {
      path: route.path,
      fullPath: route.fullPath ?? route.path,
      label: route.meta?.label ?? route.path,
      keepAlive: route.meta?.keepAlive === true,
    };
    const i = this.list.findIndex((t) => t.path === route.path);
    if (i >= 0) this.list[i] = tab;
    else this.list.push(tab);
    this.active = route.path;
  }

  /** Closes one tab; returns where to go when it was the active one (the last tab left, else '/'). */
  close(path: string): string | undefined {
    const wasActive = this.active === path;
    this.list = this.list.filter((t) => t.path !== path);
    if (!wasActive) return undefined;
    const last = this.list[this.list.length - 1];
    this.active = last?.path;
    return last?.fullPath ?? '/';
  }

  closeCurrent(): string | undefined {
    return this.active ? this.close(this.active) : undefined;
  }

  /** Keeps only the active tab. */
  closeOthers(): void {
    this.list = this.list.filter((t) => t.path === this.active);
  }

  /** Closes every tab; the caller navigates to '/'. */
  closeAll(): string {
    this.list = [];
    this.active = undefined;
    return '/';
  }

  clear(): void {
    this.closeAll();
  }

  /** Paths of open tabs whose menu is kept alive (closing a tab drops its cache). */
  get keepAliveKeys(): string[] {
    return this.list.filter((t) => t.keepAlive).map((t) => t.path);
  }
}
