/** Column settings: show/hide, order, pin and reset, saved per user per screen on the server. */
import { useRef, useState } from 'react';
import { Button, Checkbox, Popover, Select } from '@douyinfe/semi-ui';
import { IconArrowDown, IconArrowUp, IconSetting } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { labelIn } from '../crud/model';
import type { ColumnModel } from '../crud/model';
import type { ColumnSetting } from '../crud/columnSettings';

type Col = ColumnModel & { hidden: boolean };

export function ColumnSettingsButton({ columns, locale, onChange, onReset }: { columns: Col[]; locale: string; onChange(next: ColumnSetting[]): void; onReset(): void }) {
  const { t } = useTranslation('crud');
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  // Escape closes the panel and focus goes back to its button (a custom-triggered popover does neither by itself).
  const close = () => {
    setOpen(false);
    anchor.current?.querySelector('button')?.focus();
  };
  const settings = (): ColumnSetting[] => columns.map((c) => ({ key: c.key, hidden: c.hidden, ...(c.fixed ? { fixed: c.fixed } : {}), ...(c.width ? { width: c.width } : {}) }));
  const update = (i: number, patch: Partial<ColumnSetting>) => onChange(settings().map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const move = (i: number, d: -1 | 1) => {
    const list = settings();
    const j = i + d;
    if (j < 0 || j >= list.length) return;
    [list[i], list[j]] = [list[j]!, list[i]!];
    onChange(list);
  };
  const content = (
    <div className="crud-colset" data-testid="crud-column-settings" onKeyDown={(e) => e.key === 'Escape' && close()}>
      {columns.map((c, i) => (
        <div key={c.key} className="crud-colset__row" data-column={c.key}>
          <Checkbox checked={!c.hidden} onChange={(e) => update(i, { hidden: !e.target.checked })} aria-label={`${t('show')} ${labelIn(c.label, locale)}`}>
            {labelIn(c.label, locale, c.key)}
          </Checkbox>
          <span className="crud-colset__tools">
            <Select
              size="small"
              style={{ width: 108 }}
              value={c.fixed ?? ''}
              aria-label={`${labelIn(c.label, locale, c.key)}: ${t('pinLeft')}`}
              optionList={[
                { value: '', label: t('unpin') },
                { value: 'left', label: t('pinLeft') },
                { value: 'right', label: t('pinRight') },
              ]}
              onChange={(v) => update(i, { fixed: v ? (v as 'left' | 'right') : undefined })}
            />
            <Button size="small" theme="borderless" icon={<IconArrowUp />} aria-label={`${labelIn(c.label, locale, c.key)}: ${t('moveUp')}`} disabled={i === 0} onClick={() => move(i, -1)} />
            <Button size="small" theme="borderless" icon={<IconArrowDown />} aria-label={`${labelIn(c.label, locale, c.key)}: ${t('moveDown')}`} disabled={i === columns.length - 1} onClick={() => move(i, 1)} />
          </span>
        </div>
      ))}
      <div className="crud-colset__footer">
        <Button size="small" onClick={onReset}>
          {t('columnsReset')}
        </Button>
      </div>
    </div>
  );
  return (
    <Popover visible={open} onClickOutSide={() => setOpen(false)} onEscKeyDown={close} trigger="custom" position="bottomRight" content={content}>
      {/* The popover marks its anchor as the pop-up's trigger: the button inside is that, not this span. */}
      <span ref={anchor} className="crud-colset-anchor" aria-expanded={undefined} aria-haspopup={undefined} aria-controls={undefined} tabIndex={-1}>
        <Button icon={<IconSetting />} aria-label={t('columns')} aria-expanded={open} onClick={() => setOpen(!open)} data-testid="crud-columns-btn" />
      </span>
    </Popover>
  );
}
