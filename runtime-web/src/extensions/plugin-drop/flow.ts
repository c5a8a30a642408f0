/**
 * The install conversation of docs/reference/product-spec.md §4 for a dropped `.cool` file, without any UI: the caller supplies
 * the request and the dialogs. The first post is never forced; the server's answer decides what follows.
 */
export interface InstallAnswer {
  type: number;
  message?: string;
}

export interface InstallDeps {
  /** Posts the package; resolves to the answer's `data` (undefined/null = installed), rejects on an error. */
  post(force: boolean): Promise<InstallAnswer | null | undefined>;
  /** Shows the server's message; resolves true to go on (type 0 = error style, 1/2 = warning with continue). */
  confirm(kind: 'error' | 'warning', message: string): Promise<boolean>;
}

export type InstallOutcome = 'installed' | 'cancelled';

const isAnswer = (v: unknown): v is InstallAnswer => typeof v === 'object' && v !== null && typeof (v as InstallAnswer).type === 'number';

/**
 * Empty answer → installed. Type 0 → error confirmation, then a forced retry. Type 1 or 2 → warning
 * confirmation with continue, then a forced retry. Type 3 → a forced retry at once. A forced retry's own
 * answer is handled the same way (the server never asks twice, but a second question is still shown).
 */
export async function installDropped(deps: InstallDeps): Promise<InstallOutcome> {
  let answer = await deps.post(false);
  for (let round = 0; round < 3; round++) {
    if (!isAnswer(answer)) return 'installed';
    if (answer.type === 0 || answer.type === 1 || answer.type === 2) {
      const go = await deps.confirm(answer.type === 0 ? 'error' : 'warning', answer.message ?? '');
      if (!go) return 'cancelled';
    }
    answer = await deps.post(true);
  }
  throw new Error('plugin install: the server kept asking after a forced retry');
}

/** `taskDemo.cool` → `taskDemo` (the packer names the file after the plugin's keyName): the fallback when the manifest is unreadable. */
export function pluginNameOf(fileName: string): string {
  return fileName.replace(/\.cool$/i, '');
}

export const isPluginFile = (fileName: string): boolean => /\.cool$/i.test(fileName);
