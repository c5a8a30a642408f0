import { Avatar, Dropdown, Modal } from '@douyinfe/semi-ui';
import type { ButtonProps } from '@douyinfe/semi-ui/lib/es/button';
import { IconChevronDown } from '@douyinfe/semi-icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useStores } from '../core/stores/context';
import { Icon } from '../icons';

/** Nickname and avatar from `person`; personal center and logout (confirm → POST logout → /login). */
export const UserMenu = observer(function UserMenu() {
  const { app, user } = useStores();
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const info = user.info;
  const name = info?.nickName || info?.name || info?.username || '';

  const logout = () =>
    Modal.confirm({
      title: t('user.confirmTitle'),
      content: t('user.confirmLogout'),
      // A static confirm sits outside Semi's LocaleProvider, so its buttons are named here.
      okText: t('user.ok'),
      cancelText: t('user.cancel'),
      okButtonProps: { 'data-testid': 'logout-confirm' } as ButtonProps,
      // The user store posts the logout, clears the session and goes to /login.
      onOk: () => user.logout(),
    });

  return (
    <Dropdown
      trigger="click"
      clickToHide
      position="bottomRight"
      render={
        <Dropdown.Menu>
          <Dropdown.Item icon={<Icon name="user" size={16} />} onClick={() => navigate('/my/info')} data-testid="user-info">
            {t('user.info')}
          </Dropdown.Item>
          <Dropdown.Divider />
          <Dropdown.Item icon={<Icon name="logout" size={16} />} onClick={logout} data-testid="logout">
            {t('user.logout')}
          </Dropdown.Item>
        </Dropdown.Menu>
      }
    >
      {/* Named by what it shows (the user's name) and what it is: the visible text is part of the name. */}
      <button type="button" className="sa-user" data-testid="user-menu">
        <span aria-hidden>
          <Avatar size="small" src={info?.headImg || undefined} alt="">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
        </span>
        <span className={app.mini ? 'sa-sr-only' : 'sa-user__name'}>{name}</span>
        <span className="sa-sr-only">{t('user.menu')}</span>
        <IconChevronDown size="small" aria-hidden />
      </button>
    </Dropdown>
  );
});
