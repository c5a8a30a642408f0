import type { EntityModel } from '@schema-admin/generator';
import type { ChatMessage } from './aiProvider.js';
import { buildEntitySchema } from '../base/authoring/draftSchema.js';
import { parseFieldSpecs } from '../base/authoring/fieldSpec.js';
import { entityNames } from '../base/authoring/names.js';

const EXAMPLE = buildEntitySchema({ names: entityNames('shop', 'book'), fields: parseFieldSpecs('title!:string:100 price:decimal stock:int status:dict:status') });

const RULES = `You write entity definitions for Schema Admin: one JSON Schema (draft 2020-12) per entity plus x- keywords.
Answer with ONE JSON object only (no prose). Rules:
- "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object".
- "$id": "<module>/<entity>": module lower-case letters and digits; entity camelCase.
- "x-table": "<module>_<entity_in_snake_case>"; "x-api": ["add","delete","update","info","list","page"] (no custom actions).
- "x-label" on the entity and on every property: {"zh-cn": "...", "zh-tw": "...", "en": "..."} (simplified Chinese, traditional Chinese, English).
- properties: camelCase names; never id, createTime, updateTime, tenantId (implicit).
- types: string (with maxLength), integer, number, boolean, object/array (stored as JSON); a property that is not in "required" must be nullable (["string","null"]) or have a "default".
- text: {"type":"string","x-column":{"type":"text"}}; money: {"type":"number","x-column":{"type":"decimal","precision":10,"scale":2}}; dates: {"type":"string","format":"date"} or "datetime".
- "x-dict": "<dictionary key>" for coded values, "x-ref": "<$id of another entity>" for an id pointing at it.
- optional "x-query": {"keyWordLikeFields": [...string fields], "fieldEq": [...]} and "x-screen": {"columns": [...], "form": [...], "search": {"keyWord": true, "filters": [...]}} naming only declared properties (or createTime).`;

/** The chat messages asking a model for one entity schema. */
export function draftMessages(description: string, existing: readonly EntityModel[], module?: string, entity?: string): ChatMessage[] {
  const ids = existing.filter((e) => e.table).map((e) => e.id).slice(0, 200).join(', ');
  const hint = [module ? `Module: ${module}.` : '', entity ? `Entity: ${entity}.` : ''].filter(Boolean).join(' ');
  return [
    { role: 'system', content: `${RULES}\n\nExisting entities (usable in x-ref; do not reuse their $id or table): ${ids}\n\nExample:\n${JSON.stringify(EXAMPLE)}` },
    { role: 'user', content: `${hint ? hint + '\n' : ''}${description}` },
  ];
}
