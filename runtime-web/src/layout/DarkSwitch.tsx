import { observer } from 'mobx-react-lite';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { Icon } from '../icons';
import { switchWithReveal } from './darkReveal';
import { ToolButton } from './ToolButton';

/** Light/dark switch: the new mode grows as a circle from the button over 400 ms. */
export const DarkSwitch = observer(function DarkSwitch() {
  const { app } = useStores();
  const { t } = useTranslation('layout');
  const label = app.dark ? t('toLight') : t('toDark');
  return (
    <ToolButton
      label={label}
      icon={<Icon name={app.dark ? 'light' : 'dark'} size={18} />}
      aria-pressed={app.dark}
      data-testid="dark-switch"
      onClick={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        // flushSync: the view transition snapshots the new state right after the callback returns.
        void switchWithReveal(() => flushSync(() => app.toggleDark()), {
          x: box.left + box.width / 2,
          y: box.top + box.height / 2,
        });
      }}
    />
  );
});
