/** Keeps the conditions of a stored `where` tree on fields in `allowed`; names the others. Malformed parts are dropped. */
export function restrictWhere(node: unknown, allowed: ReadonlySet<string>): { where: unknown; dropped: string[] } {
  const dropped: string[] = [];
  const walk = (n: unknown, depth: number): unknown => {
    if (!n || typeof n !== 'object' || Array.isArray(n) || depth > 8) return undefined;
    const o = n as Record<string, unknown>;
    const list = Array.isArray(o.and) ? o.and : Array.isArray(o.or) ? o.or : undefined;
    if (list) {
      const kept = list.map((c) => walk(c, depth + 1)).filter((c) => c !== undefined);
      return kept.length ? { [Array.isArray(o.and) ? 'and' : 'or']: kept } : undefined;
    }
    if (typeof o.field === 'string' && allowed.has(o.field)) return n;
    if (typeof o.field === 'string') dropped.push(o.field);
    return undefined;
  };
  return { where: walk(node, 0), dropped };
}
