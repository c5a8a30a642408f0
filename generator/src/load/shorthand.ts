import type { Labels } from '../model.js';
import { derivedLabels } from './labels.js';

type Raw = Record<string, any>;

/** Keys after which an implied `multipleOf` goes, so the expanded schema reads as if it had been written. */
const BEFORE_STEP = ['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];

/** The step a decimal's scale implies: 0.01 for scale 2 (scale 0 is an integer; past 9 a double cannot say it). */
export function decimalStep(scale: unknown): number | undefined {
  return typeof scale === 'number' && scale > 0 && scale <= 9 ? Number((10 ** -scale).toFixed(scale)) : undefined;
}

/**
 * Expands what the schema language implies for one property into the full form the sanitizer reads
 * (schemas/README.md, "Property keywords"):
 * - a missing `x-label` (or locale) is derived from the property name; a locale that falls back to English
 *   words is reported in `missing`, a warning, not a refusal;
 * - a property not in `required` and without a `default` is nullable (`"null"` joins its type);
 * - a decimal's scale implies its step (`multipleOf`).
 */
export function expandProperty(name: string, prop: Raw, isRequired: boolean): { prop: Raw; missing: string[] } {
  const out: Raw = { ...prop };
  const { labels, missing } = derivedLabels(name, (prop['x-label'] ?? {}) as Partial<Labels>);
  out['x-label'] = labels;
  if (!isRequired && prop.default === undefined && prop.type !== undefined) {
    const types: unknown[] = Array.isArray(prop.type) ? prop.type : [prop.type];
    if (!types.includes('null')) out.type = [...types, 'null'];
  }
  const step = prop['x-column']?.type === 'decimal' ? decimalStep(prop['x-column'].scale) : undefined;
  if (step !== undefined && prop.multipleOf === undefined) return { prop: withStep(out, step), missing };
  return { prop: out, missing };
}

function withStep(prop: Raw, step: number): Raw {
  const keys = Object.keys(prop);
  let at = 0;
  keys.forEach((k, i) => {
    if (BEFORE_STEP.includes(k)) at = i + 1;
  });
  const out: Raw = {};
  keys.slice(0, at).forEach((k) => (out[k] = prop[k]));
  out.multipleOf = step;
  keys.slice(at).forEach((k) => (out[k] = prop[k]));
  return out;
}
