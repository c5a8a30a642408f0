import { Breadcrumb } from '@douyinfe/semi-ui';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStores } from '../core/stores/context';
import { routeLabel } from './routeLabel';

/** The menu path to the current page (hidden on home). */
export const AppBreadcrumb = observer(function AppBreadcrumb() {
  const { menu } = useStores();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (pathname === '/') return null;

  const trail = menu.trail(pathname);
  const items = trail.length
    ? trail.map((n) => ({ key: String(n.id), label: n.name, path: n.type === 0 ? undefined : n.path }))
    : [{ key: pathname, label: routeLabel(pathname, menu.routes, (k) => t(k)), path: pathname }];

  return (
    <Breadcrumb className="sa-breadcrumb" data-testid="breadcrumb" compact>
      {/* Labels inside spans: Semi's string-label path measures with findDOMNode, a StrictMode warning. */}
      <Breadcrumb.Item onClick={() => navigate('/')}>
        <span>{t('core:home')}</span>
      </Breadcrumb.Item>
      {items.map((item) => (
        <Breadcrumb.Item key={item.key}>
          <span className="sa-breadcrumb__label">{item.label}</span>
        </Breadcrumb.Item>
      ))}
    </Breadcrumb>
  );
});
