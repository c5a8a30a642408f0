/** A route the shell can show: static, or built from a menu entry (then `dynamic`). */
export interface AppRoute {
  /** react-router pattern, e.g. `/sys/user` or `/demo/test/route/:id/:name?`. */
  path: string;
  name?: string;
  viewPath?: string | null;
  keepAlive?: boolean;
  isShow?: boolean;
  icon?: string | null;
  meta?: RouteMeta;
  /** A path that only forwards (the home menu's own router address → '/'). */
  redirect?: string;
}

export interface RouteMeta {
  label?: string;
  [key: string]: unknown;
  /** i18n key (namespace `app`) of the label, for static routes. */
  labelKey?: string;
  /** false: never tracked as a tab (error pages, login). */
  process?: boolean;
  isHome?: boolean;
  /** Rendered outside the main frame (`/pages/` view paths, login, error pages). */
  isPage?: boolean;
  /** Registered from a menu entry; dropped on logout. */
  dynamic?: boolean;
  iframeUrl?: string;
  keepAlive?: boolean;
}

/** Paths the guard lets through without a token (docs/reference/product-spec.md §2). */
export const IGNORED_PATHS = ['/login', '/401', '/403', '/404', '/500', '/502'] as const;

export const ERROR_CODES = [401, 403, 404, 500, 502] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
