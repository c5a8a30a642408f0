import { ERROR_CODES } from './types';
import type { AppRoute } from './types';

/** Full-screen pages known up front. */
export const STATIC_PAGES: AppRoute[] = [
  { path: '/login', name: 'login', meta: { isPage: true, process: false, labelKey: 'login.submit' } },
  ...ERROR_CODES.map((code) => ({ path: `/${code}`, name: `error-${code}`, meta: { isPage: true, process: false, labelKey: `error.${code}` } })),
];

/** Views inside the main frame known up front (the menu adds the rest). */
export const STATIC_VIEWS: AppRoute[] = [
  { path: '/', name: 'home', meta: { isHome: true, process: false, labelKey: 'placeholder.homeTitle' } },
  { path: '/my/info', name: 'my-info', viewPath: 'modules/base/views/info.vue', meta: { labelKey: 'my.title' } },
  { path: '/demo/test/route/:id/:name?', name: 'demo-route', meta: { labelKey: 'demo.routeTitle' } },
];
