import { observer } from 'mobx-react-lite';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { Icon } from '../icons';
import { DevSchemaBanner } from './DevSchemaBanner';
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
  const { t } = useTranslation('layout');

  const collapsed = app.menuCollapsed;
  // Folded away on a phone: out of sight, so out of the tab order and the accessibility tree too.
  const away = app.mini && collapsed;
  return (
    <div className={frameClasses(app.screen, collapsed, app.mini)} data-screen={app.screen} data-testid="main-layout">
      <a className="sa-skip" href="#sa-main" data-testid="skip-to-main" onClick={skipToMain}>
        {t('skipToMain')}
      </a>
      <aside className="sa-frame__side" data-testid="sidebar" {...(away ? { inert: '', 'aria-hidden': true } : {})}>
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
        <DevSchemaBanner />
        <main className="sa-frame__view" id="sa-main" tabIndex={-1}>
          <PageView />
        </main>
      </section>
    </div>
  );
});

/** Moves focus into the page (not only the scroll position), so the next Tab starts inside it. */
function skipToMain(e: MouseEvent): void {
  e.preventDefault();
  document.getElementById('sa-main')?.focus();
}

export default MainLayout;
export { MainLayout };
