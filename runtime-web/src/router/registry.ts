import { makeAutoObservable } from 'mobx';
import type { AppRoute } from './types';

/** Menu routes registered on first visit (docs/reference/product-spec.md §2 guard rule 3); dropped on logout. */
export class DynamicRoutes {
  routes: AppRoute[] = [];

  constructor() {
    makeAutoObservable(this);
  }

  add(route: AppRoute): void {
    if (!this.routes.some((r) => r.path === route.path)) this.routes.push(route);
  }

  clear(): void {
    if (this.routes.length) this.routes = [];
  }

  get pages(): AppRoute[] {
    return this.routes.filter((r) => r.meta?.isPage);
  }

  get views(): AppRoute[] {
    return this.routes.filter((r) => !r.meta?.isPage);
  }
}
