import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStores } from '../core/stores/context';
import { Icon } from '../icons';
import { routeLabel } from './routeLabel';
import { ToolButton } from './ToolButton';

/** Visited pages as tabs (never home, error pages or no-process routes; the router's guard adds them). */
export const TabsBar = observer(function TabsBar() {
  const { menu, process } = useStores();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const strip = useRef<HTMLUListElement>(null);

  useEffect(() => {
    strip.current?.querySelector<HTMLElement>('.sa-tab.is-active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname, process.list.length]);

  const go = (to: string | undefined) => {
    if (to !== undefined) navigate(to);
  };
  const onWheel = (e: WheelEvent<HTMLUListElement>) => {
    if (strip.current && Math.abs(e.deltaY) > Math.abs(e.deltaX)) strip.current.scrollLeft += e.deltaY;
  };
  const active = process.list.some((tab) => tab.path === pathname) ? pathname : undefined;

  return (
    <div className="sa-tabs" data-testid="tabs">
      <ToolButton
        label={t('layout:tabs.home')}
        size="small"
        icon={<Icon name="home" size={16} />}
        className={pathname === '/' ? 'is-home' : undefined}
        onClick={() => navigate('/')}
        data-testid="tabs-home"
      />
      {/* Open pages are links to them, each with its own close button beside it (a tab role would put that
          button inside a control, and there is no tab panel): a labelled navigation list. */}
      <nav className="sa-tabs__nav" aria-label={t('layout:tabs.open')}>
        <ul className="sa-tabs__strip" ref={strip} onWheel={onWheel}>
          {process.list.map((tab) => {
            const isActive = tab.path === active;
            const label = routeLabel(tab.path, menu.routes, (k) => t(k), tab.label);
            return (
              <li
                key={tab.path}
                className={`sa-tab${isActive ? ' is-active' : ''}`}
                data-testid={`tab-${tab.path}`}
                onClick={() => navigate(tab.fullPath)}
                onAuxClick={(e) => {
                  // Middle click closes, as in browsers.
                  if (e.button === 1) go(process.close(tab.path));
                }}
              >
                <a
                  className="sa-tab__label"
                  href={tab.fullPath}
                  aria-current={isActive ? 'page' : undefined}
                  onClick={(e) => {
                    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return e.stopPropagation();
                    e.preventDefault();
                  }}
                  onKeyDown={(e) => {
                    // Delete closes the focused tab, as the close button does.
                    if (e.key === 'Delete') go(process.close(tab.path));
                  }}
                >
                  {label}
                </a>
                <button
                  type="button"
                  className="sa-tab__close"
                  aria-label={`${t('layout:tabs.close')} ${label}`}
                  title={`${t('layout:tabs.close')} ${label}`}
                  data-testid={`tab-close-${tab.path}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    go(process.close(tab.path));
                  }}
                >
                  <Icon name="close" size={12} strokeWidth={2.2} />
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="sa-tabs__ops">
        <ToolButton
          label={t('layout:tabs.closeCurrent')}
          size="small"
          icon={<Icon name="close" size={16} />}
          disabled={!active}
          onClick={() => go(process.closeCurrent())}
          data-testid="tabs-close-current"
        />
        <ToolButton
          label={t('layout:tabs.closeOthers')}
          size="small"
          icon={<Icon name="close-others" size={16} />}
          disabled={process.list.length === 0}
          onClick={() => process.closeOthers()}
          data-testid="tabs-close-others"
        />
        <ToolButton
          label={t('layout:tabs.closeAll')}
          size="small"
          icon={<Icon name="close-all" size={16} />}
          disabled={process.list.length === 0}
          onClick={() => go(process.closeAll())}
          data-testid="tabs-close-all"
        />
      </div>
    </div>
  );
});
