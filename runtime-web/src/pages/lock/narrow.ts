import { useStores } from '../../core/stores/context';

/** Under 768 px (docs/reference/product-spec.md §1 responsive classes: xs). Read inside an observer. */
export function useIsNarrow(): boolean {
  return useStores().app.screen === 'xs';
}
