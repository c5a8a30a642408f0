/**
 * The console root's slot for its registry (crud-view/registry.ts). The registry is built once per console the
 * first time a screen, form or cell asks for it (`useRegistry`): the theme's widgets and the module screens stay in
 * the lazy chunks of the screens that use them, and the login screen loads none of them. A test or an embedding
 * page may give a registry of its own.
 */
import { createContext, useState } from 'react';
import type { ReactNode } from 'react';
import type { Registry } from './registry';

/** One per console root: holds the registry once built. */
export interface RegistrySlot {
  registry?: Registry;
}

export const RegistryContext = createContext<RegistrySlot | null>(null);

export function RegistryRoot({ registry, children }: { registry?: Registry; children: ReactNode }) {
  const [slot] = useState<RegistrySlot>(() => (registry ? { registry } : {}));
  return <RegistryContext.Provider value={slot}>{children}</RegistryContext.Provider>;
}
