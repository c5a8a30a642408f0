import { Radio, RadioGroup, Switch } from '@douyinfe/semi-ui';
import { Drawer } from '../a11y/Drawer';
import { IconTick } from '@douyinfe/semi-icons';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { THEME_PRESETS, type Transition } from '../core/theme';
import { Icon } from '../icons';
import { switchWithReveal } from './darkReveal';
import { ToolButton } from './ToolButton';

const TRANSITIONS: Transition[] = ['slide', 'fade', 'none'];

/** Theme settings: the eight presets, a custom colour, dark mode, menu grouping and the page transition. */
export const ThemeDrawer = observer(function ThemeDrawer() {
  const { app } = useStores();
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  const theme = app.theme;
  const isPreset = THEME_PRESETS.some((p) => p.name === theme.name);

  return (
    <>
      <ToolButton
        label={t('theme.open')}
        icon={<Icon name="theme" size={18} />}
        onClick={() => setOpen(true)}
        data-testid="theme-settings"
      />
      <Drawer
        title={t('theme.title')}
        visible={open}
        onCancel={() => setOpen(false)}
        closeOnEsc
        width={app.mini ? '100%' : 340}
        data-testid="theme-drawer"
      >
        <section className="sa-theme-section">
          <h4>{t('theme.color')}</h4>
          <div className="sa-theme-swatches" role="radiogroup" aria-label={t('theme.color')}>
            {THEME_PRESETS.map((p) => (
              <button
                key={p.name}
                type="button"
                role="radio"
                aria-checked={theme.name === p.name}
                className="sa-theme-swatch"
                onClick={() => app.setTheme({ name: p.name })}
                data-testid={`theme-preset-${p.name}`}
              >
                <span className="sa-theme-swatch__color" style={{ background: p.color }}>
                  {theme.name === p.name && <IconTick />}
                </span>
                <span className="sa-theme-swatch__name">{t(`core:theme.${p.name}`)}</span>
              </button>
            ))}
          </div>
          <label className="sa-theme-row sa-theme-custom" title={t('theme.customHint')}>
            <span>{t('theme.custom')}</span>
            <span className={`sa-theme-custom__value${isPreset ? '' : ' is-active'}`}>
              <input
                type="color"
                value={theme.color.length === 7 ? theme.color.toLowerCase() : '#4165d7'}
                onChange={(e) => app.setTheme({ color: e.target.value })}
                data-testid="theme-custom-color"
              />
              <code>{theme.color}</code>
            </span>
          </label>
        </section>
        <section className="sa-theme-section">
          <div className="sa-theme-row">
            <span>{t('theme.dark')}</span>
            <Switch
              aria-label={t('theme.dark')}
              checked={app.dark}
              onChange={() => void switchWithReveal(() => flushSync(() => app.toggleDark()))}
              data-testid="theme-dark"
            />
          </div>
          <div className="sa-theme-row">
            <span>{t('theme.group')}</span>
            <Switch aria-label={t('theme.group')} checked={theme.isGroup} onChange={(v) => app.setTheme({ isGroup: v })} data-testid="theme-group" />
          </div>
          <div className="sa-theme-row sa-theme-row--stack">
            <span>{t('theme.transition')}</span>
            <RadioGroup
              type="button"
              value={theme.transition}
              onChange={(e) => app.setTheme({ transition: e.target.value as Transition })}
              data-testid="theme-transition"
            >
              {TRANSITIONS.map((name) => (
                <Radio key={name} value={name} data-testid={`theme-transition-${name}`}>
                  {t(`theme.${name}`)}
                </Radio>
              ))}
            </RadioGroup>
          </div>
        </section>
      </Drawer>
    </>
  );
});
