/**
 * `refs`: ids of another entity (`props.ref`) picked in a filterable multi-select, at most the schema's `maxItems`
 * (a user's roles, ≤ 3). `props.known` names a field of the loaded record listing `{id, name}` of the ids it holds
 * (a user's `roleList`): those keep their names when the user may not list the other entity.
 */
import type { WidgetProps } from '@rjsf/utils';
import { Select, Toast } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../core/stores/context';
import type { Row } from '../../crud/types';
import '../../crud-view/screens/locales';
import { useEntityList } from '../../crud-view/form/entityList';

export function RefsWidget(p: WidgetProps) {
  const { t } = useTranslation('crud');
  const { t: ts } = useTranslation('screens');
  const stores = useStores();
  const ref = p.options.ref as string | undefined;
  const max = p.schema.maxItems as number | undefined;
  const rows = useEntityList(stores, ref);
  const value = ((p.value as number[] | null | undefined) ?? []).filter((v) => v !== null);
  const record = (p.registry?.formContext as { record?: Row } | undefined)?.record;
  const knownField = p.options.known as string | undefined;
  const known = knownField && Array.isArray(record?.[knownField]) ? (record[knownField] as Row[]) : [];
  const listed = new Set((rows ?? []).map((r) => String(r.id)));
  const options = [...(rows ?? []), ...known.filter((r) => !listed.has(String(r.id)))];
  return (
    <Select
      id={p.id}
      aria-label={p.label}
      style={{ width: '100%' }}
      multiple
      filter
      showClear
      loading={!rows}
      max={max}
      onExceed={() => Toast.warning(ts('maxRoles', { max }))}
      disabled={p.disabled || p.readonly}
      validateStatus={p.rawErrors?.length ? 'error' : 'default'}
      placeholder={t('selectPlaceholder', { label: p.label })}
      optionList={options.map((r) => ({ label: String(r.name ?? r.label ?? r.id), value: r.id as number }))}
      value={value}
      onChange={(v) => p.onChange(Array.isArray(v) ? v : [])}
    />
  );
}
