import type { ExtensionEntry } from '../types';
import { UPLOAD_DEFAULTS } from './config';

/** The upload extension: its defaults (docs/reference/product-spec.md §5/§9) are read by every upload control. */
export const uploadExtension: Omit<ExtensionEntry, 'index'> & { options: typeof UPLOAD_DEFAULTS } = {
  name: 'upload',
  enable: true,
  order: 0,
  options: UPLOAD_DEFAULTS,
};
