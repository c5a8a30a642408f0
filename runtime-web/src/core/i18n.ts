import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { coreMessages } from './locales';
import { storage } from './storage';
import type { AppStorage } from './storage';

export const LOCALES = ['zh-cn', 'zh-tw', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-cn';

/** Display names for a locale switch, each in its own language. */
export const LOCALE_NAMES: Record<Locale, string> = { 'zh-cn': '简体中文', 'zh-tw': '繁體中文', en: 'English' };

export type Messages = Record<Locale, Record<string, unknown>>;

export function isLocale(v: unknown): v is Locale {
  return typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
}

let store: AppStorage = storage;

/** Tests point the locale persistence at their own storage. */
export function setLocaleStorage(s: AppStorage): void {
  store = s;
}

function initialLocale(): Locale {
  const saved = store.get<string>('locale');
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

/** The app's one i18next instance (react-i18next binds to it via `I18nextProvider` or `initReactI18next`). */
export const i18n: I18n = i18next.createInstance();
void i18n.init({
  lng: initialLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  lowerCaseLng: true,
  load: 'currentOnly',
  ns: ['core'],
  defaultNS: 'core',
  resources: {},
  initAsync: false,
  interpolation: { escapeValue: false },
});
registerMessages('core', coreMessages);

/** Adds (or extends) a namespace in all three locales; later calls merge over earlier ones. */
export function registerMessages(ns: string, messages: Messages): void {
  for (const l of LOCALES) i18n.addResourceBundle(l, ns, messages[l], true, true);
}

export function currentLocale(): Locale {
  const l = i18n.language;
  return isLocale(l) ? l : DEFAULT_LOCALE;
}

/** Switches the language, persists it and sets `<html lang>`; listeners (`languageChanged`) re-render. */
export function setLocale(l: Locale): void {
  if (!isLocale(l)) throw new Error(`Unknown locale: ${String(l)}`);
  store.set('locale', l);
  const doc = (globalThis as { document?: Document }).document;
  if (doc) doc.documentElement.lang = l;
  void i18n.changeLanguage(l);
}

/** Translates `ns:key` (or a `core` key) in the current locale. */
export function t(key: string, params?: Record<string, unknown>): string {
  return i18n.t(key, params ?? {}) as string;
}

