import type { WidgetProps } from '@rjsf/utils';
import { InputNumber } from '@douyinfe/semi-ui';
import { common, usePlaceholder } from './common';

export function NumberWidget(p: WidgetProps) {
  const placeholder = usePlaceholder(p);
  const integer = p.schema.type === 'integer' || (Array.isArray(p.schema.type) && p.schema.type.includes('integer'));
  return (
    <InputNumber
      {...common(p)}
      style={{ width: '100%' }}
      value={p.value as number | undefined}
      placeholder={placeholder}
      precision={integer ? 0 : undefined}
      min={p.schema.minimum as number | undefined}
      max={p.schema.maximum as number | undefined}
      onNumberChange={(v) => p.onChange(Number.isFinite(v) ? v : undefined)}
      onChange={(v) => {
        if (v === '' || v === null) p.onChange(undefined);
      }}
    />
  );
}
