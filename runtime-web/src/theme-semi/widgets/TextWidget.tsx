import type { WidgetProps } from '@rjsf/utils';
import { Input } from '@douyinfe/semi-ui';
import { common, usePlaceholder } from './common';

export function TextWidget(p: WidgetProps) {
  const placeholder = usePlaceholder(p);
  const max = p.schema.maxLength as number | undefined;
  return (
    <Input
      {...common(p)}
      value={(p.value as string | undefined) ?? ''}
      placeholder={placeholder}
      maxLength={max}
      showClear
      onChange={(v) => p.onChange(v === '' ? undefined : v)}
      onBlur={() => p.onBlur(p.id, p.value)}
    />
  );
}
