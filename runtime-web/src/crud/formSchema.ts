/**
 * The form's JSON Schema and values, derived from the fields the server validates with: the same rules
 * client-side, with decimals held as exact strings and secrets required only when adding.
 */
import { shownFor } from './model';
import type { FormItemModel } from './model';
import type { JsonSchema, Row } from './types';
import { checkDecimal } from './decimal';

export type FormMode = 'add' | 'update' | 'info' | 'append';

/** The JSON Schema rjsf renders and validates (one property per form item). */
export function formSchema(items: readonly FormItemModel[], required: readonly string[], mode: FormMode): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const req: string[] = [];
  for (const item of items) {
    const f = item.meta;
    let s: JsonSchema = { ...f.schema };
    delete s.default;
    if (f.type === 'decimal') {
      // Held as the typed string; range and scale are checked by checkDecimal (customValidate).
      s = { type: f.nullable ? ['string', 'null'] : 'string' };
    }
    if (f.type === 'json' && !types(s).some((t) => t === 'array' || t === 'object')) s = {};
    properties[f.name] = s;
    // `props.requiredOnAdd`: asked for on add only (a user's password; an empty one on update means unchanged).
    const onAdd = item.props?.requiredOnAdd === true && (mode === 'add' || mode === 'append');
    // `props.required`: asked for whenever shown (a task's cron, only while its type is cron: showWhen).
    const needed = onAdd || item.props?.required === true || required.includes(f.name) || (f.secret && mode !== 'update' && required.includes(f.name));
    if (needed && !(f.secret && mode === 'update')) req.push(f.name);
  }
  return { type: 'object', properties, required: req };
}

function types(schema: JsonSchema): string[] {
  const t = schema.type;
  return Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
}

/** A row from `info` → form values (decimals to strings, secrets empty). */
export function toFormData(items: readonly FormItemModel[], row: Row | undefined, mode: FormMode): Row {
  const out: Row = {};
  for (const { meta: f } of items) {
    let v = row && f.name in row ? row[f.name] : mode === 'update' ? undefined : f.default ?? f.schema.default;
    if (f.secret) v = undefined;
    if (f.type === 'decimal' && v !== undefined && v !== null) v = String(v);
    if (v !== undefined) out[f.name] = v;
  }
  if (row?.id !== undefined && mode !== 'add' && mode !== 'append') out.id = row.id;
  return out;
}

/** Form values → request body: empty optional values become null (or are left out), decimals stay strings. */
export function toRequestBody(items: readonly FormItemModel[], data: Row, mode: FormMode): Row {
  const out: Row = {};
  if (mode === 'update' && data.id !== undefined) out.id = data.id;
  for (const item of items) {
    const f = item.meta;
    if (item.hidden && !(f.name in data)) continue;
    // A field its condition hides (showWhen) is not sent: it keeps its stored value.
    if (!shownFor(item, data)) continue;
    let v = data[f.name];
    if (f.secret && (v === undefined || v === '')) continue;
    if (v === undefined || v === '') v = f.nullable ? null : undefined;
    if (v === undefined) continue;
    if (f.type === 'decimal' && v !== null) {
      const c = checkDecimal(String(v), f.precision, f.scale);
      v = c.ok ? c.value : String(v);
    }
    out[f.name] = v;
  }
  return out;
}

/** Client-side checks the JSON Schema cannot express: decimal format, scale and range. */
export function extraErrors(items: readonly FormItemModel[], data: Row): Record<string, 'format' | 'scale' | 'precision' | 'minimum' | 'maximum'> {
  const out: Record<string, 'format' | 'scale' | 'precision' | 'minimum' | 'maximum'> = {};
  for (const { meta: f } of items) {
    if (f.type !== 'decimal') continue;
    const v = data[f.name];
    if (v === undefined || v === null || v === '') continue;
    const c = checkDecimal(String(v), f.precision, f.scale);
    if (!c.ok) {
      out[f.name] = c.reason;
      continue;
    }
    const min = f.schema.minimum as number | undefined;
    const max = f.schema.maximum as number | undefined;
    // Comparing against the bound is safe in floating point: bounds and scale are far below 2^53.
    if (min !== undefined && Number(c.value) < min) out[f.name] = 'minimum';
    if (max !== undefined && Number(c.value) > max) out[f.name] = 'maximum';
  }
  return out;
}
