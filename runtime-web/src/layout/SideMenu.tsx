import { IconChevronDown } from '@douyinfe/semi-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuNode } from '../core/stores';
import { useStores } from '../core/stores/context';
import { Icon } from '../icons';
import { visibleMenu } from './menuView';

const keyOf = (n: MenuNode): string => (n.type === 0 ? `dir:${n.id}` : n.path);
const P = 'semi-navigation';

/** Empty icon slots: how Semi's navigation styles indent a nested level. */
const indent = (level: number): ReactNode[] => Array.from({ length: level }, (_, i) => <i key={`pad${i}`} className={`${P}-item-icon`} aria-hidden />);

interface TreeProps {
  nodes: readonly MenuNode[];
  level: number;
  open: ReadonlySet<string>;
  selected: string;
  trail: ReadonlySet<string>;
  collapsed: boolean;
  toggle(key: string): void;
  go(e: MouseEvent, path: string): void;
}

function Tree({ nodes, level, ...p }: TreeProps): ReactNode {
  return nodes.map((n) => {
    const key = keyOf(n);
    const icon = (
      <i className={`${P}-item-icon`} aria-hidden>
        <Icon name={n.icon} size={18} />
      </i>
    );
    if (n.type === 0) {
      const isOpen = p.open.has(key) && !p.collapsed;
      const listId = `sa-menu-${n.id}`;
      return (
        <li key={key} className={`${P}-sub-wrap ${P}-item-sub ${P}-item`}>
          <button
            type="button"
            className={`${P}-sub-title sa-side-menu__dir${p.trail.has(key) ? ` ${P}-sub-title-selected` : ''}`}
            aria-expanded={isOpen}
            aria-controls={isOpen ? listId : undefined}
            title={p.collapsed ? n.name : undefined}
            onClick={() => p.toggle(key)}
          >
            <span className={`${P}-item-inner`}>
              {p.collapsed ? null : indent(level)}
              {icon}
              <span className={`${P}-item-text`} data-testid={`menu-item-${n.path}`}>
                {n.name}
              </span>
              <i className={`${P}-item-icon ${P}-item-icon-toggle-right ${P}-icon-rotate-${isOpen ? 180 : 0}`} aria-hidden>
                <IconChevronDown />
              </i>
            </span>
          </button>
          {isOpen ? (
            <ul id={listId} className={`${P}-sub ${P}-sub-open`}>
              <Tree nodes={n.children} level={level + 1} {...p} />
            </ul>
          ) : null}
        </li>
      );
    }
    const current = p.selected === key;
    return (
      <li key={key} className={`${P}-item-normal ${P}-item ${P}-item-has-link${current ? ` ${P}-item-selected` : ''}${p.collapsed ? ` ${P}-item-collapsed` : ''}`}>
        <a
          href={n.path}
          className={`${P}-item-link sa-side-menu__link`}
          aria-current={current ? 'page' : undefined}
          title={p.collapsed ? n.name : undefined}
          onClick={(e) => p.go(e, n.path)}
          data-testid={`menu-item-${n.path}`}
        >
          <span className={`${P}-item-inner`}>
            {p.collapsed ? null : indent(level)}
            {icon}
            <span className={`${P}-item-text`}>{n.name}</span>
          </span>
        </a>
      </li>
    );
  });
}

/**
 * The sidebar menu from permmenu (only `isShow` entries, in `orderNum` order; one group when grouping is on).
 *
 * A disclosure navigation (a `nav` landmark of nested lists: directories are buttons with `aria-expanded`,
 * pages are links), drawn with Semi's navigation classes. Semi's own `Nav` is not used: it marks the list
 * `role="menu"` but its sub-menu rows `li` outside any list and its items `menuitem` outside a menu, which
 * screen readers announce wrongly and axe reports as critical (docs/decisions.md, "Accessibility").
 * Folded, a directory unfolds the sidebar and opens itself instead of a hover pop-up a keyboard cannot reach.
 */
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
  const selected = trail.length ? keyOf(trail[trail.length - 1]!) : pathname;
  const collapsed = app.menuCollapsed && !app.mini;

  const toggle = (key: string) => {
    if (collapsed) {
      app.setMenuCollapsed(false);
      setOpenKeys((keys) => [...new Set([...keys, key])]);
      return;
    }
    setOpenKeys((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));
  };
  const go = (e: MouseEvent, path: string) => {
    // A plain click stays in the app; a modified one (new tab, new window) is the browser's.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(path);
    // On a phone the menu overlays the page: get it out of the way once a page is chosen.
    if (app.mini) app.setMenuCollapsed(true);
  };

  return (
    <nav className={`sa-side-menu ${P} ${P}-vertical${collapsed ? ` ${P}-collapsed` : ''}`} aria-label={t('mainMenu')}>
      {nodes.length ? (
        <ul className={`${P}-list`}>
          <Tree nodes={nodes} level={0} open={new Set(openKeys)} selected={selected} trail={new Set(trailDirs)} collapsed={collapsed} toggle={toggle} go={go} />
        </ul>
      ) : (
        <div className="sa-side-menu__empty">{t('noMenu')}</div>
      )}
    </nav>
  );
});
