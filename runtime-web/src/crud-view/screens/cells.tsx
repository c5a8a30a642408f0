/** Cells of the module screens, registered by name in index.ts: `tags` (comma-separated values, e.g. request IPs), `icon` (a menu icon drawn with its name), `menu-name` (a seeded menu name in the UI language). */
import { Tag } from '@douyinfe/semi-ui';
import { currentLocale } from '../../core/i18n';
import { menuLabel } from '../../core/menuLabels';
import { Icon } from '../../icons/Icon';
import type { CellProps } from '../registry';

export function TagsCell({ value }: CellProps) {
  const list = (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : []).map((v) => String(v).trim()).filter(Boolean);
  if (!list.length) return null;
  return (
    <span className="crud-tags">
      {list.map((v, i) => (
        <Tag key={`${v}-${i}`} size="small" color="blue">
          {v}
        </Tag>
      ))}
    </span>
  );
}

export function IconCell({ value }: CellProps) {
  if (typeof value !== 'string' || !value) return null;
  return (
    <span className="crud-icon-cell">
      <Icon name={value} size={18} fallback={null} />
      <span className="crud-muted">{value}</span>
    </span>
  );
}

/** A menu's name as the sidebar shows it: seeded names in the UI language, an admin's own as typed (the stored name in the title). */
export function MenuNameCell({ value }: CellProps) {
  if (typeof value !== 'string' || !value) return null;
  const shown = menuLabel(value, currentLocale());
  return <span title={shown === value ? undefined : value}>{shown}</span>;
}
