import type { Stores } from '../core/stores';
import { pluginDropExtension } from './plugin-drop';
import { themeExtension } from './theme';
import type { ExtensionEntry } from './types';
import { uploadExtension } from './upload';

export type { ExtensionEntry } from './types';

/** Every extension the shell knows, in declaration order (`index`). */
export const EXTENSIONS: ExtensionEntry[] = [uploadExtension, pluginDropExtension, themeExtension].map((e, index) => ({ ...e, index }));

/** Enabled entries sorted by `order`, then declaration position. */
export function enabledExtensions(list: readonly ExtensionEntry[] = EXTENSIONS): ExtensionEntry[] {
  return list.filter((e) => e.enable).sort((a, b) => a.order - b.order || a.index - b.index);
}

/**
 * Runs each enabled extension's install in order. A failing extension is logged for developers and
 * skipped; the user sees nothing (docs/reference/product-spec.md §1 start-up).
 */
export async function installExtensions(stores: Stores, list: readonly ExtensionEntry[] = EXTENSIONS): Promise<ExtensionEntry[]> {
  const installed: ExtensionEntry[] = [];
  for (const e of enabledExtensions(list)) {
    try {
      await e.install?.(stores);
      installed.push(e);
    } catch (err) {
      console.error(`[extension ${e.name}] install failed:`, err);
    }
  }
  return installed;
}
