import { Nav } from '@douyinfe/semi-ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuNode } from '../core/stores';
import { useStores } from '../core/stores/context';
import { Icon } from '../icons';
import { visibleMenu } from './menuView';

const keyOf = (n: MenuNode): string => (n.type === 0 ? `dir:${n.id}` : n.path);

function renderNodes(nodes: readonly MenuNode[]): ReactNode[] {
  return nodes.map((n) =>
    n.type === 0 ? (
      <Nav.Sub
        key={keyOf(n)}
        itemKey={keyOf(n)}
        // Semi's sub-menu drops data attributes, so the test id sits on its title.
        text={<span data-testid={`menu-item-${n.path}`}>{n.name}</span>}
        icon={<Icon name={n.icon} size={18} />}
      >
        {renderNodes(n.children)}
      </Nav.Sub>
    ) : (
      <Nav.Item
        key={keyOf(n)}
        itemKey={keyOf(n)}
        text={n.name}
        icon={<Icon name={n.icon} size={18} />}
        data-testid={`menu-item-${n.path}`}
      />
    ),
  );
}

/** The sidebar menu from permmenu (only `isShow` entries, in `orderNum` order; one group when grouping is on). */
export const SideMenu = observer(function SideMenu() {
  const { app, menu } = useStores();
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const nodes = visibleMenu(menu.sidebar(app.theme.isGroup));
  const trail = menu.trail(pathname);
  const trailDirs = trail.filter((n) => n.type === 0).map(keyOf);
  const [openKeys, setOpenKeys] = useState<string[]>(trailDirs);
  // Navigating (also by a tab or the breadcrumb) opens the directories above the page; others stay as the user left them.
  useEffect(() => {
    setOpenKeys((keys) => [...new Set([...keys, ...trailDirs])]);
  }, [trailDirs.join()]);
  const selected = trail.length ? [keyOf(trail[trail.length - 1]!)] : [pathname];

  return (
    <Nav
      className="sa-side-menu"
      isCollapsed={app.menuCollapsed}
      selectedKeys={selected}
      openKeys={openKeys}
      onOpenChange={({ openKeys: keys }) => setOpenKeys((keys ?? []).map(String))}
      onSelect={({ itemKey }) => {
        const path = String(itemKey);
        if (path.startsWith('dir:')) return;
        navigate(path);
        // On a phone the menu overlays the page: get it out of the way once a page is chosen.
        if (app.mini) app.setMenuCollapsed(true);
      }}
      footer={null}
    >
      {nodes.length ? renderNodes(nodes) : <div className="sa-side-menu__empty">{t('noMenu')}</div>}
    </Nav>
  );
});
