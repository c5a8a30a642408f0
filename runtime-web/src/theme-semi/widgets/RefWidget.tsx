import type { WidgetProps } from '@rjsf/utils';
import { TreeSelect } from '@douyinfe/semi-ui';
import { buildTree } from '../../crud/tree';
import type { TreeRow } from '../../crud/tree';
import type { Row } from '../../crud/types';
import { RefSelect, useRefChoices } from '../../crud-view/RefSelect';
import { labelOf } from '../../crud-view/refLookup';
import { common, ctxOf, metaOf, usePlaceholder } from './common';

/**
 * A reference picked from the referenced entity: a tree when its rows have parents, else a select that searches
 * the server when the entity is too large to list (RefSelect).
 */
export function RefWidget(p: WidgetProps) {
  const placeholder = usePlaceholder(p, true);
  const meta = metaOf(p);
  const choices = useRefChoices(meta.ref);
  const rows = choices?.complete ? choices.rows : undefined;
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
    <RefSelect
      {...common(p)}
      refId={meta.ref ?? ''}
      choices={choices ?? null}
      style={{ width: '100%' }}
      value={p.value}
      placeholder={placeholder}
      onChange={(v) => p.onChange(v === undefined ? null : v)}
    />
  );
}
