import { IconIndentLeft, IconIndentRight } from '@douyinfe/semi-icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { AppBreadcrumb } from './AppBreadcrumb';
import { DarkSwitch } from './DarkSwitch';
import { GroupBar } from './GroupBar';
import { LocaleSwitch } from './LocaleSwitch';
import { ThemeDrawer } from './ThemeDrawer';
import { ToolButton } from './ToolButton';
import { UserMenu } from './UserMenu';

/** Fold button, breadcrumb (or the group bar when grouping is on), locale, light/dark, theme and user menu. */
export const TopBar = observer(function TopBar() {
  const { app } = useStores();
  const { t } = useTranslation('layout');
  const label = app.menuCollapsed ? t('unfold') : t('fold');
  return (
    <header className="sa-topbar">
      <ToolButton
        label={label}
        icon={app.menuCollapsed ? <IconIndentRight /> : <IconIndentLeft />}
        aria-expanded={!app.menuCollapsed}
        onClick={() => app.toggleMenu()}
        data-testid="menu-fold"
      />
      <div className="sa-topbar__center">{app.theme.isGroup && !app.mini ? <GroupBar /> : <AppBreadcrumb />}</div>
      <div className="sa-topbar__tools">
        <LocaleSwitch />
        <DarkSwitch />
        <ThemeDrawer />
        <UserMenu />
      </div>
    </header>
  );
});
