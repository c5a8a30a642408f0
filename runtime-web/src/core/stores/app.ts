import { makeAutoObservable } from 'mobx';
import { currentLocale, isLocale, setLocale as applyLocale } from '../i18n';
import type { Locale } from '../i18n';
import { foldMenu, isMini, isTouchDevice, screenOf } from '../responsive';
import type { Screen } from '../responsive';
import type { AppStorage } from '../storage';
import { applyTheme, normaliseTheme, THEME_PRESETS } from '../theme';
import type { ThemeSettings } from '../theme';

export interface AppInfo {
  name: string;
  description?: string;
}

export type ToastKind = 'success' | 'info' | 'warning' | 'error';
export type Toast = (kind: ToastKind, message: string) => void;
export type Navigate = (path: string, options?: { replace?: boolean }) => void;

const DEFAULT_INFO: AppInfo = { name: 'Schema Admin' };

/** App-wide UI state: info, locale, theme, dark mode, screen class, menu fold, start-up flags. */
export class AppStore {
  info: AppInfo;
  locale: Locale;
  theme: ThemeSettings;
  dark: boolean;
  width = 1440;
  touch = false;
  menuCollapsed = false;
  /** The initial load (EPS, person, permmenu, dicts) has finished; the router guard waits for it. */
  ready = false;
  loading = false;
  private navigator: Navigate | undefined;
  private toaster: Toast | undefined;
  private readyWaiters: Array<() => void> = [];

  constructor(
    private readonly storage: AppStorage,
    options: { navigate?: Navigate; toast?: Toast } = {},
  ) {
    const savedLocale = storage.get('locale');
    if (isLocale(savedLocale) && savedLocale !== currentLocale()) applyLocale(savedLocale);
    this.locale = currentLocale();
    const stored = storage.get<Partial<AppInfo>>('app');
    this.info = { ...DEFAULT_INFO, ...(stored && typeof stored === 'object' ? stored : {}) };
    this.theme = normaliseTheme(storage.get('theme'));
    this.dark = storage.get<boolean>('dark') === true;
    this.navigator = options.navigate;
    this.toaster = options.toast;
    makeAutoObservable<AppStore, 'storage' | 'navigator' | 'toaster' | 'readyWaiters'>(this, {
      storage: false,
      navigator: false,
      toaster: false,
      readyWaiters: false,
    });
  }

  get screen(): Screen {
    return screenOf(this.width);
  }

  /** Phone-sized layout (under 768 px). */
  get mini(): boolean {
    return isMini(this.width);
  }

  setInfo(info: Partial<AppInfo>): void {
    this.info = { ...this.info, ...info };
    this.storage.set('app', this.info);
  }

  setLocale(l: Locale): void {
    applyLocale(l);
    this.locale = l;
  }

  /** Merges into the stored theme; picking a preset name sets its colour. */
  setTheme(patch: Partial<ThemeSettings>): void {
    const next = { ...this.theme, ...patch };
    const preset = patch.name ? THEME_PRESETS.find((p) => p.name === patch.name) : undefined;
    if (preset && !patch.color) next.color = preset.color;
    if (patch.color && !patch.name) next.name = THEME_PRESETS.find((p) => p.color.toLowerCase() === patch.color!.toLowerCase())?.name ?? 'custom';
    this.theme = normaliseTheme(next);
    this.storage.set('theme', this.theme);
    this.paint();
  }

  setDark(dark: boolean): void {
    this.dark = dark;
    this.storage.set('dark', dark);
    this.paint();
  }

  toggleDark(): void {
    this.setDark(!this.dark);
  }

  /** Width (and touch) changed: recompute the screen class and fold the menu where docs/reference/product-spec.md §1 says so. */
  setScreen(width: number, touch: boolean = this.touch): void {
    this.width = width;
    this.touch = touch;
    this.menuCollapsed = foldMenu(width, touch);
  }

  setMenuCollapsed(collapsed: boolean): void {
    this.menuCollapsed = collapsed;
  }

  toggleMenu(): void {
    this.menuCollapsed = !this.menuCollapsed;
  }

  setLoading(loading: boolean): void {
    this.loading = loading;
  }

  setReady(): void {
    this.ready = true;
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }

  /** Resolves once the initial load is done (immediately if it already is). */
  whenReady(): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** The router registers its navigate function here; stores use it for logout and error pages. */
  setNavigator(navigate: Navigate): void {
    this.navigator = navigate;
  }

  navigate(path: string, options?: { replace?: boolean }): void {
    if (this.navigator) this.navigator(path, options);
    else {
      const loc = (globalThis as { location?: Location }).location;
      if (loc && loc.pathname !== path) loc.assign(path);
    }
  }

  setToast(toast: Toast): void {
    this.toaster = toast;
  }

  toast(kind: ToastKind, message: string): void {
    if (this.toaster) this.toaster(kind, message);
    else console[kind === 'error' ? 'error' : 'warn'](message);
  }

  /** Writes the colour scale and dark mode onto <body>; a no-op under Node. */
  paint(): void {
    const body = (globalThis as { document?: Document }).document?.body;
    if (body) applyTheme(body, { color: this.theme.color, dark: this.dark });
  }

  /** Follows the window size; returns the listener's disposer. */
  watchScreen(): () => void {
    const w = globalThis as { innerWidth?: number; addEventListener?: Window['addEventListener']; removeEventListener?: Window['removeEventListener'] };
    if (typeof w.innerWidth !== 'number' || !w.addEventListener) return () => {};
    const touch = isTouchDevice();
    this.setScreen(w.innerWidth, touch);
    let lastScreen = this.screen;
    const onResize = (): void => {
      const width = w.innerWidth ?? this.width;
      // Only a change of class re-folds the menu, so a user's own unfold survives small resizes.
      if (screenOf(width) !== lastScreen) {
        lastScreen = screenOf(width);
        this.setScreen(width, touch);
      } else this.setWidth(width);
    };
    w.addEventListener('resize', onResize);
    return () => w.removeEventListener?.('resize', onResize);
  }

  setWidth(width: number): void {
    this.width = width;
  }
}
