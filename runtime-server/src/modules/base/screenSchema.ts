import { epsSearch } from '@schema-admin/generator';
import type { EntityModel, FieldModel } from '@schema-admin/generator';
import { AppError } from '../../core/errors.js';
import type { Handler } from '../../core/handler.js';
import { screenable } from '../../crud/screenable.js';

/** What the console's generic screen needs of a field: the very schema the server validates with. */
function fieldOut(f: FieldModel) {
  return {
    name: f.name,
    type: f.type,
    nullable: f.nullable,
    readOnly: f.readOnly,
    secret: f.secret,
    implicit: f.implicit,
    label: f.label,
    schema: f.schema,
    ...(f.length !== undefined ? { length: f.length } : {}),
    ...(f.precision !== undefined ? { precision: f.precision, scale: f.scale } : {}),
    ...(f.default !== undefined && !f.secret ? { default: f.default } : {}),
    ...(f.dict ? { dict: f.dict } : {}),
    ...(f.options ? { options: f.options } : {}),
    ...(f.ref ? { ref: f.ref } : {}),
  };
}

const built = new WeakMap<EntityModel, unknown>();

/** The fields a reference cell or picker shows for a record, in the order it looks for them (runtime-web cells.tsx). */
const LABEL_FIELDS = ['name', 'title', 'label', 'nickName', 'username', 'keyName', 'serialNumber'];

/**
 * The columns a page row carries through the entity's joins (`x-query.join`), as read-only fields named by their
 * output, each with the reference field it comes through (`via`). A reference field whose join selects a label
 * (`title`, `name`…) gets `refLabel`: its cells show that joined text and need no lookup of their own (a lookup of
 * the referenced entity cannot list 10 million goods).
 */
function joinedOut(e: EntityModel, byId: Map<string, EntityModel>) {
  const joined: (ReturnType<typeof fieldOut> & { via: string })[] = [];
  const refLabel = new Map<string, string>();
  for (const j of e.query.join) {
    const target = byId.get(j.entity);
    let best: { out: string; rank: number } | undefined;
    for (const [out, col] of Object.entries(j.select)) {
      const f = target?.fields.find((x) => x.name === col);
      if (!f || f.secret) continue;
      joined.push({ ...fieldOut({ ...f, name: out }), readOnly: true, via: j.on });
      const rank = LABEL_FIELDS.indexOf(col);
      if (rank >= 0 && (!best || rank < best.rank)) best = { out, rank };
    }
    if (best && !refLabel.has(j.on)) refLabel.set(j.on, best.out);
  }
  return { joined, refLabel };
}

function build(e: EntityModel, byId: Map<string, EntityModel>) {
  const { joined, refLabel } = joinedOut(e, byId);
  return {
    id: e.id,
    module: e.module,
    prefix: e.prefix,
    name: e.name,
    label: e.label,
    audited: e.actions.some((a) => a.name === 'history'),
    tree: e.fields.some((f) => f.name === 'parentId' && f.ref === e.id),
    fields: e.fields.map((f) => ({ ...fieldOut(f), ...(refLabel.has(f.name) ? { refLabel: refLabel.get(f.name) } : {}) })),
    joined,
    // Many-to-many id lists (x-relation): the console picks them from the linked entity (a stored one is also a field).
    relations: (e.relations ?? []).map((r) => ({ name: r.name, target: r.target, stored: r.stored, label: r.label, schema: r.schema })),
    required: e.required,
    actions: e.actions.map((a) => ({
      name: a.name,
      method: a.method,
      path: a.path,
      ...(a.perm ? { perm: a.perm } : {}),
      auth: a.auth,
      summary: a.summary,
      ...(a.body ? { body: resolveRefs(a.body, e.defs) } : {}),
      ...(a.query ? { query: resolveRefs(a.query, e.defs) } : {}),
    })),
    screen: e.screen ?? null,
    // The EPS `search` block of the same entity (added, issue 40): the console builds its screen from this one answer.
    search: e.table ? epsSearch(e, byId) : null,
  };
}

/**
 * `GET /admin/base/comm/schema?prefix=`: one entity's fields, rules, actions and screen block, for the
 * console's generic screen (built once per entity model; entities added at run time are found too).
 */
export const schema: Handler = ({ services, query }) => {
  const prefix = String(query.prefix);
  const e = [...services.schema.entities.values()].find((x) => x.prefix === prefix);
  if (!e || !screenable(e)) throw new AppError('error.unknownEntity', { prefix: prefix.slice(0, 200) });
  let out = built.get(e);
  if (!out) built.set(e, (out = build(e, services.schema.entities)));
  return out;
};

/** Inlines `#/$defs/…` references (the console renders action forms from plain schemas); cycles stop at depth 8. */
function resolveRefs(schema: unknown, defs: Record<string, unknown>, depth = 0): unknown {
  if (depth > 8 || !schema || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map((s) => resolveRefs(s, defs, depth + 1));
  const obj = schema as Record<string, unknown>;
  const ref = typeof obj.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(obj.$ref)?.[1] : undefined;
  if (ref && defs[ref]) {
    const { $ref: _ref, ...rest } = obj;
    return resolveRefs({ ...(defs[ref] as object), ...rest }, defs, depth + 1);
  }
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, resolveRefs(v, defs, depth + 1)]));
}
