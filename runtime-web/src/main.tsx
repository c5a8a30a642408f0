import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import NProgress from 'nprogress';
import { Toast } from '@douyinfe/semi-ui';
import '@douyinfe/semi-ui/dist/css/semi.min.css';
import 'nprogress/nprogress.css';
import './main.css';
import './app/locales';
import { currentLocale } from './core/i18n';
import { bootstrap } from './core/bootstrap';
import { createStores } from './core/stores';
import type { Stores } from './core/stores';
import { installExtensions } from './extensions';
import { followDevEvents, isLocalHost } from './core/devEvents';
import { App } from './App';

declare global {
  interface Window {
    /** The running stores, for the browser console and the browser tests. */
    __schemaAdmin?: { stores: Stores };
  }
}

// nprogress's default template marks its parts role="bar" and role="spinner", which are no ARIA roles.
NProgress.configure({
  showSpinner: true,
  template: '<div class="bar"><div class="peg"></div></div><div class="spinner"><div class="spinner-icon"></div></div>',
  barSelector: '.bar',
  spinnerSelector: '.spinner',
});

/**
 * Start-up (docs/reference/product-spec.md §1): stores, extensions installed, the root view mounted on #app, then EPS and the
 * session loaded. Failures are logged for developers and never shown to the user.
 */
async function start(): Promise<void> {
  document.documentElement.lang = currentLocale();
  const stores = createStores({
    toast: (kind, message) => Toast[kind](message),
    progress: { start: () => NProgress.start(), done: () => NProgress.done() },
  });
  window.__schemaAdmin = { stores };
  const extensions = await installExtensions(stores);
  const el = document.getElementById('app');
  if (!el) throw new Error('#app element missing from index.html');
  createRoot(el).render(
    <StrictMode>
      <App stores={stores} extensions={extensions} />
    </StrictMode>,
  );
  await bootstrap(stores);
  // `npm run dev` (Vite), or a console opened on this machine: follow the schema watcher (core/devEvents.ts).
  if (import.meta.env.DEV || isLocalHost(location.hostname)) void followDevEvents(stores);
}

start().catch((err: unknown) => console.error('[start-up]', err));
