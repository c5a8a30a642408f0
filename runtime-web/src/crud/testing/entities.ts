/** Entity schemas for the headless tests, taken from the server's generated model (the same data `base/comm/schema` serves). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EntitySchema } from '../types';

const here = path.dirname(fileURLToPath(import.meta.url));
const model = JSON.parse(fs.readFileSync(path.resolve(here, '../../../../runtime-server/src/generated/model.json'), 'utf8')) as {
  entities: (EntitySchema & { screen?: unknown; actions: EntitySchema['actions']; defs?: Record<string, unknown> })[];
};

/** An action body as `base/comm/schema` serves it: a `#/$defs/…` reference inlined (screenSchema.ts does it in depth). */
function inline(body: unknown, defs: Record<string, unknown> = {}): unknown {
  const ref = (body as { $ref?: unknown } | undefined)?.$ref;
  const name = typeof ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(ref)?.[1] : undefined;
  return name && defs[name] ? defs[name] : body;
}

export function entity(id: string): EntitySchema {
  const e = model.entities.find((x) => x.id === id);
  if (!e) throw new Error(`no entity ${id} in the generated model`);
  const actions = e.actions.map((a) => (a.body ? { ...a, body: inline(a.body, e.defs) as typeof a.body } : a));
  return { ...e, actions, audited: e.actions.some((a) => a.name === 'history'), tree: e.fields.some((f) => f.name === 'parentId' && f.ref === id) };
}
