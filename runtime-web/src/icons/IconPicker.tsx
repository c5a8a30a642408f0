import { Input, Tooltip } from '@douyinfe/semi-ui';
import { IconSearch } from '@douyinfe/semi-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import { resolveIconName, type IconName } from './registry';
import { filterIcons } from './search';
import './locales';
import './icons.css';

export interface IconPickerProps {
  /** The stored icon name ('icon-user' or 'user'). */
  value?: string | null;
  /** Called with the stored form of the chosen icon ('icon-<name>', as the seeded menus carry). */
  onChange?: (value: string | undefined) => void;
  /** Shows a "no icon" cell that clears the value. */
  allowClear?: boolean;
  /** Height of the scrolling grid. */
  height?: number;
}

/** Grid of the icon set with a search box; used by the menu form. */
export function IconPicker({ value, onChange, allowClear = true, height = 260 }: IconPickerProps) {
  const { t } = useTranslation('icons');
  const [query, setQuery] = useState('');
  const label = (name: IconName) => t(`names.${name}`);
  const names = useMemo(() => filterIcons(query, label), [query, t]);
  const selected = resolveIconName(value);

  return (
    <div className="sa-icon-picker" data-testid="icon-picker">
      <Input
        prefix={<IconSearch />}
        placeholder={t('picker.search')}
        value={query}
        onChange={setQuery}
        showClear
        data-testid="icon-picker-search"
      />
      <div className="sa-icon-picker__grid" style={{ maxHeight: height }} role="listbox">
        {allowClear && !query && (
          <button
            type="button"
            className={`sa-icon-picker__cell${selected ? '' : ' is-active'}`}
            onClick={() => onChange?.(undefined)}
            role="option"
            aria-selected={!selected}
            data-testid="icon-picker-none"
          >
            <span className="sa-icon-picker__none" />
            <span className="sa-icon-picker__label">{t('picker.none')}</span>
          </button>
        )}
        {names.map((name) => (
          <Tooltip key={name} content={name} position="top" mouseEnterDelay={400}>
            <button
              type="button"
              className={`sa-icon-picker__cell${selected === name ? ' is-active' : ''}`}
              onClick={() => onChange?.(`icon-${name}`)}
              role="option"
              aria-selected={selected === name}
              data-testid={`icon-option-${name}`}
            >
              <Icon name={name} size={22} />
              <span className="sa-icon-picker__label">{label(name)}</span>
            </button>
          </Tooltip>
        ))}
        {names.length === 0 && <div className="sa-icon-picker__empty">{t('picker.empty')}</div>}
      </div>
    </div>
  );
}
