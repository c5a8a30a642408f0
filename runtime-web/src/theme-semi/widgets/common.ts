/** What the widgets share: the field's meta, the form's context, the control's common props, the placeholder. */
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { FieldMeta } from '../../crud/types';

/** The form's context (record id, current values): rjsf passes it on the registry. */
export const ctxOf = (p: WidgetProps): Record<string, unknown> => ((p.registry?.formContext ?? {}) as Record<string, unknown>);

export const metaOf = (p: WidgetProps): FieldMeta => (p.options.meta ?? { name: p.id, type: 'string', label: {}, schema: {} }) as FieldMeta;
export const invalid = (p: WidgetProps) => !!p.rawErrors?.length;
/** What every widget's control takes from rjsf: id, label, disabled, error state. */
export const common = (p: WidgetProps) => ({
  id: p.id,
  disabled: p.disabled || p.readonly,
  'aria-invalid': invalid(p) || undefined,
  'aria-label': p.label,
  validateStatus: invalid(p) ? ('error' as const) : ('default' as const),
});

export function usePlaceholder(p: WidgetProps, select = false): string {
  const { t } = useTranslation('crud');
  return p.placeholder || t(select ? 'selectPlaceholder' : 'inputPlaceholder', { label: p.label });
}
