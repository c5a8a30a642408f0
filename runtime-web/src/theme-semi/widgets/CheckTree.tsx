/**
 * `check-tree`: ids of another tree entity picked in a filterable checkbox tree (role menus and departments).
 * `props.ref` names the entity whose `list` feeds it (only what the caller may see: the server filters it);
 * `props.halfChecked` also stores half-checked ancestors (a role's `menuIdList`); `props.linkBy` names a
 * boolean field that links parent and child checks (a role's `relevance`), otherwise they are always linked.
 */
import { useRef } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Spin, Tree } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { menuLabel } from '../../core/menuLabels';
import { useStores } from '../../core/stores/context';
import { branchIds, buildTree } from '../../crud/tree';
import type { TreeRow } from '../../crud/tree';
import type { Row } from '../../crud/types';
import { fullyChecked, withAncestors } from '../../crud-view/form/checkTree';
import '../../crud-view/screens/locales';
import { useEntityList } from '../../crud-view/form/entityList';
import { useTreeKeyboard } from '../../a11y/treeKeys';

const labelOf = (r: Row) => String(r.name ?? r.title ?? r.label ?? `#${String(r.id)}`);
/** Seeded menu names follow the UI language here as in the sidebar (core/menuLabels). */
const MENU_ENTITY = 'base/sys/menu';

export function CheckTreeWidget(p: WidgetProps) {
  const { t } = useTranslation('screens');
  const stores = useStores();
  const ref = (p.options.ref as string | undefined) ?? (p.options.meta as { ref?: string } | undefined)?.ref;
  const half = !!p.options.halfChecked;
  const linkBy = p.options.linkBy as string | undefined;
  const data = ((p.registry?.formContext as { data?: Row } | undefined)?.data ?? {}) as Row;
  const linked = linkBy ? !!data[linkBy] : true;
  const rows = useEntityList(stores, ref);
  const box = useRef<HTMLDivElement>(null);
  useTreeKeyboard(box, { ready: !!rows });
  if (!rows) return <Spin />;
  const stored = ((p.value as unknown[] | null | undefined) ?? []).filter((id) => rows.some((r) => r.id === id));
  const checked = linked && half ? fullyChecked(rows, stored) : stored;
  const toNode = (r: TreeRow): Record<string, unknown> => ({
    key: String(r.id),
    value: String(r.id),
    label: ref === MENU_ENTITY && typeof r.name === 'string' ? menuLabel(r.name, stores.app.locale) : labelOf(r),
    children: (r.children ?? []).map(toNode),
  });
  const byKey = new Map(rows.map((r) => [String(r.id), r.id]));
  return (
    <div ref={box} className="crud-check-tree" data-field={p.name} aria-label={p.label} role="group">
      <Tree
        multiple
        filterTreeNode
        showFilteredOnly
        searchPlaceholder={t('filter')}
        expandAll
        disabled={p.disabled || p.readonly}
        checkRelation={linked ? 'related' : 'unRelated'}
        treeData={buildTree(rows, { field: 'orderNum', order: 'asc' }).map(toNode) as never}
        value={checked.map(String)}
        onChange={(v) => {
          const keys = ((v ?? []) as unknown as string[]).map((k) => byKey.get(String(k))).filter((id) => id !== undefined);
          // A linked tree may name only a fully checked parent: its whole branch is checked.
          const all = linked ? [...new Set(keys.flatMap((id) => branchIds(rows, id)))] : keys;
          const next = half && linked ? withAncestors(rows, all) : rows.filter((r) => all.includes(r.id)).map((r) => r.id);
          p.onChange(next.length ? next : []);
        }}
      />
    </div>
  );
}
