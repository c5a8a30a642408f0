import type { WidgetProps } from '@rjsf/utils';
import { TextArea } from '@douyinfe/semi-ui';
import { common, usePlaceholder } from './common';

export function TextareaWidget(p: WidgetProps) {
  const placeholder = usePlaceholder(p);
  const max = p.schema.maxLength as number | undefined;
  return (
    <TextArea
      {...common(p)}
      value={(p.value as string | undefined) ?? ''}
      placeholder={placeholder}
      maxCount={max && max <= 5000 ? max : undefined}
      autosize={{ minRows: 3, maxRows: 10 }}
      onChange={(v) => p.onChange(v === '' ? undefined : v)}
    />
  );
}
