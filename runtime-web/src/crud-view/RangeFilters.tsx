/** Range filters: `[from, to]` with either end open (`null`), sent as the `fieldRange` request parameter. */
import { useEffect, useState } from 'react';
import { DatePicker, InputNumber } from '@douyinfe/semi-ui';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

type Range = [unknown, unknown];

interface RangeProps {
  label: string;
  field: string;
  value: unknown;
  wide?: boolean;
  onChange(v: Range | undefined): void;
}

const asRange = (v: unknown): Range => (Array.isArray(v) ? [v[0] ?? null, v[1] ?? null] : [null, null]);
const open = (r: Range) => r[0] === null && r[1] === null;

/** Two number boxes; the range applies on Enter or when a box loses focus, not on every key. */
export function NumberRange({ label, field, value, wide, onChange }: RangeProps) {
  const { t } = useTranslation('crud');
  const [draft, setDraft] = useState<Range>(() => asRange(value));
  useEffect(() => setDraft(asRange(value)), [value]);
  const commit = (next: Range = draft) => {
    const now = asRange(value);
    if (next[0] === now[0] && next[1] === now[1]) return;
    onChange(open(next) ? undefined : next);
  };
  const box = (i: 0 | 1) => (
    <InputNumber
      hideButtons
      style={{ width: wide ? '50%' : 96 }}
      aria-label={`${label} ${t(i ? 'rangeTo' : 'rangeFrom')}`}
      placeholder={i ? t('rangeTo') : `${label} ${t('rangeFrom')}`}
      value={draft[i] === null ? undefined : (draft[i] as number)}
      onNumberChange={(n) => {
        const next: Range = [...draft];
        next[i] = Number.isFinite(n) ? n : null;
        setDraft(next);
      }}
      onChange={(v) => {
        if (v !== '') return;
        const next: Range = [...draft];
        next[i] = null;
        setDraft(next);
        commit(next);
      }}
      onBlur={() => commit()}
      onEnterPress={() => commit()}
    />
  );
  return (
    <span className="crud-range" data-filter={field} role="group" aria-label={label} style={{ width: wide ? '100%' : undefined }}>
      {box(0)}
      <span className="crud-range__sep" aria-hidden>
        –
      </span>
      {box(1)}
    </span>
  );
}

/**
 * A date range with quick picks (today, this week, this month, this year). On a datetime column the
 * range covers whole days: from 00:00:00 of the first to 23:59:59 of the last.
 */
export function DateRange({ label, field, value, wide, withTime, onChange }: RangeProps & { withTime: boolean }) {
  const { t } = useTranslation('crud');
  const r = asRange(value);
  const shown = r[0] && r[1] ? [dayjs(String(r[0])).toDate(), dayjs(String(r[1])).toDate()] : undefined;
  const preset = (key: string, unit: 'day' | 'week' | 'month' | 'year') => ({
    text: t(key),
    start: dayjs().startOf(unit).toDate(),
    end: dayjs().endOf(unit).toDate(),
  });
  return (
    <DatePicker
      type="dateRange"
      data-filter={field}
      aria-label={label}
      style={{ width: wide ? '100%' : 240 }}
      placeholder={[`${label} ${t('rangeStart')}`, t('rangeEnd')]}
      value={shown}
      presets={[preset('today', 'day'), preset('thisWeek', 'week'), preset('thisMonth', 'month'), preset('thisYear', 'year')]}
      onChange={(d) => {
        const [a, b] = (Array.isArray(d) ? d : []) as Date[];
        if (!a || !b) return onChange(undefined);
        onChange(
          withTime
            ? [dayjs(a).startOf('day').format('YYYY-MM-DD HH:mm:ss'), dayjs(b).endOf('day').format('YYYY-MM-DD HH:mm:ss')]
            : [dayjs(a).format('YYYY-MM-DD'), dayjs(b).format('YYYY-MM-DD')],
        );
      }}
    />
  );
}
