import type { Labels, Locale } from '@schema-admin/generator';
import { en } from '../locales/en.js';
import { zhCn } from '../locales/zh-cn.js';
import type { MessageKey } from '../locales/zh-cn.js';
import { zhTw } from '../locales/zh-tw.js';

/**
 * The kernel's messages, and the modules' merged in at boot (`addMessages`). A process serves one set of modules,
 * so the catalog is the process's; merging the same module's texts again (a second app in a test) changes nothing.
 */
const CATALOG: Record<Locale, Record<string, string>> = { 'zh-cn': { ...zhCn }, 'zh-tw': { ...zhTw }, en: { ...en } };
const OWNER = new Map<string, string>(Object.keys(zhCn).map((k) => [k, 'kernel']));

/** A module's messages: every key in the three locales (the type checks that each locale has them all). */
export function defineMessages<K extends string>(messages: Record<Locale, Record<K, string>>): Record<Locale, Record<K, string>> {
  return messages;
}

/** Merges a module's messages into the catalog (createApp, once per manifest); a key owned elsewhere is an error. */
export function addMessages(owner: string, messages: Record<Locale, Record<string, string>>): void {
  for (const key of Object.keys(messages['zh-cn'])) {
    const held = OWNER.get(key);
    if (held !== undefined && held !== owner) throw new Error(`message key "${key}" of module ${owner} is already ${held}'s`);
  }
  for (const locale of Object.keys(CATALOG) as Locale[]) {
    for (const [key, text] of Object.entries(messages[locale])) {
      OWNER.set(key, owner);
      CATALOG[locale][key] = text;
    }
  }
}

/** The request's locale from the `language` header (the console sends it), default zh-cn. */
export function localeOf(header: string | string[] | undefined): Locale {
  const v = (Array.isArray(header) ? header[0] : header)?.toLowerCase().replace('_', '-') ?? '';
  if (v === 'en' || v.startsWith('en-')) return 'en';
  if (v === 'zh-tw' || v === 'zh-hk' || v === 'zh-hant') return 'zh-tw';
  return 'zh-cn';
}

export type MessageParams = Record<string, string | number>;

/** A translated server message with `{name}` placeholders filled in. */
export function t(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  // A module's key whose module this app was not given: the key itself rather than a crash.
  return (CATALOG[locale][key] ?? key).replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

export function label(labels: Labels | undefined, locale: Locale, fallback: string): string {
  return labels?.[locale] ?? fallback;
}
