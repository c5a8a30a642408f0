import type { WidgetProps } from '@rjsf/utils';
import { UploadWidget } from './UploadWidget';

export function FileWidget(p: WidgetProps) {
  return <UploadWidget {...p} options={{ ...p.options, kind: 'file' }} />;
}
