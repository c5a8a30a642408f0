import { makeAutoObservable } from 'mobx';
import { hasPerm } from '../permission';
import type { Request } from '../request';
import type { AppStorage } from '../storage';
import type { Locale } from '../i18n';
import { menuLabel } from '../menuLabels';

/** A row of `permmenu.menus`. type 0 = directory, 1 = page, 2 = permission (never navigable). */
export interface MenuItem {
  id: number;
  parentId: number | null;
  name: string;
  router: string | null;
  viewPath: string | null;
  type: number;
  icon: string | null;
  orderNum: number;
  isShow: boolean | number | null;
  keepAlive: boolean | number | null;
  perms?: string | null;
}

export interface RouteMeta {
  label: string;
  keepAlive: boolean;
  isHome?: boolean;
  /** View path is an http(s) URL: shown in an embedded frame. */
  iframeUrl?: string;
  /** View path contains '/pages/': a top-level page outside the main frame. */
  isPage?: boolean;
  /** false: not tracked as a tab. */
  process?: boolean;
  menuId?: number;
  [key: string]: unknown;
}

export interface MenuNode {
  id: number;
  parentId: number | null;
  type: number;
  name: string;
  path: string;
  viewPath: string | null;
  icon: string | null;
  orderNum: number;
  isShow: boolean;
  keepAlive: boolean;
  meta: RouteMeta;
  children: MenuNode[];
}

/** A route derived from a page menu; `redirect` entries send a remapped home path to '/'. */
export interface MenuRoute {
  path: string;
  name: string;
  viewPath: string | null;
  keepAlive: boolean;
  isShow: boolean;
  icon: string | null;
  meta: RouteMeta;
  redirect?: string;
}

export interface PermMenu {
  menus: MenuItem[];
  perms: string[];
}

const flag = (v: unknown, dflt: boolean): boolean => (v === null || v === undefined ? dflt : v === true || v === 1 || v === '1');

const withSlash = (p: string): string => (p.startsWith('/') || /^https?:\/\//.test(p) ? p : `/${p}`);

/**
 * Routers seeded for the reference family's clients (their view caches key on the route) that this console
 * shows at the spec's path: the plugin list is `/helper/plugins` here, `/helper/plugins/serve` there.
 */
const SPEC_PATHS: Readonly<Record<string, string>> = { '/helper/plugins/serve': '/helper/plugins' };

/** Tree by parentId, sorted by orderNum (then id), permission rows dropped, home remapped to '/'. */
export function buildMenuTree(items: readonly MenuItem[], label: (name: string) => string = (name) => name): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const m of items) {
    if (m.type === 2) continue;
    const name = label(m.name);
    const viewPath = m.viewPath || null;
    const router = withSlash(m.router || `/${m.id}`);
    const path = SPEC_PATHS[router] ?? router;
    nodes.set(m.id, {
      id: m.id,
      parentId: m.parentId ?? null,
      type: m.type,
      name,
      path,
      viewPath,
      icon: m.icon || null,
      orderNum: Number(m.orderNum) || 0,
      isShow: flag(m.isShow, true),
      keepAlive: flag(m.keepAlive, false),
      meta: {
        label: name,
        keepAlive: flag(m.keepAlive, false),
        menuId: m.id,
        ...(viewPath && /^https?:\/\//.test(viewPath) ? { iframeUrl: viewPath } : {}),
        ...(viewPath?.includes('/pages/') ? { isPage: true } : {}),
      },
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId !== null ? nodes.get(n.parentId) : undefined;
    if (parent && parent !== n) parent.children.push(n);
    else roots.push(n);
  }
  const sort = (list: MenuNode[]): void => {
    list.sort((a, b) => a.orderNum - b.orderNum || a.id - b.id);
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  const home = findFirst(roots, (n) => n.type === 1);
  if (home) {
    home.meta.isHome = true;
    home.meta.originalPath = home.path;
    home.path = '/';
  }
  return roots;
}

function findFirst(list: readonly MenuNode[], test: (n: MenuNode) => boolean): MenuNode | undefined {
  for (const n of list) {
    if (test(n)) return n;
    const hit = findFirst(n.children, test);
    if (hit) return hit;
  }
  return undefined;
}

/** Every page menu as a route, in tree order, plus a redirect from the home's own path to '/'. */
export function menuRoutes(tree: readonly MenuNode[]): MenuRoute[] {
  const out: MenuRoute[] = [];
  const walk = (list: readonly MenuNode[]): void => {
    for (const n of list) {
      if (n.type === 1) {
        out.push({ path: n.path, name: `${n.name}-${n.id}`, viewPath: n.viewPath, keepAlive: n.keepAlive, isShow: n.isShow, icon: n.icon, meta: n.meta });
        const original = n.meta.originalPath;
        if (n.meta.isHome && typeof original === 'string' && original !== '/') {
          out.push({ path: original, name: `${n.name}-${n.id}-redirect`, viewPath: null, keepAlive: false, isShow: false, icon: null, meta: { ...n.meta, process: false }, redirect: '/' });
        }
      }
      walk(n.children);
    }
  };
  walk(tree);
  return out;
}

/** Menus and permissions of the signed-in user (`GET /admin/base/comm/permmenu`). */
export class MenuStore {
  items: MenuItem[];
  perms: string[];
  /** Top-level directory shown in the sidebar when menu grouping is on. */
  activeGroup: number | undefined = undefined;
  private request: Request | undefined;

  /** `locale` is read inside `tree`, so seeded menu names follow a locale switch. */
  constructor(
    private readonly storage: AppStorage,
    private readonly locale: () => Locale = () => 'zh-cn',
  ) {
    const items = storage.get<MenuItem[]>('menus');
    const perms = storage.get<string[]>('perms');
    this.items = Array.isArray(items) ? items : [];
    this.perms = Array.isArray(perms) ? perms.filter((p) => typeof p === 'string') : [];
    makeAutoObservable<MenuStore, 'storage' | 'request' | 'locale'>(this, { storage: false, request: false, locale: false });
  }

  attach(request: Request): void {
    this.request = request;
  }

  get tree(): MenuNode[] {
    const locale = this.locale();
    return buildMenuTree(this.items, (name) => menuLabel(name, locale));
  }

  get routes(): MenuRoute[] {
    return menuRoutes(this.tree);
  }

  /** Top-level directories (the group bar when grouping is on). */
  get groups(): MenuNode[] {
    return this.tree.filter((n) => n.isShow && n.type === 0);
  }

  /** The sidebar's tree: everything, or the active group's children when `grouped`. */
  sidebar(grouped: boolean): MenuNode[] {
    if (!grouped) return this.tree;
    const group = this.groups.find((g) => g.id === this.activeGroup) ?? this.groups[0];
    return group ? group.children : this.tree;
  }

  setActiveGroup(id: number | undefined): void {
    this.activeGroup = id;
  }

  /** The route registered for a path ('/' is the home page). */
  routeOf(path: string): MenuRoute | undefined {
    return this.routes.find((r) => r.path === path);
  }

  /** Menu chain from the top to the node whose path is `path` (for the breadcrumb); empty when none. */
  trail(path: string): MenuNode[] {
    const walk = (list: readonly MenuNode[], chain: MenuNode[]): MenuNode[] | undefined => {
      for (const n of list) {
        const next = [...chain, n];
        if (n.path === path && n.type !== 0) return next;
        const hit = walk(n.children, next);
        if (hit) return hit;
      }
      return undefined;
    };
    return walk(this.tree, []) ?? [];
  }

  hasPerm(value: unknown): boolean {
    return hasPerm(this.perms, value);
  }

  set(data: PermMenu): void {
    this.items = Array.isArray(data.menus) ? data.menus : [];
    this.perms = Array.isArray(data.perms) ? data.perms.filter((p) => typeof p === 'string') : [];
    this.storage.set('menus', this.items);
    this.storage.set('perms', this.perms);
    // The reference console keeps the built tree so a reload paints the menu before permmenu answers.
    this.storage.set('menuGroup', this.tree);
  }

  async loadPermMenu(): Promise<PermMenu> {
    if (!this.request) throw new Error('MenuStore used before createStores attached the request layer');
    const data = await this.request<PermMenu>({ url: '/admin/base/comm/permmenu' });
    this.set(data);
    return data;
  }

  /** Logout: menus, perms and with them every dynamic route. */
  clear(): void {
    this.items = [];
    this.perms = [];
    this.activeGroup = undefined;
    this.storage.remove('menus');
    this.storage.remove('perms');
    this.storage.remove('menuGroup');
  }
}
