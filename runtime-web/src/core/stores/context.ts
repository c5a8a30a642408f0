import { createContext, createElement, Fragment, useContext } from 'react';
import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import type { Stores } from './index';

/** Provided once at the root (`<StoresContext.Provider value={stores}>`). */
export const StoresContext = createContext<Stores | null>(null);

export function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('useStores() outside <StoresContext.Provider>');
  return stores;
}

/** Whether the signed-in user holds `value` (docs/reference/product-spec.md §6); read inside an observer component. */
export function usePermission(value: unknown): boolean {
  return useStores().menu.hasPerm(value);
}

/** Renders its children only when the permission check passes. */
export const Permission = observer(function Permission(props: { value: unknown; children?: ReactNode }) {
  const allowed = usePermission(props.value);
  return allowed ? createElement(Fragment, null, props.children) : null;
});
