/** `perms`: a menu's permission keys picked from every key the EPS document names, stored comma-joined. */
import type { WidgetProps } from '@rjsf/utils';
import { TreeSelect } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../core/stores/context';
import { keyTree, permissionKeys, splitPerms } from './permKeys';

export function PermsWidget(p: WidgetProps) {
  const { t } = useTranslation('crud');
  const { eps } = useStores();
  const keys = permissionKeys(eps.entries);
  const value = splitPerms(p.value);
  // Keys the document no longer names (a removed plugin) stay visible and removable.
  const tree = keyTree([...new Set([...keys, ...value])].sort());
  return (
    <TreeSelect
      aria-label={p.label}
      style={{ width: '100%' }}
      multiple
      leafOnly
      filterTreeNode
      showClear
      maxTagCount={6}
      disabled={p.disabled || p.readonly}
      placeholder={t('selectPlaceholder', { label: p.label })}
      treeData={tree as never}
      value={value}
      onChange={(v) => {
        const list = ((v ?? []) as unknown as string[]).filter((k) => !k.endsWith(':'));
        p.onChange(list.length ? list.join(',') : undefined);
      }}
    />
  );
}

