/**
 * A tree or list of another entity beside the table (`x-screen.sidebar`): choosing a node filters the table by it
 * (and its branch). What else it offers follows the sidebar entity's own API and the user's permissions, so every
 * tree sidebar gets it without page code: a drag-to-reorder mode when the entity has an `order` action, and a
 * right-click menu (add child, edit, delete — asking what happens to the members when the delete body has a
 * `deleteUser` switch — and add member to the screen's own entity). The chosen node is the screen's filter
 * value (`value`, kept in the URL by the store), so a reload or a shared link shows the same node; `start: 'first'`
 * chooses the first node when none is named (the dictionary screen opens on its first type, as the reference does).
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Empty, Modal, Spin, Toast, Tree } from '@douyinfe/semi-ui';
import { IconHandle, IconPlus, IconRefresh, IconSetting } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { branchIds, buildTree } from '../crud/tree';
import type { TreeRow } from '../crud/tree';
import type { EntitySchema, Row } from '../crud/types';
import type { DialogState } from './FormDialog';
import { confirmDelete } from './confirmDelete';
import { controllerFor, loadEntitySchema } from '../crud/controller';
import { crudDeps } from './useCrudController';
import { moveNode, orderBody } from './treeOrder';
import type { DropPlace } from './treeOrder';
import { useTreeKeyboard } from '../a11y/treeKeys';
import './screens/locales';

const FormDialog = lazy(() => import('./FormDialog'));

// A keyed entity (dictionary types) shows its key too: two types may share a name, never a key.
const labelOf = (r: Row) => {
  const name = String(r.name ?? r.title ?? r.label ?? `#${String(r.id)}`);
  return typeof r.key === 'string' && r.key ? `${name} - ${r.key}` : name;
};

/** Tree rows in display order, depth first. */
function flatten(nodes: readonly TreeRow[]): TreeRow[] {
  return nodes.flatMap((n) => [n, ...flatten((n.children ?? []) as TreeRow[])]);
}

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
  const [rows, setRows] = useState<Row[] | undefined>();
  const chosen = Array.isArray(value) ? value[0] : value;
  const selected = chosen === undefined || chosen === null ? undefined : String(chosen);
  const started = useRef(false);
  const [schema, setSchema] = useState<EntitySchema | undefined>();
  const [draft, setDraft] = useState<Row[] | undefined>();
  const [saving, setSaving] = useState(false);
  const [menuAt, setMenuAt] = useState<{ x: number; y: number; row: Row } | undefined>();
  const [dialog, setDialog] = useState<DialogState | undefined>();
  const load = () => {
    setRows(undefined);
    request<Row[]>({
      url: `/admin/${entity}/list`,
      method: 'POST',
      data: {},
      progress: false,
      errorPage: false,
    }).then(
      (r) => setRows(r ?? []),
      () => setRows([]),
    );
  };
  useEffect(load, [entity, request]);
  useEffect(() => {
    let alive = true;
    loadEntitySchema(stores.request, `/admin/${entity}`).then(
      (s) => alive && setSchema(s),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [entity, stores]);
  // The tree item the node menu was opened on: Escape gives it the focus back.
  const opener = useRef<HTMLElement | null>(null);
  const box = useRef<HTMLElement>(null);
  const hasNodeOps = useRef(false);
  const menuByKey = useCallback(
    (key: string, item: HTMLElement) => {
      const row = rows?.find((r) => String(r.id) === key);
      if (!row || !hasNodeOps.current) return;
      const at = item.getBoundingClientRect();
      opener.current = item;
      setMenuAt({ x: at.left + 16, y: at.bottom, row });
    },
    [rows],
  );
  useTreeKeyboard(box, { onMenu: menuByKey });
  useEffect(() => {
    if (!menuAt) return;
    const close = () => setMenuAt(undefined);
    const onKey = (e: KeyboardEvent) => {
      const items = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="tree-context-menu"] button')];
      const at = items.indexOf(document.activeElement as HTMLButtonElement);
      if (e.key === 'Escape') {
        close();
        opener.current?.focus();
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
      }
    };
    window.addEventListener('click', close);
    window.addEventListener('scroll', close, true);
    window.addEventListener('keydown', onKey);
    // The first item takes the focus, so the menu works from the keyboard.
    document.querySelector<HTMLButtonElement>('[data-testid="tree-context-menu"] button')?.focus();
    return () => {
      window.removeEventListener('click', close);
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('keydown', onKey);
    };
  }, [menuAt]);
  const store = useMemo(() => (schema ? controllerFor(crudDeps(stores), schema) : undefined), [schema, stores]);
  const perm = entity.split('/').join(':');
  const may = (op: string) => !!schema?.actions.some((a) => a.name === op) && menu.hasPerm(`${perm}:${op}`);
  const canOrder = may('order') && !!rows?.some((r) => 'parentId' in r);
  const deleteBody = schema?.actions.find((a) => a.name === 'delete')?.body as { properties?: Record<string, unknown> } | undefined;
  const asksMembers = !!deleteBody?.properties && 'deleteUser' in deleteBody.properties;
  const nodeOps = [
    may('add') && store
      ? {
          key: 'addChild',
          run: (r: Row) => setDialog({ mode: 'append', prefill: { parentId: r.id } }),
        }
      : undefined,
    may('update') && store ? { key: 'edit', run: (r: Row) => setDialog({ mode: 'update', row: r }) } : undefined,
    may('delete') ? { key: 'delete', run: (r: Row) => remove(r) } : undefined,
    onAddMember ? { key: 'addMember', run: (r: Row) => onAddMember(r.id) } : undefined,
  ].filter((o): o is { key: string; run(r: Row): void } => !!o);
  hasNodeOps.current = nodeOps.length > 0;

  const afterChange = () => {
    load();
    onChanged?.();
  };
  const remove = (row: Row) => {
    const send = async (deleteUser?: boolean) => {
      try {
        await request({
          url: `/admin/${entity}/delete`,
          method: 'POST',
          data: {
            ids: [row.id],
            ...(deleteUser === undefined ? {} : { deleteUser }),
          },
        });
        Toast.success(deleteUser === false ? ts('usersMoved') : ts('deleted'));
        if (
          selected &&
          branchIds(rows ?? [], row.id)
            .map(String)
            .includes(selected)
        ) {
          // A screen that opens on a node (dictionary types) moves to the next one (else the one before), not to "all".
          if (start === 'first') {
            const gone = new Set(branchIds(rows ?? [], row.id).map(String));
            const order = flatten(roots);
            const at = order.findIndex((r) => String(r.id) === String(row.id));
            const next = [...order.slice(at + 1), ...order.slice(0, Math.max(at, 0)).reverse()].find((r) => !gone.has(String(r.id)));
            choose(next?.id);
          } else onSelect(undefined);
        }
        afterChange();
      } catch (e) {
        Toast.error((e as Error).message);
      }
    };
    if (!asksMembers) {
      confirmDelete(t, () => send());
      return;
    }
    // Three outcomes: delete the members too, keep them (moved to the parent), or nothing.
    const m = Modal.warning({
      title: ts('deleteTitle', { name: labelOf(row) }),
      content: ts('deleteContent'),
      footer: (
        <div className="crud-sidebar__delete-choices">
          <Button onClick={() => m.destroy()} data-testid="tree-delete-cancel">
            {ts('cancel')}
          </Button>
          <Button type="danger" onClick={() => (m.destroy(), void send(true))} data-testid="tree-delete-users">
            {ts('deleteWithUsers')}
          </Button>
          <Button theme="solid" type="primary" onClick={() => (m.destroy(), void send(false))} data-testid="tree-delete-keep">
            {ts('keepUsers')}
          </Button>
        </div>
      ),
    });
  };

  const saveOrder = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      await request({
        url: `/admin/${entity}/order`,
        method: 'POST',
        data: orderBody(draft),
      });
      Toast.success(ts('orderSaved'));
      setDraft(undefined);
      load();
    } catch (e) {
      Toast.error((e as Error).message);
    } finally {
      setSaving(false);
    }
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
      <div className="crud-sidebar__head">
        <span>{title}</span>
        <span>
          {canOrder && !draft && (
            <Button
              size="small"
              theme="borderless"
              icon={<IconHandle />}
              aria-label={ts('reorder')}
              title={ts('reorder')}
              onClick={() => setDraft(rows)}
              data-testid="tree-reorder"
            />
          )}
          {onAdd && <Button size="small" theme="borderless" icon={<IconPlus />} aria-label={t('addOf', { name: title })} title={t('addOf', { name: title })} onClick={onAdd} data-testid="crud-sidebar-add" />}
          {onManage && (
            <Button
              size="small"
              theme="borderless"
              icon={<IconSetting />}
              aria-label={t('manage', { name: title })}
              title={t('manage', { name: title })}
              onClick={onManage}
              data-testid="crud-sidebar-manage"
            />
          )}
          <Button size="small" theme="borderless" icon={<IconRefresh />} aria-label={t('refresh')} onClick={load} />
        </span>
      </div>
      {draft && (
        <div className="crud-sidebar__order">
          <span className="crud-muted">{ts('reorder')}</span>
          <Button size="small" onClick={() => setDraft(undefined)} data-testid="tree-order-cancel">
            {ts('cancel')}
          </Button>
          <Button size="small" theme="solid" type="primary" loading={saving} onClick={() => void saveOrder()} data-testid="tree-order-save">
            {ts('saveOrder')}
          </Button>
        </div>
      )}
      {!shown ? (
        <Spin />
      ) : !shown.length ? (
        <Empty description={t('empty')} />
      ) : draft ? (
        <Tree
          key="order"
          draggable
          expandAll
          treeData={tree as never}
          onDrop={(info) => {
            const node = info.node as unknown as { key: string; pos?: string };
            const rel =
              info.dropPosition -
              Number(
                String(node.pos ?? '0')
                  .split('-')
                  .pop(),
              );
            const place: DropPlace = !info.dropToGap ? 'inside' : rel < 0 ? 'before' : 'after';
            const id = (key: string) => draft.find((r) => String(r.id) === key)?.id;
            setDraft(moveNode(draft, id(String(info.dragNode.key)), id(node.key), place));
          }}
        />
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
            opener.current = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
            setMenuAt({ x: e.clientX, y: e.clientY, row });
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
      {menuAt && (
        // The table's context-menu look (crud.css `.crud-context`).
        <div className="crud-context" role="menu" aria-label={ts('nodeMenu', { name: labelOf(menuAt.row) })} style={{ left: menuAt.x, top: menuAt.y }} data-testid="tree-context-menu">
          {nodeOps.map((o) => (
            <button key={o.key} type="button" role="menuitem" data-op={o.key} className={o.key === 'delete' ? 'crud-context__danger' : undefined} onClick={() => (setMenuAt(undefined), o.run(menuAt.row))}>
              {ts(o.key)}
            </button>
          ))}
        </div>
      )}
      {store && dialog && (
        <Suspense fallback={null}>
          <FormDialog
            store={store}
            state={dialog}
            onClose={() => {
              setDialog(undefined);
              afterChange();
            }}
          />
        </Suspense>
      )}
    </aside>
  );
});
