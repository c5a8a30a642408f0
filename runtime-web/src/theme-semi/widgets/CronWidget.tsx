import type { WidgetProps } from '@rjsf/utils';
import { TextWidget } from './TextWidget';

/** A cron expression: free text checked for 5 or 6 fields; the server validates the rest. */
export function CronWidget(p: WidgetProps) {
  return <TextWidget {...p} placeholder={p.placeholder || '0 */5 * * * *'} />;
}
