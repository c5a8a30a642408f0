import { observer } from 'mobx-react-lite';
import { useStores } from '../core/stores/context';
import { Icon } from '../icons';
import { GroupBar } from './GroupBar';
import { frameClasses } from './menuView';
import { PageView } from './PageView';
import { SideMenu } from './SideMenu';
import { TabsBar } from './TabsBar';
import { TopBar } from './TopBar';
import './locales';
import './layout.css';

/**
 * The main frame (route `/`): sidebar menu, top bar, tabs and the routed page (`<Outlet/>` through the
 * keep-alive view). The frame carries the screen class (is-xs … is-full) and the folded state.
 */
const MainLayout = observer(function MainLayout() {
  const { app } = useStores();

  const collapsed = app.menuCollapsed;
  return (
    <div className={frameClasses(app.screen, collapsed, app.mini)} data-screen={app.screen} data-testid="main-layout">
      <aside className="sa-frame__side" data-testid="sidebar" aria-hidden={app.mini && collapsed ? true : undefined}>
        <div className="sa-logo">
          <span className="sa-logo__mark">
            <Icon name="workbench" size={20} />
          </span>
          {!collapsed && <span className="sa-logo__name">{app.info.name}</span>}
        </div>
        {app.mini && app.theme.isGroup && !collapsed && <GroupBar />}
        <div className="sa-frame__menu">
          <SideMenu />
        </div>
      </aside>
      {app.mini && !collapsed && (
        <div className="sa-frame__mask" role="presentation" onClick={() => app.setMenuCollapsed(true)} />
      )}
      <section className="sa-frame__main">
        <TopBar />
        <TabsBar />
        <main className="sa-frame__view">
          <PageView />
        </main>
      </section>
    </div>
  );
});

export default MainLayout;
export { MainLayout };
