/**
 * The generic CRUD screen: one schema's metadata (EPS + `base/comm/schema`) → toolbar, search, table or cards,
 * pagination, the form dialog and the history drawer. No page code per entity.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { Button, Empty, Modal, Spin, Toast } from '@douyinfe/semi-ui';
import { Pager } from '../a11y/Pager';
import { Drawer } from '../a11y/Drawer';
import { IconDelete, IconDownload, IconEdit, IconUpload, IconPlus, IconRefresh, IconTreeTriangleDown, IconTreeTriangleRight } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStores } from '../core/stores/context';
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
import '../crud/dataLocales';
import { CardGrid } from './CardGrid';
import { confirmDelete } from './confirmDelete';
import { CardList } from './CardList';
import { ColumnSettingsButton } from './ColumnSettings';
import { DataTable } from './DataTable';
import type { RowOps } from './DataTable';
import type { DialogState } from './FormDialog';
import { HistoryDrawer } from './HistoryDrawer';
import { totalLabel } from './totalLabel';
import { actionFor, refreshHookFor, reloadEventFor, runAfterWrite, screenViewFor } from './registry';
import type { ActionContext, ActionHandler } from './registry';
import './screens';
import './modules';
import { SearchBar } from './SearchBar';
import { Sidebar } from './Sidebar';
import { loadSchema } from './schemaCache';
import './crud.css';

// The form stack (rjsf, ajv, pickers) loads on the first add/edit, not with the list.
const FormDialog = lazy(() => import('./FormDialog'));
const ActionDialog = lazy(() => import('./ActionDialog'));
const ExportDialog = lazy(() => import('./ExportDialog'));
const ViewsMenu = lazy(() => import('./ViewsMenu'));
const BulkEditDialog = lazy(() => import('./BulkEditDialog'));
const ImportDialog = lazy(() => import('./ImportDialog'));

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
        const store: CrudStore = new CrudStore(provider, model, {
          hasPerm: (key) => stores.menu.hasPerm(key),
          onWrite: (rows) => runAfterWrite(store, rows, stores),
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
        // A sidebar that opens on its first node loads the list once that node is chosen (Sidebar), not before.
        const side = model.sidebar;
        if (!(side?.start === 'first' && store.params.filters[side.filter] === undefined)) void store.refresh();
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

/**
 * `syncUrl` false: a screen embedded in another page keeps its list parameters to itself. `autoAdd`: opens
 * the add dialog at once (the sidebar's add button). An entity with a registered screen view gets that view.
 */
export const CrudScreen = observer(function CrudScreen({ prefix, syncUrl = true, autoAdd = false }: { prefix: string; syncUrl?: boolean; autoAdd?: boolean }) {
  const { t } = useTranslation('crud');
  const { store, error } = useCrud(prefix, syncUrl);
  if (error) return <Empty className="crud-screen__error" title={t('notFound', { prefix })} description={error} />;
  if (!store) return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;
  const View = screenViewFor(store.model.entity.id);
  if (View) return <View store={store} />;
  return <CrudView store={store} autoAdd={autoAdd} />;
});

const CrudView = observer(function CrudView({ store, autoAdd }: { store: CrudStore; autoAdd: boolean }) {
  const { t } = useTranslation('crud');
  const stores = useStores();
  const { app } = stores;
  const locale = app.locale;
  const model = store.model;
  const entityId = model.entity.id;
  const [dialog, setDialog] = useState<DialogState | undefined>(autoAdd ? { mode: 'add' } : undefined);
  const [managing, setManaging] = useState<false | 'list' | 'add'>(false);
  const [historyRow, setHistoryRow] = useState<Row | undefined>();
  const [settings, setSettings] = useState<ColumnSetting[] | null | undefined>(undefined);
  const [expanded, setExpanded] = useState<(string | number)[]>([]);
  const [formLoaded, setFormLoaded] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [bulk, setBulk] = useState(false);
  const [importing, setImporting] = useState(false);
  const [sidebarVersion, setSidebarVersion] = useState(0);
  const closeDialog = useCallback(() => setDialog(undefined), []);
  const sidebarEntity = model.sidebar?.entity;
  const sidebarTitle = sidebarEntity
    ? labelIn(
        model.sidebar?.title ??
          (stores.eps.entries.find((e) => e.prefix === `/admin/${sidebarEntity}`)?.label as Record<string, string> | undefined) ??
          model.entity.fields.find((f) => f.ref === sidebarEntity)?.label,
        locale,
        sidebarEntity,
      )
    : '';
  const sidebarPerm = sidebarEntity?.split('/').join(':');
  // The field of this entity that points at the sidebar's records (a user's departmentId): "add member" fills it.
  const memberField = sidebarEntity ? model.entity.fields.find((f) => f.ref === sidebarEntity)?.name : undefined;
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

  const askDelete = useCallback(
    (rows: Row[]) => {
      if (!rows.length) return;
      confirmDelete(t, () =>
        store.remove(rows.map((r) => r.id as number)).then(
          () => Toast.success(t('deleteSuccess')),
          (e: Error) => {
            Toast.error(e.message);
            throw e;
          },
        ),
      );
    },
    [store, t],
  );

  const [actionState, setActionState] = useState<{ action: ActionModel; rows: Row[] } | undefined>();
  const [customDialog, setCustomDialog] = useState<{ handler: ActionHandler; ctx: ActionContext } | undefined>();
  useEffect(() => {
    const hook = refreshHookFor(entityId);
    if (!hook) return;
    return reaction(
      () => store.rows,
      () => void Promise.resolve(hook(stores)).catch(() => undefined),
    );
  }, [store, entityId, stores]);
  useEffect(() => {
    const event = reloadEventFor(entityId);
    if (!event) return;
    const reload = () => void store.refresh();
    window.addEventListener(event, reload);
    return () => window.removeEventListener(event, reload);
  }, [store, entityId]);
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
          if (custom?.dialog) return setCustomDialog({ handler: custom, ctx: { store, ...(row ? { row } : {}), rows } });
          if (custom) {
            const r = await custom.run({ store, ...(row ? { row } : {}), rows });
            if (r === false) return;
          } else {
            await store.provider.action(a.name, ctx.values);
          }
          store.written(rows);
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
    remove: askDelete,
    history: setHistoryRow,
    ...(model.view === 'tree-table' ? { append: (row: Row) => setDialog({ mode: 'append', prefill: { parentId: row.id } }) } : {}),
    action: (a, row) => runAction(a, row),
  };
  const can = store.can;
  const narrow = app.screen === 'xs';
  // A new record lands where the user is looking: the sidebar's chosen node (one type, one category).
  const sidebarValue = model.sidebar ? store.params.filters[model.sidebar.filter] : undefined;
  const openAdd = () =>
    setDialog({ mode: 'add', ...(model.sidebar && sidebarValue !== undefined && !Array.isArray(sidebarValue) ? { prefill: { [model.sidebar.filter]: sidebarValue } } : {}) });
  useRefreshOnActivation(store, model.view === 'cards');
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
          <Button theme="solid" type="primary" icon={<IconPlus />} onClick={openAdd} data-testid="crud-add">
            {t('add')}
          </Button>
        )}
        {can.delete && showButton('delete') && (
          <Button type="danger" icon={<IconDelete />} disabled={!selectedCount} onClick={() => askDelete([...store.selected.values()])} data-testid="crud-multi-delete">
            {t('delete')}
            {selectedCount ? ` (${selectedCount})` : ''}
          </Button>
        )}
        {toolbarActions.map((a) => {
          const render = actionFor(entityId, a.name)?.render;
          if (render) return <span key={a.name} data-action={a.name}>{render({ store, rows: [...store.selected.values()] })}</span>;
          return (
            <Button key={a.name} onClick={() => runAction(a)} data-action={a.name}>
              {labelIn(a.label, locale, a.name)}
            </Button>
          );
        })}
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
        {can.add && store.paged && (
          <Button icon={<IconUpload />} aria-label={t('data:import')} onClick={() => setImporting(true)} data-testid="crud-import">
            {narrow ? null : t('data:import')}
          </Button>
        )}
        {can.update && store.paged && (
          <Button icon={<IconEdit />} aria-label={t('data:bulkEdit')} onClick={() => setBulk(true)} data-testid="crud-bulk-edit">
            {narrow ? null : t('data:bulkEdit')}
          </Button>
        )}
        {(model.ops.page || model.ops.list) && (store.canAction('page') || store.canAction('list')) && (
          <Button icon={<IconDownload />} aria-label={t('data:export')} onClick={() => setExporting(true)} data-testid="crud-export">
            {narrow ? null : t('data:export')}
          </Button>
        )}
        {(model.ops.page || model.ops.list) && (store.canAction('page') || store.canAction('list')) && settings !== undefined && (
          <Suspense fallback={null}>
            <ViewsMenu store={store} columns={settings} onColumns={saveSettings} />
          </Suspense>
        )}
        <ColumnSettingsButton columns={columns} locale={locale} onChange={saveSettings} onReset={() => saveSettings(null)} />
        <span className="crud-flex1" />
        <SearchBar store={store} />
      </div>
      {settings === undefined ? (
        // The user's column layout arrives first: no flash of the default columns.
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : model.view === 'cards' ? (
        <CardGrid store={store} columns={columns} ops={ops} {...(can.add && showButton('add') ? { onAdd: openAdd } : {})} />
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
            {totalLabel(t, store.total, store.totalExact)}
          </span>
          {selectedCount ? <span className="crud-muted">{t('selected', { n: selectedCount })}</span> : null}
          <span className="crud-flex1" />
          <Pager
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
    <div className="crud-screen" data-entity={entityId} data-testid="crud-screen" data-shown-query={store.shownQuery} aria-busy={store.loading}>
      {model.sidebar ? (
        <div className={narrow ? 'crud-with-sidebar crud-with-sidebar--narrow' : 'crud-with-sidebar'}>
          <Sidebar
            key={sidebarVersion}
            entity={model.sidebar.entity}
            filter={model.sidebar.filter}
            title={sidebarTitle}
            value={store.params.filters[model.sidebar.filter]}
            {...(model.sidebar.start ? { start: model.sidebar.start } : {})}
            onSelect={(v) => void store.setFilter(model.sidebar!.filter, v)}
            onManage={mayManageSidebar ? () => setManaging('list') : undefined}
            onAdd={sidebarEntity && stores.menu.hasPerm(`${sidebarPerm}:add`) ? () => setManaging('add') : undefined}
            onAddMember={memberField && can.add ? (id) => setDialog({ mode: 'add', prefill: { [memberField]: id } }) : undefined}
            onChanged={() => void store.refresh()}
          />
          {body}
        </div>
      ) : (
        body
      )}
      {model.sidebar && managing && (
        // The sidebar's own entity (dictionary types, file classes…) is managed by the same generic screen.
        <Drawer
          visible
          title={sidebarTitle}
          width={narrow ? '100%' : '60%'}
          onCancel={() => {
            setManaging(false);
            setSidebarVersion((v) => v + 1);
          }}
        >
          <CrudScreen prefix={`/admin/${model.sidebar.entity}`} syncUrl={false} autoAdd={managing === 'add'} />
        </Drawer>
      )}
      {dialog !== undefined || formLoaded ? (
        <Suspense fallback={null}>
          <FormDialog store={store} state={dialog} onClose={closeDialog} />
        </Suspense>
      ) : null}
      {importing ? (
        <Suspense fallback={null}>
          <ImportDialog store={store} onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
      {bulk ? (
        <Suspense fallback={null}>
          <BulkEditDialog store={store} onClose={() => setBulk(false)} />
        </Suspense>
      ) : null}
      {exporting ? (
        <Suspense fallback={null}>
          <ExportDialog store={store} columns={columns} onClose={() => setExporting(false)} />
        </Suspense>
      ) : null}
      <HistoryDrawer store={store} row={historyRow} onClose={() => setHistoryRow(undefined)} />
      {customDialog?.handler.dialog ? (
        <Suspense fallback={null}>
          <customDialog.handler.dialog
            ctx={customDialog.ctx}
            onClose={(changed) => {
              setCustomDialog(undefined);
              if (changed) void store.refresh();
            }}
          />
        </Suspense>
      ) : null}
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

/** A kept-alive screen shown again (its tab chosen) reloads its rows: task states change on their own. */
function useRefreshOnActivation(store: CrudStore, on: boolean): void {
  const { pathname } = useLocation();
  const [home] = useState(() => window.location.pathname);
  const [wasAway, setWasAway] = useState(false);
  useEffect(() => {
    if (!on) return;
    if (pathname !== home) setWasAway(true);
    else if (wasAway) {
      setWasAway(false);
      void store.refresh();
    }
  }, [on, pathname, home, wasAway, store]);
}

export default CrudScreen;
