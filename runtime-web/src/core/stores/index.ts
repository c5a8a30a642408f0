import { currentLocale, setLocaleStorage, t } from '../i18n';
import { createRequest } from '../request';
import type { Request } from '../request';
import { storage as defaultStorage } from '../storage';
import type { AppStorage } from '../storage';
import { AppStore } from './app';
import type { Navigate, Toast } from './app';
import { DictStore } from './dict';
import { EpsStore } from './eps';
import { MenuStore } from './menu';
import { ProcessStore } from './process';
import { UserStore } from './user';

export { AppStore, DictStore, EpsStore, MenuStore, ProcessStore, UserStore };
export type { AppInfo, Navigate, Toast, ToastKind } from './app';
export type { DictOption, DictRow } from './dict';
export type { MenuItem, MenuNode, MenuRoute, PermMenu, RouteMeta } from './menu';
export { buildMenuTree, menuRoutes } from './menu';
export type { ProcessTab, VisitedRoute } from './process';
export { NO_PROCESS_PATHS } from './process';
export type { Captcha, LoginForm, UserInfo } from './user';

export interface StoresOptions {
  storage?: AppStorage;
  /** Node tests pass the global fetch with an absolute base URL. */
  fetch?: typeof fetch;
  baseUrl?: string;
  timeout?: number;
  /** Can also be set later with `stores.app.setNavigator` (the router exists after the stores). */
  navigate?: Navigate;
  toast?: Toast;
  progress?: { start(): void; done(): void };
}

export interface Stores {
  app: AppStore;
  user: UserStore;
  menu: MenuStore;
  process: ProcessStore;
  dict: DictStore;
  eps: EpsStore;
  /** The configured request function (base `/api`, tokens, envelope). */
  request: Request;
}

/** All stores, wired to one request layer whose session is the user store. */
export function createStores(options: StoresOptions = {}): Stores {
  const storage = options.storage ?? defaultStorage;
  // The locale lives in the same storage as everything else (i18n is one instance per page).
  if (options.storage) setLocaleStorage(storage);
  const app = new AppStore(storage, { navigate: options.navigate, toast: options.toast });
  const menu = new MenuStore(storage, () => app.locale);
  const process = new ProcessStore();
  const dict = new DictStore();
  const eps = new EpsStore();
  const user = new UserStore(storage, () => {
    menu.clear();
    process.clear();
    dict.clear();
    app.navigate('/login', { replace: true });
  });
  const request = createRequest({
    session: user.session,
    locale: () => currentLocale(),
    translate: (key, params) => t(`core:${key}`, params),
    onLogout: (message) => {
      app.toast('error', message);
      user.clear();
    },
    onHttpError: (status) => {
      if (status === 401) user.clear();
      else app.navigate(`/${status}`);
    },
    progress: options.progress,
    baseUrl: options.baseUrl,
    timeout: options.timeout,
    fetch: options.fetch,
  });
  for (const s of [user, menu, dict, eps]) s.attach(request);
  return { app, user, menu, process, dict, eps, request };
}
