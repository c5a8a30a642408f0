import type { WidgetProps } from '@rjsf/utils';
import { Switch } from '@douyinfe/semi-ui';

export function SwitchWidget(p: WidgetProps) {
  const boolean = p.schema.type === 'boolean' || (Array.isArray(p.schema.type) && p.schema.type.includes('boolean'));
  const on = boolean ? !!p.value : Number(p.value) === 1;
  return (
    <Switch
      id={p.id}
      aria-label={p.label}
      checked={on}
      disabled={p.disabled || p.readonly}
      onChange={(checked) => p.onChange(boolean ? checked : checked ? 1 : 0)}
    />
  );
}
