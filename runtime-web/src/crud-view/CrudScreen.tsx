/**
 * The generic CRUD screen: one entity's `base/comm/schema` answer → toolbar, search, table or cards, pagination,
 * the form dialog and the history drawer. No page code per entity. The controller comes from `crud/controller.ts`,
 * the screen's own state (dialogs, columns) from `crud/screenState.ts`; the parts are CrudToolbar and CrudDialogs.
 */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Empty, Spin, Toast } from '@douyinfe/semi-ui';
import { Pager } from '../a11y/Pager';
import { Drawer } from '../a11y/Drawer';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useStores } from '../core/stores/context';
import { labelIn } from '../crud/model';
import { CrudScreenState } from '../crud/screenState';
import type { CrudStore } from '../crud/store';
import { PAGE_SIZES } from '../crud/urlState';
import '../crud/locales';
import '../crud/dataLocales';
import { CardGrid } from './CardGrid';
import { CardList } from './CardList';
import { CrudDialogs } from './CrudDialogs';
import { CrudToolbar } from './CrudToolbar';
import { DataTable } from './DataTable';
import { Sidebar } from './Sidebar';
import { totalLabel } from './totalLabel';
import { UnknownNames } from './UnknownNames';
import { useRegistry } from './useRegistry';
import { useCrudController } from './useCrudController';
import { useScreenActions } from './useScreenActions';
import type { CustomDialog, ScreenState } from './useScreenActions';
import './crud.css';

/**
 * `syncUrl` false: a screen embedded in another page keeps its list parameters to itself. `autoAdd`: opens
 * the add dialog at once (the sidebar's add button). An entity with a registered screen view gets that view.
 */
export const CrudScreen = observer(function CrudScreen({ prefix, syncUrl = true, autoAdd = false }: { prefix: string; syncUrl?: boolean; autoAdd?: boolean }) {
  const { t } = useTranslation('crud');
  const { store, error } = useCrudController(prefix, syncUrl);
  const registry = useRegistry();
  if (error) return <Empty className="crud-screen__error" title={t('notFound', { prefix })} description={error} />;
  if (!store) return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;
  const View = registry.view(store.model.entity.id);
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
  const [ui] = useState(() => new CrudScreenState<CustomDialog>(store, stores.request, autoAdd));
  useEffect(() => void ui.loadSettings(), [ui]);
  const { runAction, askDelete, ops } = useScreenActions(ui);
  const can = store.can;
  const narrow = app.screen === 'xs';
  useRefreshOnActivation(store, model.view === 'cards');
  const selectedCount = store.selected.size;
  const showButton = (name: string) => !model.buttons || model.buttons.includes(name) || (name === 'delete' && model.buttons.includes('edit'));
  const columns = ui.columns;

  const body = (
    <div className="crud-main">
      <UnknownNames model={model} />
      <CrudToolbar ui={ui} locale={locale} narrow={narrow} showButton={showButton} runAction={runAction} askDelete={askDelete} />
      {ui.settings === undefined ? (
        // The user's column layout arrives first: no flash of the default columns.
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : model.view === 'cards' ? (
        <CardGrid store={store} columns={columns} ops={ops} {...(can.add && showButton('add') ? { onAdd: ui.openAdd } : {})} />
      ) : narrow ? (
        <CardList store={store} columns={columns} ops={ops} />
      ) : (
        <DataTable
          store={store}
          columns={columns}
          ops={ops}
          expanded={ui.expanded}
          onExpand={ui.setExpanded}
          onResize={(key, width) => void ui.resize(key, width).catch((e: Error) => Toast.error(e.message))}
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
          <ScreenSidebar ui={ui} narrow={narrow} />
          {body}
        </div>
      ) : (
        body
      )}
      <CrudDialogs ui={ui} locale={locale} />
    </div>
  );
});

/** The screen's sidebar (`x-screen.sidebar`) and the drawer that manages its own entity with the same generic screen. */
const ScreenSidebar = observer(function ScreenSidebar({ ui, narrow }: { ui: ScreenState; narrow: boolean }) {
  const stores = useStores();
  const { store } = ui;
  const { model, can } = store;
  const side = model.sidebar!;
  const title = labelIn(
    side.title ?? (stores.eps.entries.find((e) => e.prefix === `/admin/${side.entity}`)?.label as Record<string, string> | undefined) ?? model.entity.fields.find((f) => f.ref === side.entity)?.label,
    stores.app.locale,
    side.entity,
  );
  const perm = side.entity.split('/').join(':');
  // The field of this entity that points at the sidebar's records (a user's departmentId): "add member" fills it.
  const memberField = model.entity.fields.find((f) => f.ref === side.entity)?.name;
  const mayManage = ['add', 'update', 'delete'].some((op) => stores.menu.hasPerm(`${perm}:${op}`));
  return (
    <>
      <Sidebar
        key={ui.sidebarVersion}
        entity={side.entity}
        filter={side.filter}
        title={title}
        value={store.params.filters[side.filter]}
        {...(side.start ? { start: side.start } : {})}
        onSelect={(v) => void store.setFilter(side.filter, v)}
        onManage={mayManage ? () => ui.setManaging('list') : undefined}
        onAdd={stores.menu.hasPerm(`${perm}:add`) ? () => ui.setManaging('add') : undefined}
        onAddMember={memberField && can.add ? (id) => ui.openDialog({ mode: 'add', prefill: { [memberField]: id } }) : undefined}
        onChanged={() => void store.refresh()}
      />
      {ui.managing && (
        // The sidebar's own entity (dictionary types, file classes…) is managed by the same generic screen.
        <Drawer visible title={title} width={narrow ? '100%' : '60%'} onCancel={() => ui.setManaging(false)}>
          <CrudScreen prefix={`/admin/${side.entity}`} syncUrl={false} autoAdd={ui.managing === 'add'} />
        </Drawer>
      )}
    </>
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
