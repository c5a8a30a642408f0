import { observer } from 'mobx-react-lite';
import { Button } from '@douyinfe/semi-ui';
import { LOCALE_NAMES, LOCALES } from '../../core/i18n';
import { useStores } from '../../core/stores/context';

/** The language choice on pages outside the main frame (login, error pages). */
export const LocaleButtons = observer(function LocaleButtons() {
  const { app } = useStores();
  return (
    <div className="locale-buttons" data-testid="locale-switch" role="group">
      {LOCALES.map((l) => (
        <Button
          key={l}
          size="small"
          theme={app.locale === l ? 'light' : 'borderless'}
          type={app.locale === l ? 'primary' : 'tertiary'}
          data-testid={`locale-${l}`}
          aria-pressed={app.locale === l}
          onClick={() => app.setLocale(l)}
        >
          {LOCALE_NAMES[l]}
        </Button>
      ))}
    </div>
  );
});
