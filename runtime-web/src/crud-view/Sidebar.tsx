/** A tree or list of another entity beside the table (`x-screen.sidebar`): choosing a node filters the table by it (and its branch). */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Empty, Spin, Tree } from '@douyinfe/semi-ui';
import { IconRefresh, IconSetting } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { branchIds, buildTree } from '../crud/tree';
import type { TreeRow } from '../crud/tree';
import type { Row } from '../crud/types';

const labelOf = (r: Row) => String(r.name ?? r.title ?? r.label ?? `#${String(r.id)}`);

export const Sidebar = observer(function Sidebar({
  entity,
  filter,
  title,
  onSelect,
  onManage,
}: {
  entity: string;
  filter: string;
  title: string;
  onSelect(value: unknown): void;
  /** Opens the sidebar entity's own screen; absent when the user may not change it. */
  onManage?: () => void;
}) {
  const { t } = useTranslation('crud');
  const { request } = useStores();
  const [rows, setRows] = useState<Row[] | undefined>();
  const [selected, setSelected] = useState<string | undefined>();
  const load = () => {
    setRows(undefined);
    request<Row[]>({ url: `/admin/${entity}/list`, method: 'POST', data: {}, progress: false }).then(
      (r) => setRows(r ?? []),
      () => setRows([]),
    );
  };
  useEffect(load, [entity, request]);
  const toNode = (r: TreeRow): Record<string, unknown> => ({ key: String(r.id), value: String(r.id), label: labelOf(r), children: (r.children ?? []).map(toNode) });
  const many = filter.endsWith('Ids');
  return (
    <aside className="crud-sidebar" aria-label={title}>
      <div className="crud-sidebar__head">
        <span>{title}</span>
        <span>
          {onManage && <Button size="small" theme="borderless" icon={<IconSetting />} aria-label={t('manage', { name: title })} title={t('manage', { name: title })} onClick={onManage} data-testid="crud-sidebar-manage" />}
          <Button size="small" theme="borderless" icon={<IconRefresh />} aria-label={t('refresh')} onClick={load} />
        </span>
      </div>
      {!rows ? (
        <Spin />
      ) : !rows.length ? (
        <Empty description={t('empty')} />
      ) : (
        <Tree
          filterTreeNode
          searchPlaceholder={t('treeSearch')}
          expandAll
          value={selected}
          treeData={[{ key: '__all', value: '__all', label: t('all') }, ...buildTree(rows, { field: 'orderNum', order: 'asc' }).map(toNode)] as never}
          onChange={(v) => {
            const key = v as unknown as string | undefined;
            setSelected(key);
            if (!key || key === '__all') return onSelect(undefined);
            const id = rows.find((r) => String(r.id) === key)?.id;
            onSelect(many ? branchIds(rows, id) : id);
          }}
        />
      )}
    </aside>
  );
});
