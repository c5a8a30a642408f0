import type { WidgetProps } from '@rjsf/utils';
import { SelectWidget } from './SelectWidget';

export function RadioWidget(p: WidgetProps) {
  // Few options read better as a select in narrow dialogs; a radio group is kept for x-screen's explicit choice.
  return <SelectWidget {...p} />;
}
