/**
 * Client-side permission check (docs/reference/product-spec.md §6): a key is held when any held permission string contains it,
 * whitespace removed and `/` treated as `:`; `{or: [...]}` needs one entry, `{and: [...]}` all;
 * any other truthy non-string value is allowed, a falsy one is not.
 */
export type PermValue = string | { or?: PermValue[]; and?: PermValue[] } | boolean | null | undefined;

const normalise = (s: string): string => s.replace(/\s/g, '').replace(/\//g, ':');

export function hasPerm(perms: readonly string[], value: unknown): boolean {
  if (!value) return false;
  if (typeof value === 'string') {
    const want = normalise(value);
    if (!want) return false;
    return perms.some((p) => typeof p === 'string' && normalise(p).includes(want));
  }
  if (typeof value === 'object') {
    const v = value as { or?: unknown; and?: unknown };
    if (Array.isArray(v.or)) return v.or.some((e) => hasPerm(perms, e));
    if (Array.isArray(v.and)) return v.and.every((e) => hasPerm(perms, e));
  }
  return true;
}

/** `base/sys/user` or `admin/base/sys/user` + `page` → `base:sys:user:page`. */
export function permKey(namespace: string, action: string): string {
  const parts = namespace.split('/').filter(Boolean);
  if (parts[0] === 'admin') parts.shift();
  return [...parts, action].join(':');
}
