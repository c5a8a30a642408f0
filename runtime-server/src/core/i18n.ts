import type { Labels, Locale } from '@schema-admin/generator';
import { en } from '../locales/en.js';
import { zhCn } from '../locales/zh-cn.js';
import type { MessageKey, Messages } from '../locales/zh-cn.js';
import { zhTw } from '../locales/zh-tw.js';

const CATALOG: Record<Locale, Messages> = { 'zh-cn': zhCn, 'zh-tw': zhTw, en };

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
  return CATALOG[locale][key].replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

export function label(labels: Labels | undefined, locale: Locale, fallback: string): string {
  return labels?.[locale] ?? fallback;
}
