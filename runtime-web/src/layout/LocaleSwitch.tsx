import { Dropdown } from '@douyinfe/semi-ui';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, LOCALES } from '../core/i18n';
import { useStores } from '../core/stores/context';
import { Icon } from '../icons';
import { ToolButton } from './ToolButton';

/** zh-cn / zh-tw / en; the choice persists and goes with every request (app store). */
export const LocaleSwitch = observer(function LocaleSwitch() {
  const { app } = useStores();
  const { t } = useTranslation('layout');
  return (
    <Dropdown
      trigger="click"
      clickToHide
      position="bottomRight"
      render={
        <Dropdown.Menu>
          {LOCALES.map((l) => (
            <Dropdown.Item key={l} active={app.locale === l} onClick={() => app.setLocale(l)} data-testid={`locale-${l}`}>
              {LOCALE_NAMES[l]}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      }
    >
      <ToolButton label={t('language')} icon={<Icon name="language" size={18} />} data-testid="locale-switch" />
    </Dropdown>
  );
});
