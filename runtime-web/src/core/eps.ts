/**
 * The service tree built at run time from `GET /admin/base/open/eps` (docs/reference/frontend-reference.md §2):
 * `/admin/base/sys/user` → `services.base.sys.user`, one method per api path, GET → query, POST → body.
 */
import { hasPerm, permKey } from './permission';
import type { Request, RequestOptions } from './request';

export interface EpsApi {
  method?: string;
  path: string;
  summary?: string;
  labels?: Record<string, string>;
  ignoreToken?: boolean;
}

export interface EpsEntry {
  prefix: string;
  module?: string;
  name?: string;
  api?: EpsApi[];
  columns?: unknown[];
  [key: string]: unknown;
}

export type ServiceMethod = <T = any>(data?: unknown, options?: Partial<RequestOptions>) => Promise<T>;

/** One node per prefix segment; controller nodes carry `namespace`, `permission` and their methods. */
export interface ServiceNode {
  /** `admin/base/sys/user` on controller nodes; absent on pure path nodes such as `base.sys`. */
  namespace?: string;
  /** action → permission key (`page` → `base:sys:user:page`). */
  permission: Record<string, string>;
  /** Raw call under this controller's prefix (`url` relative to it). */
  request: Request;
  [key: string]: any;
}

export type Services = ServiceNode;

const RESERVED = new Set(['namespace', 'permission', 'request', '_permission']);

/** EPS `data` (object of arrays keyed by module) or an already flat list → entries with a usable prefix. */
export function epsEntries(data: unknown): EpsEntry[] {
  const list = Array.isArray(data) ? data : data && typeof data === 'object' ? Object.values(data).flat() : [];
  return list.filter(
    (e): e is EpsEntry => !!e && typeof e === 'object' && typeof (e as EpsEntry).prefix === 'string' && (e as EpsEntry).prefix.length > 1,
  );
}

const camel = (s: string): string => s.replace(/-([a-z0-9])/gi, (_, c: string) => c.toUpperCase());

/** `/admin/base/sys/user` → `['base', 'sys', 'user']` (first `admin` dropped, `-` camel-cased). */
export function treePath(prefix: string): string[] {
  const parts = prefix.replace(/^\//, '').split('/').filter(Boolean);
  const i = parts.indexOf('admin');
  if (i >= 0) parts.splice(i, 1);
  return parts.map(camel);
}

function newNode(request: Request, namespace?: string): ServiceNode {
  const prefix = namespace ? `/${namespace}` : '';
  return {
    ...(namespace ? { namespace } : {}),
    permission: {},
    request: (opts) => request({ ...opts, url: /^https?:\/\//.test(opts.url) ? opts.url : prefix + (opts.url.startsWith('/') ? opts.url : `/${opts.url}`) }),
  };
}

export function buildServices(eps: unknown, request: Request): Services {
  const root = newNode(request);
  for (const entry of epsEntries(eps)) {
    const path = treePath(entry.prefix);
    if (!path.length) continue;
    const namespace = entry.prefix.replace(/^\//, '');
    let node = root;
    path.forEach((seg, i) => {
      const last = i === path.length - 1;
      const existing = node[seg] as ServiceNode | undefined;
      if (existing && typeof existing === 'object') {
        if (last && !existing.namespace) {
          // A path node created for a deeper prefix now gets its own controller.
          Object.assign(existing, newNode(request, namespace), pickChildren(existing));
        }
        node = existing;
      } else if (!RESERVED.has(seg)) {
        const child = newNode(request, last ? namespace : undefined);
        node[seg] = child;
        node = child;
      }
    });
    if (node === root) continue;
    for (const api of entry.api ?? []) {
      const name = api.path.replace(/^\//, '');
      // Path parameters (`:id`) and dashed paths have no method name (as in the reference client).
      if (!name || /[-:/]/.test(name) || RESERVED.has(name)) continue;
      if (node[name] && typeof node[name] === 'object') continue;
      const isPost = (api.method ?? 'get').toLowerCase() === 'post';
      const method: ServiceMethod = (data, options = {}) =>
        node.request({ ...options, url: `/${name}`, method: isPost ? 'POST' : 'GET', ...(isPost ? { data } : { params: data as Record<string, unknown> }) });
      node[name] = method;
      node.permission[name] = permKey(namespace, name);
    }
  }
  return root;
}

function pickChildren(node: ServiceNode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (!RESERVED.has(k)) out[k] = v;
  return out;
}

/** action → held? for one controller node (docs/reference/product-spec.md §6: the namespace without the admin prefix + action). */
export function permissionsOf(node: ServiceNode | undefined, perms: readonly string[]): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const [action, key] of Object.entries(node?.permission ?? {})) out[action] = hasPerm(perms, key);
  return out;
}

/** Writes `_permission` (action → boolean) on every controller node, as the reference client's nodes carry. */
export function applyPermissions(root: Services, perms: readonly string[]): void {
  const visit = (node: ServiceNode): void => {
    if (node.namespace) node._permission = permissionsOf(node, perms);
    for (const [k, v] of Object.entries(node)) {
      if (!RESERVED.has(k) && v && typeof v === 'object') visit(v as ServiceNode);
    }
  };
  visit(root);
}

/** Walks `a.b.c` in the tree (`'base.sys.user'` or `'base/sys/user'`). */
export function serviceAt(root: Services | undefined, path: string): ServiceNode | undefined {
  let node: unknown = root;
  for (const seg of path.split(/[./]/).filter(Boolean)) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[seg];
  }
  return node && typeof node === 'object' ? (node as ServiceNode) : undefined;
}
