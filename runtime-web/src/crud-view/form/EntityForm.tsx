/**
 * One entity's form: rjsf with our Semi theme, validated by the same JSON Schema as the server (ajv),
 * messages in the user's language, decimals checked as exact strings, server 1002 errors on their fields.
 */
import { forwardRef, useImperativeHandle, useMemo, useRef } from 'react';
import type { ComponentType } from 'react';
import type { KeyboardEvent } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, FieldProps, RJSFValidationError, UiSchema, WidgetProps } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { useTranslation } from 'react-i18next';
import { labelIn, shownFor } from '../../crud/model';
import type { FormItemModel } from '../../crud/model';
import { extraErrors as decimalErrors, formSchema } from '../../crud/formSchema';
import type { FormMode } from '../../crud/formSchema';
import type { Labels, Row } from '../../crud/types';
import { useRegistry } from '../useRegistry';
import { widgetName } from './widgetName';

/**
 * rjsf draws an object-typed property as its own sub-form and ignores `ui:widget`; a registered widget named
 * for such a field (a plugin's settings) is given the field instead, with the props a widget gets. Memoised per
 * widget set (one per console's registry) and name, so a field component keeps its identity across renders.
 */
const objectFields = new WeakMap<Readonly<Record<string, ComponentType<WidgetProps>>>, Map<string, (p: FieldProps) => JSX.Element | null>>();
function objectField(name: string, widgets: Readonly<Record<string, ComponentType<WidgetProps>>>): (p: FieldProps) => JSX.Element | null {
  let byName = objectFields.get(widgets);
  if (!byName) objectFields.set(widgets, (byName = new Map()));
  let field = byName.get(name);
  if (!field) {
    field = function ObjectWidgetField(p: FieldProps) {
      const Widget = widgets[name];
      if (!Widget) return null;
      const widgetProps = {
        ...p,
        id: p.fieldPathId.$id,
        value: p.formData,
        label: (p.uiSchema?.['ui:title'] as string | undefined) ?? p.name,
        options: (p.uiSchema?.['ui:options'] ?? {}) as WidgetProps['options'],
        onChange: (v: unknown) => p.onChange(v as never, p.fieldPathId.path),
        onBlur: () => undefined,
        onFocus: () => undefined,
        rawErrors: p.rawErrors ?? [],
      } as unknown as WidgetProps;
      return <Widget {...widgetProps} />;
    };
    byName.set(name, field);
  }
  return field;
}

const validator = customizeValidator({
  // The server's schemas use `datetime` for its wire format (YYYY-MM-DD HH:mm:ss).
  customFormats: { datetime: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?/, date: /^\d{4}-\d{2}-\d{2}$/ },
  ajvOptionsOverrides: { strict: false, allErrors: true },
});

export interface EntityFormHandle {
  submit(): void;
}

interface Props {
  items: readonly FormItemModel[];
  required: readonly string[];
  mode: FormMode;
  locale: string;
  data: Row;
  serverErrors?: Record<string, string>;
  recordId?: unknown;
  /** The record as loaded (`info`), for widgets that show labels it carries beside the values. */
  record?: Row;
  /** How groups show (x-screen.formLayout). */
  layout?: 'grid' | 'sections' | 'tabs';
  onChange(data: Row): void;
  onSubmit(data: Row): void;
}

export const EntityForm = forwardRef<EntityFormHandle, Props>(function EntityForm(props, ref) {
  const { items, required, mode, locale, data, serverErrors, recordId, record, layout = 'grid' } = props;
  // The console's widgets and templates (the Semi theme and the modules' widgets): crud-view/registry.ts.
  const registry = useRegistry();
  const widgets = registry.widgetMap();
  const { t } = useTranslation('crud');
  const formRef = useRef<Form>(null);
  useImperativeHandle(ref, () => ({ submit: () => formRef.current?.submit() }), []);
  // Conditional fields (showWhen) follow the values; the memos below rebuild only when the shown set changes.
  const shownKey = items.filter((i) => !i.hidden && shownFor(i, data)).map((i) => i.field).join(',');
  const visible = useMemo(() => items.filter((i) => shownKey.split(',').includes(i.field)), [items, shownKey]);
  const schema = useMemo(() => formSchema(visible, required, mode), [visible, required, mode]);
  // `props.label` names what a widget covering several fields picks (province / city / district).
  const labels = useMemo(() => new Map(visible.map((i) => [i.field, labelIn((i.props?.label as Labels | undefined) ?? i.meta.label, locale, i.field)])), [visible, locale]);
  const uiSchema = useMemo(() => {
    const groups: { label: string; fields: string[] }[] = [];
    for (const i of visible) {
      if (!i.group) continue;
      const label = labelIn(i.group, locale);
      const g = groups.find((x) => x.label === label) ?? (groups.push({ label, fields: [] }), groups[groups.length - 1]!);
      g.fields.push(i.field);
    }
    const ui: UiSchema = {
      'ui:spans': Object.fromEntries(visible.map((i) => [i.field, i.span])),
      'ui:order': visible.map((i) => i.field),
      'ui:groups': groups,
      'ui:layout': layout,
    };
    for (const i of visible) {
      const name = i.component && widgets[i.component] ? i.component : widgetName(i.meta);
      const objectTyped = [i.meta.schema.type].flat().includes('object');
      ui[i.field] = {
        'ui:widget': name,
        // Any widget, chosen or derived (JSON as text for a free-form object), or rjsf shows nothing for it.
        ...(objectTyped && widgets[name] ? { 'ui:field': objectField(name, widgets) } : {}),
        'ui:title': labels.get(i.field),
        'ui:options': { meta: i.meta, ...(i.props ?? {}), label: true },
        ...(i.meta.readOnly ? { 'ui:readonly': true } : {}),
      };
    }
    return ui;
  }, [visible, labels, locale, layout, widgets]);

  const transformErrors = (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.map((e) => {
      const field = (e.property ?? '').replace(/^\./, '').split('.')[0] || String((e.params as { missingProperty?: string })?.missingProperty ?? '');
      const name = e.name === 'required' ? String((e.params as { missingProperty?: string }).missingProperty) : field;
      const label = labels.get(name) ?? name;
      const limit = (e.params as { limit?: unknown })?.limit;
      const key = ['required', 'minLength', 'maxLength', 'minimum', 'maximum', 'pattern', 'type', 'enum', 'format', 'minItems', 'maxItems'].includes(e.name ?? '') ? e.name! : 'invalid';
      return { ...e, message: t(`errors.${key}`, { label, limit }), stack: t(`errors.${key}`, { label, limit }) };
    });

  const customValidate = (formData: Row | undefined, errors: ErrorSchema & Record<string, { addError(m: string): void }>) => {
    const problems = decimalErrors(visible, formData ?? {});
    for (const [field, reason] of Object.entries(problems)) {
      const meta = visible.find((i) => i.field === field)!.meta;
      const label = labels.get(field) ?? field;
      const message =
        reason === 'scale'
          ? t('errors.decimalScale', { label, scale: meta.scale ?? 0 })
          : reason === 'precision'
            ? t('errors.decimalPrecision', { label, digits: (meta.precision ?? 65) - (meta.scale ?? 0) })
            : reason === 'format'
              ? t('errors.decimalFormat', { label })
              : t(`errors.${reason}`, { label, limit: meta.schema[reason] });
      errors[field]?.addError(message);
    }
    return errors;
  };

  const extraErrors = useMemo(() => {
    if (!serverErrors || !Object.keys(serverErrors).length) return undefined;
    const out: Record<string, { __errors: string[] }> = {};
    for (const [field, message] of Object.entries(serverErrors)) out[field] = { __errors: [message] };
    return out as ErrorSchema;
  }, [serverErrors]);

  // Enter in a one-line input submits (not in text areas, not while an IME composes).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || target.tagName !== 'INPUT') return;
    const type = (target as HTMLInputElement).type;
    if (type && !['text', 'password', 'number', 'search', 'email', 'tel', 'url'].includes(type)) return;
    if (target.closest('.semi-select, .semi-tree-select, .semi-datepicker')) return;
    e.preventDefault();
    formRef.current?.submit();
  };

  return (
    <div className="crud-form" onKeyDown={onKeyDown} data-mode={mode}>
      <Form
        ref={formRef}
        schema={schema as never}
        uiSchema={uiSchema}
        formData={data}
        validator={validator}
        widgets={widgets}
        templates={registry.templates}
        // `patch`: a widget that fills sibling fields too (the region picker's city and district) changes them at once.
        formContext={{ recordId, data, record, patch: (values: Row) => props.onChange({ ...data, ...values }) }}
        disabled={mode === 'info'}
        noHtml5Validate
        showErrorList={false}
        focusOnFirstError
        transformErrors={transformErrors}
        customValidate={customValidate as never}
        extraErrors={extraErrors}
        // Errors are shown on their fields; rjsf would also log them.
        onError={() => undefined}
        onChange={(e) => props.onChange((e.formData ?? {}) as Row)}
        onSubmit={(e) => props.onSubmit((e.formData ?? {}) as Row)}
      />
    </div>
  );
});
