import type { ComponentType } from 'react';
import type { Stores } from '../core/stores';

/**
 * One installable piece of the shell (docs/reference/product-spec.md §1 start-up). `install` runs once before the first render;
 * `component`, when given, is rendered on the root view. Entries are taken in `order`, then `index`
 * (their declaration position), and only when `enable` is true.
 */
export interface ExtensionEntry {
  name: string;
  enable: boolean;
  index: number;
  order: number;
  component?: ComponentType;
  install?: (stores: Stores) => void | Promise<void>;
}
