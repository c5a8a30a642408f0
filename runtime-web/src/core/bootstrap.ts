import { applyPermissions } from './eps';
import { t } from './i18n';
import type { Stores } from './stores';

/** Logs a start-up failure for developers; the user sees nothing (docs/reference/product-spec.md §1). */
function quietly(what: string, promise: Promise<unknown>): Promise<void> {
  return promise.then(
    () => undefined,
    (err: unknown) => console.error(`[bootstrap] ${what}:`, err instanceof Error ? err.message : err),
  );
}

/** After sign-in (and on each page load with a token): person, permmenu and dictionaries. */
export async function loadSession(stores: Stores): Promise<void> {
  if (!stores.user.token) return;
  await Promise.all([
    quietly('person', stores.user.loadPerson()),
    quietly('permmenu', stores.menu.loadPermMenu()),
    quietly('dict', stores.dict.load()),
  ]);
  if (stores.eps.services) applyPermissions(stores.eps.services, stores.menu.perms);
}

/** Start-up: EPS → services, then the session's data when a token is held; marks the app ready. */
export async function bootstrap(stores: Stores): Promise<void> {
  stores.app.setLoading(true);
  try {
    await stores.eps.load().catch((err: unknown) => {
      const message = t('core:epsError');
      stores.eps.setError(message);
      console.error(message, err);
    });
    await loadSession(stores);
  } finally {
    stores.app.setLoading(false);
    stores.app.setReady();
  }
}
