import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { I18nextProvider } from 'react-i18next';
import { LocaleProvider } from '@douyinfe/semi-ui';
import { i18n } from './core/i18n';
import { semiLocale } from './app/semiLocale';
import type { Stores } from './core/stores';
import { StoresContext } from './core/stores/context';
import type { ExtensionEntry } from './extensions';
import { AppRouter } from './router/AppRouter';
import { RegistryRoot } from './crud-view/RegistryRoot';

/**
 * The root view: stores, i18n, Semi's locale and the console's registry of named widgets, cells and screens
 * (crud-view/RegistryRoot.tsx) for the whole tree, the router, then extension components in order.
 */
export const App = observer(function App({ stores, extensions }: { stores: Stores; extensions: readonly ExtensionEntry[] }): ReactNode {
  const locale = stores.app.locale;
  useEffect(() => stores.app.watchScreen(), [stores]);
  return (
    <StoresContext.Provider value={stores}>
      <I18nextProvider i18n={i18n}>
        <LocaleProvider locale={semiLocale(locale)}>
          <RegistryRoot>
            <AppRouter />
            {extensions.map((e) => (e.component ? <e.component key={e.name} /> : null))}
          </RegistryRoot>
        </LocaleProvider>
      </I18nextProvider>
    </StoresContext.Provider>
  );
});
