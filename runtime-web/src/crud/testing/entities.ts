/** Entity schemas for the headless tests, taken from the server's generated model (the same data `base/comm/schema` serves). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EntitySchema } from '../types';

const here = path.dirname(fileURLToPath(import.meta.url));
const model = JSON.parse(fs.readFileSync(path.resolve(here, '../../../../runtime-server/src/generated/model.json'), 'utf8')) as {
  entities: (EntitySchema & { screen?: unknown; actions: EntitySchema['actions'] })[];
};

export function entity(id: string): EntitySchema {
  const e = model.entities.find((x) => x.id === id);
  if (!e) throw new Error(`no entity ${id} in the generated model`);
  return { ...e, audited: e.actions.some((a) => a.name === 'history'), tree: e.fields.some((f) => f.name === 'parentId' && f.ref === id) };
}
