import type { SchemaError } from '../errors.js';
import type { JsonSchema, Labels, RelationModel } from '../model.js';

type Raw = Record<string, any>;

/**
 * An `x-relation` property → its relation model (docs/kernel-and-modules.md, "Relations"). Checks what one file
 * can tell (an id list, no other storage keyword); the link entity and its columns are checked across files
 * by `checkRelations`. Returns undefined when the property is not a relation.
 */
export function sanitizeRelation(
  name: string,
  prop: Raw,
  ptr: string,
  err: (code: SchemaError['code'], pointer: string, msg: string) => void,
): RelationModel | undefined {
  const spec = prop['x-relation'] as Raw | undefined;
  if (!spec) return undefined;
  const types = Array.isArray(prop.type) ? prop.type : [prop.type];
  const items = prop.items as Raw | undefined;
  if (!types.includes('array') || types.some((t: unknown) => t !== 'array' && t !== 'null') || items?.type !== 'integer') {
    err('InvalidRelation', `${ptr}/type`, 'an x-relation property is a list of ids: "type": ["array", "null"], "items": {"type": "integer"}');
  }
  for (const k of ['x-column', 'x-unique', 'x-index', 'x-ref', 'x-secret', 'x-dict', 'x-options']) {
    if (k in prop) err('InvalidRelation', `${ptr}/${k}`, `${k} does not apply to an x-relation property (its ids live in the link entity)`);
  }
  const schema: JsonSchema = {};
  for (const [k, v] of Object.entries(prop)) if (!k.startsWith('x-') && k !== 'default') schema[k] = v;
  return {
    name,
    through: String(spec.through),
    self: String(spec.self),
    other: String(spec.other),
    target: '',
    stored: spec.stored === true,
    ...(typeof spec.notFound === 'string' ? { notFound: spec.notFound } : {}),
    label: prop['x-label'] as Labels,
    schema,
  };
}
