/**
 * The console's registry (crud-view/registry.ts) for a component: built on first use from the Semi theme and the
 * screens manifest, once per console root (`RegistryRoot` in App.tsx), unless the root was given one.
 */
import { useContext } from 'react';
import { semiTheme } from '../theme-semi';
import { createRegistry } from './registry';
import type { Registry } from './registry';
import { RegistryContext } from './RegistryRoot';
import { SCREEN_MODULES } from './modules';

export function useRegistry(): Registry {
  const slot = useContext(RegistryContext);
  if (!slot) throw new Error('useRegistry: no RegistryRoot above this component (App.tsx renders one at the console root)');
  // Idempotent: a second render (StrictMode) finds the registry the first one built.
  return (slot.registry ??= createRegistry(semiTheme, SCREEN_MODULES));
}
