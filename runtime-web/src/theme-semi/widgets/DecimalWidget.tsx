import type { WidgetProps } from '@rjsf/utils';
import { Input } from '@douyinfe/semi-ui';
import { common, usePlaceholder } from './common';

/** A decimal is typed and kept as text: no float ever touches it (crud/decimal.ts checks it). */
export function DecimalWidget(p: WidgetProps) {
  const placeholder = usePlaceholder(p);
  return (
    <Input
      {...common(p)}
      inputMode="decimal"
      className="crud-decimal-input"
      value={p.value === undefined || p.value === null ? '' : String(p.value)}
      placeholder={placeholder}
      onChange={(v) => p.onChange(v === '' ? undefined : v.replace(/[^\d.+-]/g, ''))}
    />
  );
}
