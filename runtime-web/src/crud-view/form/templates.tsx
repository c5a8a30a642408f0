/** The templates of our rjsf theme: field (label, required mark, error), object grid (24 columns, span from x-screen), error list, no submit button. */
import type { FieldTemplateProps, ObjectFieldTemplateProps, ErrorListProps, TemplatesType } from '@rjsf/utils';

function FieldTemplate(p: FieldTemplateProps) {
  if (p.hidden) return <div hidden>{p.children}</div>;
  // The root object has no label of its own.
  if (p.id === 'root') return p.children;
  const errors = [...new Set(p.rawErrors ?? [])];
  return (
    <div className={`crud-field${errors.length ? ' crud-field--error' : ''}`} data-field={p.id.replace(/^root_/, '')}>
      {p.displayLabel !== false && (
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

function ObjectFieldTemplate(p: ObjectFieldTemplateProps) {
  const spans = (p.uiSchema?.['ui:spans'] ?? {}) as Record<string, number>;
  return (
    <div className="crud-form-grid">
      {p.properties.map((prop) =>
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
