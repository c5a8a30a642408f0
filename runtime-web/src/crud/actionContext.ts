/** What a custom action's body takes from the screen (the row's id, the selected ids) and what must be asked. */
import type { JsonSchema, Row } from './types';

const isIdList = (name: string, s: { type?: unknown }) => (name === 'ids' || /Ids$/.test(name)) && s.type === 'array';

/** Whether an action's body takes a list of ids (`ids`, `userIds`…): run from the toolbar, it acts on the selected rows. */
export function takesIds(body: JsonSchema | undefined): boolean {
  return Object.entries((body?.properties ?? {}) as Record<string, { type?: unknown }>).some(([name, s]) => isIdList(name, s));
}

/** Body properties an action takes from the context: the row's id or the selected ids. */
export function actionContext(body: JsonSchema | undefined, rows: Row[]): { values: Row; asked: string[]; missingIds: boolean } {
  const props = (body?.properties ?? {}) as Record<string, { type?: unknown }>;
  const required = (body?.required ?? []) as string[];
  const values: Row = {};
  const asked: string[] = [];
  let missingIds = false;
  for (const [name, s] of Object.entries(props)) {
    const idList = isIdList(name, s);
    if (name === 'id' && rows.length === 1) values.id = rows[0]!.id;
    else if (idList && rows.length) values[name] = rows.map((r) => r.id);
    else if (idList && required.includes(name)) missingIds = true;
    else if (name !== 'id') asked.push(name);
  }
  return { values, asked, missingIds };
}

