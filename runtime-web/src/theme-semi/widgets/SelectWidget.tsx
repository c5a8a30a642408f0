import type { WidgetProps } from '@rjsf/utils';
import { Select } from '@douyinfe/semi-ui';
import { useStores } from '../../core/stores/context';
import { labelIn } from '../../crud/model';
import { common, metaOf, usePlaceholder } from './common';

interface Opt {
  label: string;
  value: string | number;
}

function useOptions(p: WidgetProps): Opt[] {
  const { dict, app } = useStores();
  const meta = metaOf(p);
  if (meta.dict) return dict.get(meta.dict).map((o) => ({ label: o.label, value: o.value as string | number }));
  if (meta.options) return meta.options.map((o) => ({ label: labelIn(o.label, app.locale), value: o.value as string | number }));
  const e = (p.schema.enum ?? (p.schema.items as { enum?: unknown[] } | undefined)?.enum ?? []) as (string | number)[];
  return e.map((v) => ({ label: String(v), value: v }));
}

export function SelectWidget(p: WidgetProps) {
  const placeholder = usePlaceholder(p, true);
  const options = useOptions(p);
  const multiple = p.schema.type === 'array' || (Array.isArray(p.schema.type) && p.schema.type.includes('array'));
  return (
    <Select
      {...common(p)}
      style={{ width: '100%' }}
      multiple={multiple}
      filter
      showClear
      value={p.value as string | number | undefined}
      placeholder={placeholder}
      optionList={options}
      onChange={(v) => p.onChange(v === undefined || v === null ? undefined : v)}
    />
  );
}
