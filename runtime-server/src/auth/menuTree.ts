import type { IdentityProvider } from './identity.js';

export type { MenuNode } from './identity.js';

/**
 * The menu-tree import of the identity provider for kernel code that has no services at hand: the coding lane's
 * menus (`coding/entityMenus.ts`, which issue 40 moves into a module; it then calls `services.ports.identity`
 * and this file goes). `createApp` sets it; every app of a process has the same provider.
 */
let provider: IdentityProvider['importMenus'] | undefined;

export function useMenuImport(importMenus: IdentityProvider['importMenus']): void {
  provider = importMenus;
}

export const importMenuTree: IdentityProvider['importMenus'] = (...args) => {
  if (!provider) throw new Error('no identity provider: menus cannot be imported before createApp');
  return provider(...args);
};
