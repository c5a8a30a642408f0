/**
 * Column settings (show/hide, order, pin, width) per user per screen, stored on the server through
 * `base/comm/setting` so they follow the user to any browser.
 */
import type { Request } from '../core/request';
import type { ColumnModel } from './model';

export interface ColumnSetting {
  key: string;
  hidden?: boolean;
  fixed?: 'left' | 'right';
  width?: number;
}

export interface ColumnSettings {
  columns: ColumnSetting[];
}

export const settingKey = (entityId: string): string => `columns:${entityId}`;

/** Applies stored settings: their order first, new columns after, unknown keys dropped. */
export function applyColumnSettings(columns: readonly ColumnModel[], settings: ColumnSettings | null | undefined): (ColumnModel & { hidden: boolean })[] {
  if (!settings?.columns?.length) return columns.map((c) => ({ ...c, hidden: false }));
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const out: (ColumnModel & { hidden: boolean })[] = [];
  for (const s of settings.columns) {
    const c = byKey.get(s.key);
    if (!c) continue;
    byKey.delete(s.key);
    const width = typeof s.width === 'number' && s.width >= 40 && s.width <= 2000 ? s.width : c.width;
    const fixed = s.fixed === 'left' || s.fixed === 'right' ? s.fixed : undefined;
    out.push({ ...c, hidden: !!s.hidden, ...(width ? { width } : {}), fixed });
  }
  for (const c of byKey.values()) out.push({ ...c, hidden: false });
  return out;
}

export async function loadColumnSettings(request: Request, entityId: string): Promise<ColumnSettings | null> {
  const value = await request<ColumnSettings | null>({ url: '/admin/base/comm/setting', method: 'GET', params: { key: settingKey(entityId) }, progress: false });
  return value && Array.isArray(value.columns) ? value : null;
}

export async function saveColumnSettings(request: Request, entityId: string, settings: ColumnSettings | null): Promise<void> {
  await request({ url: '/admin/base/comm/settingSave', method: 'POST', data: { key: settingKey(entityId), value: settings }, progress: false });
}
