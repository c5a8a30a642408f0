import type { WidgetProps } from '@rjsf/utils';
import { DatePicker } from '@douyinfe/semi-ui';
import dayjs from 'dayjs';
import { common, metaOf, usePlaceholder } from './common';

export function DateWidget(p: WidgetProps) {
  const placeholder = usePlaceholder(p, true);
  const withTime = metaOf(p).type === 'datetime' || p.schema.format === 'datetime' || p.schema.format === 'date-time';
  const fmt = withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
  return (
    <DatePicker
      {...common(p)}
      style={{ width: '100%' }}
      type={withTime ? 'dateTime' : 'date'}
      value={p.value ? dayjs(String(p.value)).toDate() : undefined}
      placeholder={placeholder}
      onChange={(d) => p.onChange(d ? dayjs(d as Date).format(fmt) : undefined)}
    />
  );
}
