/** The templates of our rjsf theme: field (label, required mark, error), object grid (24 columns, span from x-screen), error list, no submit button. */
import { useEffect, useState } from 'react';
import type { FieldTemplateProps, ObjectFieldTemplateProps, ErrorListProps, TemplatesType } from '@rjsf/utils';
import { TabPane, Tabs } from '@douyinfe/semi-ui';

function FieldTemplate(p: FieldTemplateProps) {
  if (p.hidden) return <div hidden>{p.children}</div>;
  // The root object has no label of its own.
  if (p.id === 'root') return p.children;
  const errors = [...new Set(p.rawErrors ?? [])];
  return (
    <div className={`crud-field${errors.length ? ' crud-field--error' : ''}`} data-field={p.id.replace(/^root_/, '')}>
      {/* rjsf hides the label of an object-typed field drawn by a widget (ui:field); the form asks for it (label). */}
      {(p.displayLabel !== false || (p.uiSchema?.['ui:field'] !== undefined && p.uiSchema?.['ui:options']?.label === true)) && (
        <label className="crud-field__label" htmlFor={p.id}>
          {p.required ? <span className="crud-field__required">*</span> : null}
          {p.label}
        </label>
      )}
      <div className="crud-field__control">
        {p.children}
        {errors.length ? (
          <div className="crud-field-error" role="alert" id={`${p.id}__error`}>
            {errors.join('; ')}
          </div>
        ) : null}
      </div>
    </div>
  );
}

interface FormGroup {
  label: string;
  fields: string[];
}

function Grid({ props, spans }: { props: ObjectFieldTemplateProps['properties']; spans: Record<string, number> }) {
  return (
    <div className="crud-form-grid">
      {props.map((prop) =>
        prop.hidden ? (
          <div key={prop.name} hidden>
            {prop.content}
          </div>
        ) : (
          <div key={prop.name} className="crud-form-cell" style={{ gridColumn: `span ${Math.min(24, Math.max(1, spans[prop.name] ?? 12))}` }}>
            {prop.content}
          </div>
        ),
      )}
    </div>
  );
}

/**
 * The 24-column grid, or the fields in titled sections / tabs (`ui:groups`, `ui:layout`). In tabs every pane
 * stays mounted (validation sees every field) and the tab holding the first error opens on a failed submit.
 */
function ObjectFieldTemplate(p: ObjectFieldTemplateProps) {
  const spans = (p.uiSchema?.['ui:spans'] ?? {}) as Record<string, number>;
  const groups = (p.uiSchema?.['ui:groups'] ?? []) as FormGroup[];
  const layout = (p.uiSchema?.['ui:layout'] ?? 'grid') as 'grid' | 'sections' | 'tabs';
  const errorFields = Object.entries((p.errorSchema ?? {}) as Record<string, { __errors?: unknown[] }>)
    .filter(([k, v]) => k !== '__errors' && (v?.__errors?.length ?? 0) > 0)
    .map(([k]) => k);
  const [active, setActive] = useState(0);
  const firstError = groups.findIndex((g) => g.fields.some((f) => errorFields.includes(f)));
  useEffect(() => {
    if (firstError >= 0) setActive((cur) => (groups[cur]?.fields.some((f) => errorFields.includes(f)) ? cur : firstError));
    // Only a new set of errors moves the tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errorFields.join(',')]);
  if (layout === 'grid' || !groups.length) return <Grid props={p.properties} spans={spans} />;
  const byName = new Map(p.properties.map((prop) => [prop.name, prop]));
  const grouped = new Set(groups.flatMap((g) => g.fields));
  const rest = p.properties.filter((prop) => !grouped.has(prop.name));
  const panes = groups.map((g) => ({ label: g.label, props: g.fields.map((f) => byName.get(f)).filter((x): x is NonNullable<typeof x> => !!x) }));
  if (rest.length) panes.unshift({ label: '', props: rest });
  if (layout === 'sections') {
    return (
      <div className="crud-form-sections">
        {panes.map((pane, i) => (
          <section key={i} className="crud-form-section">
            {pane.label ? <h4 className="crud-form-section__title">{pane.label}</h4> : null}
            <Grid props={pane.props} spans={spans} />
          </section>
        ))}
      </div>
    );
  }
  return (
    <Tabs activeKey={String(active)} onChange={(k) => setActive(Number(k))} keepDOM>
      {panes.map((pane, i) => (
        <TabPane
          key={i}
          itemKey={String(i)}
          tab={
            <span className={pane.props.some((prop) => errorFields.includes(prop.name)) ? 'crud-tab--error' : undefined}>
              {pane.label || '—'}
            </span>
          }
        >
          <Grid props={pane.props} spans={spans} />
        </TabPane>
      ))}
    </Tabs>
  );
}

/** Errors show on their fields; the list at the top is not repeated. */
function ErrorListTemplate(_: ErrorListProps) {
  return null;
}

function NoButton() {
  return null;
}

export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate,
  ButtonTemplates: { SubmitButton: NoButton } as unknown as TemplatesType['ButtonTemplates'],
};
