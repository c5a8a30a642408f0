/**
 * A tree or list of another entity beside the table (`x-screen.sidebar`): choosing a node filters the table by it
 * (and its branch). What else it offers follows the sidebar entity's own API and the user's permissions, so every
 * tree sidebar gets it without page code: a drag-to-reorder mode when the entity has an `order` action, and a
 * right-click menu (add child, edit, delete — asking what happens to the members when the delete body has a
 * `deleteUser` switch — and add member to the screen's own entity). The chosen node is the screen's filter
 * value (`value`, kept in the URL by the store), so a reload or a shared link shows the same node; `start: 'first'`
 * chooses the first node when none is named (the dictionary screen opens on its first type, as the reference does).
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Empty, Spin, Tree } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { branchIds, buildTree } from '../crud/tree';
import type { TreeRow } from '../crud/tree';
import type { Row } from '../crud/types';
import type { DialogState } from './FormDialog';
import { controllerFor } from '../crud/controller';
import { crudDeps } from './useCrudController';
import { useSidebarData } from './sidebar/useSidebarData';
import { useNodeMenu } from './sidebar/useNodeMenu';
import { deleteNode } from './sidebar/deleteNode';
import { nextNode } from './sidebar/nextNode';
import { useTreeOrder } from './sidebar/useTreeOrder';
import { SidebarHead } from './sidebar/SidebarHead';
import { OrderTree } from './sidebar/OrderTree';
import { NodeMenu } from './sidebar/NodeMenu';
import type { NodeOp } from './sidebar/NodeMenu';
import './screens/locales';

const FormDialog = lazy(() => import('./FormDialog'));

// A keyed entity (dictionary types) shows its key too: two types may share a name, never a key.
const labelOf = (r: Row) => {
  const name = String(r.name ?? r.title ?? r.label ?? `#${String(r.id)}`);
  return typeof r.key === 'string' && r.key ? `${name} - ${r.key}` : name;
};

export const Sidebar = observer(function Sidebar({
  entity,
  filter,
  title,
  value,
  start = 'all',
  onSelect,
  onManage,
  onAddMember,
  onChanged,
  onAdd,
}: {
  entity: string;
  filter: string;
  title: string;
  /** The screen's current filter value: the node's id, or its branch's ids (`…Ids` filters, the node first). */
  value: unknown;
  start?: 'all' | 'first';
  onSelect(value: unknown): void;
  /** Opens the sidebar entity's own screen; absent when the user may not change it. */
  onManage?: () => void;
  /** Opens the screen's add dialog for a member of this node. */
  onAddMember?: (id: unknown) => void;
  /** The screen's rows may have changed (a node deleted, members moved). */
  onChanged?: () => void;
  /** Adds a record of the sidebar's entity (a dictionary type); absent without the add permission. */
  onAdd?: () => void;
}) {
  const { t } = useTranslation('crud');
  const { t: ts } = useTranslation('screens');
  const stores = useStores();
  const { request, menu } = stores;
  const { rows, schema, load } = useSidebarData(stores, entity);
  const chosen = Array.isArray(value) ? value[0] : value;
  const selected = chosen === undefined || chosen === null ? undefined : String(chosen);
  const started = useRef(false);
  const [dialog, setDialog] = useState<DialogState | undefined>();
  const box = useRef<HTMLElement>(null);
  const hasNodeOps = useRef(false);
  const { menuAt, setMenuAt, openAt } = useNodeMenu(box, rows, hasNodeOps);
  const store = useMemo(() => (schema ? controllerFor(crudDeps(stores), schema) : undefined), [schema, stores]);
  const perm = entity.split('/').join(':');
  const may = (op: string) => !!schema?.actions.some((a) => a.name === op) && menu.hasPerm(`${perm}:${op}`);
  const canOrder = may('order') && !!rows?.some((r) => 'parentId' in r);
  const deleteBody = schema?.actions.find((a) => a.name === 'delete')?.body as { properties?: Record<string, unknown> } | undefined;
  const asksMembers = !!deleteBody?.properties && 'deleteUser' in deleteBody.properties;
  const nodeOps = [
    may('add') && store ? { key: 'addChild', run: (r: Row) => setDialog({ mode: 'append', prefill: { parentId: r.id } }) } : undefined,
    may('update') && store ? { key: 'edit', run: (r: Row) => setDialog({ mode: 'update', row: r }) } : undefined,
    may('delete') ? { key: 'delete', run: (r: Row) => remove(r) } : undefined,
    onAddMember ? { key: 'addMember', run: (r: Row) => onAddMember(r.id) } : undefined,
  ].filter((o): o is NodeOp => !!o);
  hasNodeOps.current = nodeOps.length > 0;

  const { draft, setDraft, saving, saveOrder } = useTreeOrder(request, entity, load);
  const afterChange = () => {
    load();
    onChanged?.();
  };
  const remove = (row: Row) => {
    const done = () => {
      // A screen that opens on a node (dictionary types) moves to the next one (else the one before), not to "all".
      if (selected && branchIds(rows ?? [], row.id).map(String).includes(selected)) {
        if (start === 'first') choose(nextNode(rows ?? [], roots, row.id));
        else onSelect(undefined);
      }
      afterChange();
    };
    deleteNode({ request, entity, t, ts, row, label: labelOf(row), asksMembers, done });
  };

  const shown = draft ?? rows;
  const toNode = (r: TreeRow): Record<string, unknown> => ({
    key: String(r.id),
    value: String(r.id),
    label: labelOf(r),
    children: (r.children ?? []).map(toNode),
  });
  const many = filter.endsWith('Ids');
  const roots = useMemo(() => (shown ? buildTree(shown, { field: 'orderNum', order: 'asc' }) : []), [shown]);
  const tree = roots.map(toNode);
  const choose = (id: unknown) => onSelect(id === undefined ? undefined : many ? branchIds(rows ?? [], id) : id);
  // Once, on the first load: open on the first node when the URL names none (an empty list loads every record).
  useEffect(() => {
    if (start !== 'first' || !rows) return;
    // A chosen node deleted elsewhere (the managing sheet) is no choice: open on the first one.
    const stale = selected !== undefined && !rows.some((r) => String(r.id) === selected);
    if (started.current && !stale) return;
    started.current = true;
    if (selected === undefined || stale) choose(roots[0]?.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);
  return (
    <aside ref={box} className="crud-sidebar" aria-label={title} data-testid="crud-sidebar">
      <SidebarHead
        title={title}
        canOrder={canOrder}
        ordering={!!draft}
        saving={saving}
        onReorder={() => setDraft(rows)}
        onCancelOrder={() => setDraft(undefined)}
        onSaveOrder={() => void saveOrder()}
        onAdd={onAdd}
        onManage={onManage}
        onRefresh={load}
      />
      {!shown ? (
        <Spin />
      ) : !shown.length ? (
        <Empty description={t('empty')} />
      ) : draft ? (
        <OrderTree tree={tree} draft={draft} onDraft={setDraft} />
      ) : (
        <Tree
          filterTreeNode
          searchPlaceholder={t('treeSearch')}
          expandAll
          value={selected ?? (start === 'first' ? undefined : '__all')}
          treeData={(start === 'first' ? tree : [{ key: '__all', value: '__all', label: t('all') }, ...tree]) as never}
          onContextMenu={(e, node) => {
            const row = rows?.find((r) => String(r.id) === String(node.key));
            if (!row || !nodeOps.length) return;
            e.preventDefault();
            openAt(e, row);
          }}
          onChange={(v) => {
            const key = v as unknown as string | undefined;
            // Choosing the chosen node again keeps it (a sidebar opened on its first node never falls back to all).
            if (!key) return;
            if (key === '__all') return onSelect(undefined);
            choose(rows?.find((r) => String(r.id) === key)?.id);
          }}
        />
      )}
      {menuAt && <NodeMenu at={menuAt} label={labelOf(menuAt.row)} ops={nodeOps} onPick={() => setMenuAt(undefined)} />}
      {store && dialog && (
        <Suspense fallback={null}>
          <FormDialog store={store} state={dialog} onClose={() => (setDialog(undefined), afterChange())} />
        </Suspense>
      )}
    </aside>
  );
});
