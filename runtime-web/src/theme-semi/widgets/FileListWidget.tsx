import type { WidgetProps } from '@rjsf/utils';
import { UploadWidget } from './UploadWidget';

/** Files as one comma-separated string of URLs (a file parameter's `data`), uploaded like `file`. */
export function FileListWidget(p: WidgetProps) {
  const list = typeof p.value === 'string' && p.value ? p.value.split(',') : [];
  return (
    <UploadWidget
      {...p}
      schema={{ ...p.schema, type: 'array', maxItems: 9 }}
      value={list}
      options={{ ...p.options, kind: 'file' }}
      onChange={(v: unknown) => p.onChange(Array.isArray(v) && v.length ? v.join(',') : undefined)}
    />
  );
}
