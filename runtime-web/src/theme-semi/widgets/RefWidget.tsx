import type { WidgetProps } from '@rjsf/utils';
import { Select, TreeSelect } from '@douyinfe/semi-ui';
import { useStores } from '../../core/stores/context';
import { buildTree } from '../../crud/tree';
import type { TreeRow } from '../../crud/tree';
import type { Row } from '../../crud/types';
import { useEntityList } from '../../crud-view/form/entityList';
import { common, ctxOf, metaOf, usePlaceholder } from './common';

/** A reference picked from the referenced entity's `list`; a tree when its rows have parents. */
export function RefWidget(p: WidgetProps) {
  const stores = useStores();
  const placeholder = usePlaceholder(p, true);
  const meta = metaOf(p);
  const rows = useEntityList(stores, meta.ref);
  const labelOf = (r: Row) => String(r.name ?? r.title ?? r.label ?? r.nickName ?? r.username ?? r.keyName ?? `#${String(r.id)}`);
  const self = ctxOf(p).recordId as unknown;
  // A parent is picked among records of the same scope: a dictionary item's parent has the item's type.
  const data = (ctxOf(p).data ?? {}) as Row;
  const scope = meta.name === 'parentId' ? Object.keys(data).filter((k) => /Id$/.test(k) && k !== 'parentId' && data[k] !== undefined && data[k] !== null) : [];
  const inScope = (r: Row) => scope.every((k) => !(k in r) || String(r[k]) === String(data[k]));
  if (rows?.some((r) => 'parentId' in r)) {
    const toNode = (r: TreeRow): Record<string, unknown> => ({
      key: String(r.id),
      value: r.id,
      label: labelOf(r),
      // A record cannot be its own ancestor: itself and its branch are not offered.
      disabled: meta.ref && self !== undefined && r.id === self,
      children: r.id === self ? [] : (r.children ?? []).map(toNode),
    });
    return (
      <TreeSelect
        {...common(p)}
        style={{ width: '100%' }}
        filterTreeNode
        showClear
        expandAll
        treeData={buildTree(rows.filter(inScope), { field: 'orderNum', order: 'asc' }).map(toNode) as never}
        value={p.value as number | undefined}
        placeholder={placeholder}
        onChange={(v) => p.onChange(v === undefined || v === null || v === '' ? null : v)}
      />
    );
  }
  return (
    <Select
      {...common(p)}
      style={{ width: '100%' }}
      filter
      showClear
      loading={!rows}
      value={p.value as number | undefined}
      placeholder={placeholder}
      optionList={(rows ?? []).map((r) => ({ label: labelOf(r), value: r.id as number }))}
      onChange={(v) => p.onChange(v === undefined ? null : v)}
    />
  );
}
