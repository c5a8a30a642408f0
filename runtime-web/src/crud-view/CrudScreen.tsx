/**
 * The generic CRUD screen: one schema's metadata (EPS + `base/comm/schema`) → toolbar, search, table or cards,
 * pagination, the form dialog and the history drawer. No page code per entity.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Empty, Modal, Pagination, SideSheet, Spin, Toast } from '@douyinfe/semi-ui';
import { IconDelete, IconPlus, IconRefresh, IconTreeTriangleDown, IconTreeTriangleRight } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStores } from '../core/stores/context';
import type { Stores } from '../core/stores';
import { applyColumnSettings, loadColumnSettings, saveColumnSettings } from '../crud/columnSettings';
import type { ColumnSetting } from '../crud/columnSettings';
import { buildScreenModel, labelIn } from '../crud/model';
import type { ActionModel, EpsSearch } from '../crud/model';
import { createDataProvider } from '../crud/provider';
import { CrudStore } from '../crud/store';
import { treeKeys } from '../crud/tree';
import { actionContext } from '../crud/actionContext';
import type { EntitySchema, Row } from '../crud/types';
import { PAGE_SIZES } from '../crud/urlState';
import '../crud/locales';
import { CardList } from './CardList';
import { ColumnSettingsButton } from './ColumnSettings';
import { DataTable } from './DataTable';
import type { RowOps } from './DataTable';
import type { DialogState } from './FormDialog';
import { HistoryDrawer } from './HistoryDrawer';
import { actionFor } from './registry';
import { SearchBar } from './SearchBar';
import { Sidebar } from './Sidebar';
import './crud.css';

// The form stack (rjsf, ajv, pickers) loads on the first add/edit, not with the list.
const FormDialog = lazy(() => import('./FormDialog'));
const ActionDialog = lazy(() => import('./ActionDialog'));

const schemaCache = new Map<string, Promise<EntitySchema>>();

function loadSchema(stores: Stores, prefix: string): Promise<EntitySchema> {
  let p = schemaCache.get(prefix);
  if (!p) {
    p = stores.request<EntitySchema>({ url: '/admin/base/comm/schema', method: 'GET', params: { prefix }, progress: false });
    schemaCache.set(prefix, p);
    p.catch(() => schemaCache.delete(prefix));
  }
  return p;
}

/** Loads the entity and builds its controller; the screen renders once both are there. */
function useCrud(prefix: string, syncUrl = true): { store?: CrudStore; error?: string } {
  const stores = useStores();
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<{ store?: CrudStore; error?: string }>({});
  useEffect(() => {
    let alive = true;
    const path = location.pathname;
    loadSchema(stores, prefix).then(
      (entity) => {
        if (!alive) return;
        const eps = stores.eps.entries.find((e) => e.prefix === prefix);
        const model = buildScreenModel({ ...entity, screen: entity.screen ?? (eps?.screen as EntitySchema['screen']) }, (eps?.search ?? {}) as EpsSearch);
        const provider = createDataProvider(stores.request, entity);
        const store = new CrudStore(provider, model, {
          hasPerm: (key) => stores.menu.hasPerm(key),
          url: syncUrl ? {
            read: () => window.location.search,
            // Only while this screen is the one shown (kept-alive screens stay quiet).
            write: (q) => {
              if (window.location.pathname !== path) return;
              const next = q ? `?${q}` : '';
              if (next !== window.location.search) navigate({ pathname: path, search: next }, { replace: true });
            },
          } : undefined,
        });
        setState({ store });
        void store.refresh();
      },
      (err: Error) => alive && setState({ error: err.message }),
    );
    return () => {
      alive = false;
    };
    // The screen is built once per mount; the URL is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefix, stores]);
  return state;
}

/** `syncUrl` false: a screen embedded in another page keeps its list parameters to itself. */
export const CrudScreen = observer(function CrudScreen({ prefix, syncUrl = true }: { prefix: string; syncUrl?: boolean }) {
  const { t } = useTranslation('crud');
  const { store, error } = useCrud(prefix, syncUrl);
  if (error) return <Empty className="crud-screen__error" title={t('notFound', { prefix })} description={error} />;
  if (!store) return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;
  return <CrudView store={store} />;
});

const CrudView = observer(function CrudView({ store }: { store: CrudStore }) {
  const { t } = useTranslation('crud');
  const stores = useStores();
  const { app } = stores;
  const locale = app.locale;
  const model = store.model;
  const entityId = model.entity.id;
  const [dialog, setDialog] = useState<DialogState | undefined>();
  const [historyRow, setHistoryRow] = useState<Row | undefined>();
  const [settings, setSettings] = useState<ColumnSetting[] | null | undefined>(undefined);
  const [expanded, setExpanded] = useState<(string | number)[]>([]);
  const [formLoaded, setFormLoaded] = useState(false);
  const [managing, setManaging] = useState(false);
  const [sidebarVersion, setSidebarVersion] = useState(0);
  const closeDialog = useCallback(() => setDialog(undefined), []);
  const sidebarEntity = model.sidebar?.entity;
  const sidebarTitle = sidebarEntity
    ? labelIn(
        (stores.eps.entries.find((e) => e.prefix === `/admin/${sidebarEntity}`)?.label as Record<string, string> | undefined) ??
          model.entity.fields.find((f) => f.ref === sidebarEntity)?.label,
        locale,
        sidebarEntity,
      )
    : '';
  const sidebarPerm = sidebarEntity?.split('/').join(':');
  const mayManageSidebar = !!sidebarPerm && ['add', 'update', 'delete'].some((op) => stores.menu.hasPerm(`${sidebarPerm}:${op}`));
  useEffect(() => {
    if (dialog) setFormLoaded(true);
  }, [dialog]);

  useEffect(() => {
    let alive = true;
    loadColumnSettings(stores.request, entityId).then(
      (s) => alive && setSettings(s?.columns ?? null),
      () => alive && setSettings(null),
    );
    return () => {
      alive = false;
    };
  }, [stores.request, entityId]);

  const columns = useMemo(() => applyColumnSettings(model.columns, settings ? { columns: settings } : null), [model.columns, settings]);
  const saveSettings = (next: ColumnSetting[] | null) => {
    setSettings(next);
    saveColumnSettings(stores.request, entityId, next ? { columns: next } : null).catch((e: Error) => Toast.error(e.message));
  };

  const confirmDelete = useCallback(
    (rows: Row[]) => {
      if (!rows.length) return;
      Modal.warning({
        title: t('tip'),
        content: t('confirmDelete'),
        okText: t('confirm'),
        cancelText: t('cancel'),
        hasCancel: true,
        onOk: () =>
          store.remove(rows.map((r) => r.id as number)).then(
            () => Toast.success(t('deleteSuccess')),
            (e: Error) => {
              Toast.error(e.message);
              throw e;
            },
          ),
      });
    },
    [store, t],
  );

  const [actionState, setActionState] = useState<{ action: ActionModel; rows: Row[] } | undefined>();
  const runAction = useCallback(
    (a: ActionModel, row?: Row) => {
      const rows = row ? [row] : [...store.selected.values()];
      const custom = actionFor(entityId, a.name);
      const body = store.model.entity.actions.find((x) => x.name === a.name)?.body;
      const ctx = actionContext(body, rows);
      if (!custom && ctx.missingIds) return void Toast.warning(t('selectFirst'));
      if (!custom && ctx.asked.length) return setActionState({ action: a, rows });
      const go = async () => {
        try {
          if (custom) {
            const r = await custom.run({ store, ...(row ? { row } : {}), rows });
            if (r === false) return;
          } else {
            await store.provider.action(a.name, ctx.values);
          }
          Toast.success(t('actionSuccess'));
          await store.refresh();
        } catch (e) {
          Toast.error((e as Error).message);
        }
      };
      const name = labelIn(a.label, locale, a.name);
      if (a.confirm) Modal.confirm({ title: t('tip'), content: t('confirmAction', { name }), okText: t('confirm'), cancelText: t('cancel'), onOk: go });
      else void go();
    },
    [store, entityId, locale, t],
  );

  const ops: RowOps = {
    edit: (row) => setDialog({ mode: 'update', row }),
    info: (row) => setDialog({ mode: 'info', row }),
    remove: confirmDelete,
    history: setHistoryRow,
    ...(model.view === 'tree-table' ? { append: (row: Row) => setDialog({ mode: 'append', prefill: { parentId: row.id } }) } : {}),
    action: (a, row) => runAction(a, row),
  };
  const can = store.can;
  const narrow = app.screen === 'xs';
  const selectedCount = store.selected.size;
  const toolbarActions = model.toolbarActions.filter((a) => store.canAction(a.name));
  const showButton = (name: string) => !model.buttons || model.buttons.includes(name) || (name === 'delete' && model.buttons.includes('edit'));

  const body = (
    <div className="crud-main">
      <div className="crud-toolbar" role="toolbar">
        {showButton('refresh') && (
          <Button icon={<IconRefresh />} aria-label={t('refresh')} onClick={() => void store.refresh()} data-testid="crud-refresh">
            {narrow ? null : t('refresh')}
          </Button>
        )}
        {can.add && showButton('add') && (
          <Button theme="solid" type="primary" icon={<IconPlus />} onClick={() => setDialog({ mode: 'add' })} data-testid="crud-add">
            {t('add')}
          </Button>
        )}
        {can.delete && showButton('delete') && (
          <Button type="danger" icon={<IconDelete />} disabled={!selectedCount} onClick={() => confirmDelete([...store.selected.values()])} data-testid="crud-multi-delete">
            {t('delete')}
            {selectedCount ? ` (${selectedCount})` : ''}
          </Button>
        )}
        {toolbarActions.map((a) => (
          <Button key={a.name} onClick={() => runAction(a)} data-action={a.name}>
            {labelIn(a.label, locale, a.name)}
          </Button>
        ))}
        {model.view === 'tree-table' && (
          <>
            <Button icon={<IconTreeTriangleDown />} onClick={() => setExpanded(treeKeys(store.tree) as (string | number)[])}>
              {t('expandAll')}
            </Button>
            <Button icon={<IconTreeTriangleRight />} onClick={() => setExpanded([])}>
              {t('collapseAll')}
            </Button>
          </>
        )}
        <ColumnSettingsButton columns={columns} locale={locale} onChange={saveSettings} onReset={() => saveSettings(null)} />
        <span className="crud-flex1" />
        <SearchBar store={store} />
      </div>
      {settings === undefined ? (
        // The user's column layout arrives first: no flash of the default columns.
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : narrow ? (
        <CardList store={store} columns={columns} ops={ops} />
      ) : (
        <DataTable
          store={store}
          columns={columns}
          ops={ops}
          expanded={expanded}
          onExpand={setExpanded}
          onResize={(key, width) => saveSettings(columns.map((c) => ({ key: c.key, hidden: c.hidden, ...(c.fixed ? { fixed: c.fixed } : {}), ...(c.key === key ? { width } : c.width ? { width: c.width } : {}) })))}
        />
      )}
      {store.paged && (
        <div className="crud-footer">
          <span className="crud-muted" data-testid="crud-total">
            {t('total', { total: store.total })}
          </span>
          {selectedCount ? <span className="crud-muted">{t('selected', { n: selectedCount })}</span> : null}
          <span className="crud-flex1" />
          <Pagination
            total={store.total}
            currentPage={store.params.page}
            pageSize={store.params.size}
            pageSizeOpts={[...PAGE_SIZES]}
            showSizeChanger={!narrow}
            size={narrow ? 'small' : 'default'}
            onChange={(page, size) => void store.setPage(page, size)}
          />
        </div>
      )}
    </div>
  );

  return (
    <div className="crud-screen" data-entity={entityId} data-testid="crud-screen">
      {model.sidebar ? (
        <div className={narrow ? 'crud-with-sidebar crud-with-sidebar--narrow' : 'crud-with-sidebar'}>
          <Sidebar
            key={sidebarVersion}
            entity={model.sidebar.entity}
            filter={model.sidebar.filter}
            title={sidebarTitle}
            onSelect={(v) => void store.setFilter(model.sidebar!.filter, v)}
            onManage={mayManageSidebar ? () => setManaging(true) : undefined}
          />
          {body}
        </div>
      ) : (
        body
      )}
      {model.sidebar && managing && (
        // The sidebar's own entity (dictionary types, file classes…) is managed by the same generic screen.
        <SideSheet
          visible
          title={sidebarTitle}
          width={narrow ? '100%' : '60%'}
          onCancel={() => {
            setManaging(false);
            setSidebarVersion((v) => v + 1);
          }}
        >
          <CrudScreen prefix={`/admin/${model.sidebar.entity}`} syncUrl={false} />
        </SideSheet>
      )}
      {dialog !== undefined || formLoaded ? (
        <Suspense fallback={null}>
          <FormDialog store={store} state={dialog} onClose={closeDialog} />
        </Suspense>
      ) : null}
      <HistoryDrawer store={store} row={historyRow} onClose={() => setHistoryRow(undefined)} />
      {actionState ? (
        <Suspense fallback={null}>
          <ActionDialog
            store={store}
            action={actionState.action}
            rows={actionState.rows}
            locale={locale}
            onClose={() => setActionState(undefined)}
            onDone={() => {
              setActionState(undefined);
              Toast.success(t('actionSuccess'));
              void store.refresh();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
});

export default CrudScreen;
