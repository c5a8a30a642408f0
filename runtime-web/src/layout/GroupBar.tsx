import { Toast } from '@douyinfe/semi-ui';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStores } from '../core/stores/context';
import { Icon } from '../icons';
import { firstPage } from './menuView';

/** Menu grouping (theme setting, off by default): the top-level directories as a bar; the sidebar shows one. */
export const GroupBar = observer(function GroupBar() {
  const { menu } = useStores();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const groups = menu.groups;
  const trailTop = menu.trail(pathname)[0];

  // Follow the page: opening a page (by tab, link or URL) selects the group it belongs to.
  useEffect(() => {
    if (trailTop && trailTop.type === 0 && groups.some((g) => g.id === trailTop.id)) menu.setActiveGroup(trailTop.id);
  }, [trailTop?.id]);

  const active = menu.activeGroup ?? groups[0]?.id;
  return (
    <nav className="sa-groups" data-testid="menu-groups">
      {groups.map((g) => (
        <button
          key={g.id}
          type="button"
          className={`sa-groups__item${g.id === active ? ' is-active' : ''}`}
          data-testid={`menu-group-${g.id}`}
          onClick={() => {
            const page = firstPage(g.children);
            if (!page) {
              Toast.warning(t('core:menuGroupEmpty', { name: g.name }));
              return;
            }
            menu.setActiveGroup(g.id);
            navigate(page.path);
          }}
        >
          <Icon name={g.icon} size={16} />
          <span>{g.name}</span>
        </button>
      ))}
    </nav>
  );
});
