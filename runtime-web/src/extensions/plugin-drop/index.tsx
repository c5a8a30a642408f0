import { lazy, Suspense } from 'react';
import type { ExtensionEntry } from '../types';

// Loaded after start-up: the drop handler, its dialogs and strings stay out of the login bundle (and out of Node tests).
const PluginDrop = lazy(() => import('./PluginDrop').then((m) => ({ default: m.PluginDrop })));

function LazyPluginDrop() {
  return (
    <Suspense fallback={null}>
      <PluginDrop />
    </Suspense>
  );
}

/** Drop-install of `.cool` plugin packages anywhere on the console (docs/reference/product-spec.md §4). */
export const pluginDropExtension: Omit<ExtensionEntry, 'index'> = {
  name: 'plugin-drop',
  enable: true,
  order: 50,
  component: LazyPluginDrop,
};
