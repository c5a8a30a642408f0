/** The footer's row count: "共 12,345 条", or for a total the server marked approximate "约 12,345,678 条" / "about …". */

/** 12345678 → "12,345,678": the grouping zh-cn, zh-tw and en all read. */
export function groupDigits(n: number): string {
  return Math.trunc(n).toLocaleString('en-US');
}

/** The total through `t` of the `crud` namespace, marked approximate unless `exact`. */
export function totalLabel(t: (key: string, params: Record<string, unknown>) => string, total: number, exact: boolean): string {
  return t(exact ? 'total' : 'totalAbout', { total: groupDigits(total) });
}
