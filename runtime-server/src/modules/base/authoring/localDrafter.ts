import type { Labels } from '@schema-admin/generator';
import { buildEntitySchema } from './draftSchema.js';
import type { EntityDoc } from './draftSchema.js';
import { checkFieldSpecs, parseToken } from './fieldSpec.js';
import type { FieldKind, FieldSpec } from './fieldSpec.js';
import { labelsOf, splitWords, wordOfChinese } from './labels.js';
import { entityNames } from './names.js';

/**
 * The offline drafter: no model, only rules, so the same description always gives the same draft.
 * It reads the field notation (`title!:string:50 price:decimal`), a simple English sentence
 * ("a product with title, price and stock") or a simple Chinese one ("商品，包含标题、价格和库存").
 */
export interface DraftRequest {
  description: string;
  module?: string;
  entity?: string;
}

/** Thrown when no field can be read from the description. */
export class NoFieldsError extends Error {
  override name = 'NoFieldsError';
}

const SPEC_TOKEN = /^[a-z][A-Za-z0-9]*!?:[A-Za-z]/;
const FILLER = new Set(['a', 'an', 'the', 'its', 'their', 'some', 'one', 'create', 'make', 'build', 'add', 'need', 'want', 'i', 'we', 'please', 'new', 'table', 'entity', 'list', 'of', 'for', 'to', 'manage', 'managing', 'store', 'storing', 'record', 'records', 'called', 'named']);
const DEFAULT_MODULE = 'custom';

const BY_LAST_WORD: [RegExp, FieldKind][] = [
  [/^(price|amount|cost|fee|total|salary|balance|discount)$/, 'decimal'],
  [/^(description|content|remark|remarks|note|notes|body|summary|detail|details|intro|bio|comment|comments)$/, 'text'],
  [/^(stock|count|quantity|qty|age|sort|level|score|year|views|rank|status|type|state|priority|id)$/, 'int'],
  [/^(date|birthday|day|deadline)$/, 'date'],
  [/^(time|at)$/, 'datetime'],
  [/^(enabled|active|visible|disabled|available|published|done|paid|verified)$/, 'bool'],
  [/^(tags|images|attributes|meta|extra|options|settings)$/, 'json'],
];

/** A field kind guessed from its name (`unitPrice` → decimal, `isActive` → bool, `categoryId` → int). */
export function guessKind(name: string): FieldKind {
  const words = splitWords(name);
  const first = words[0] ?? '';
  const last = words.at(-1) ?? '';
  if (['is', 'has', 'can'].includes(first)) return 'bool';
  if (words.includes('phone') || words.includes('code') || words.includes('email') || words.includes('url')) return 'string';
  for (const [re, kind] of BY_LAST_WORD) if (re.test(last)) return kind;
  return 'string';
}

function lengthOf(name: string): number | undefined {
  const words = splitWords(name);
  if (words.includes('phone') || words.includes('mobile')) return 20;
  if (words.includes('email')) return 100;
  if (words.includes('code')) return 50;
  return undefined;
}

/** "unit price" → unitPrice (at most four words, letters and digits only). */
function camelOf(phrase: string): string | undefined {
  const words = phrase
    .toLowerCase()
    .replace(/[^a-z0-9\s_-]/g, ' ')
    .split(/[\s_-]+/)
    .filter((w) => w && !FILLER.has(w))
    .slice(0, 4);
  if (!words.length || !/^[a-z]/.test(words[0]!)) return undefined;
  return words[0] + words.slice(1).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

function specOf(name: string, required: boolean): FieldSpec {
  const kind = guessKind(name);
  const length = kind === 'string' ? lengthOf(name) : undefined;
  return { name, kind, required, ...(length ? { length } : {}) };
}

interface Parsed {
  entity?: string;
  entityLabel?: Labels;
  fields: FieldSpec[];
  fieldLabels: Record<string, Labels>;
}

function fromNotation(text: string): Parsed | undefined {
  const tokens = text.trim().split(/\s+/);
  const specs = tokens.filter((t) => SPEC_TOKEN.test(t));
  if (!specs.length) return undefined;
  const entity = tokens.find((t) => !SPEC_TOKEN.test(t) && /^[a-z][a-z0-9-]*$/i.test(t) && !FILLER.has(t.toLowerCase()));
  return { ...(entity ? { entity } : {}), fields: specs.map(parseToken), fieldLabels: {} };
}

function fromEnglish(text: string): Parsed | undefined {
  const m = /^(.*?)\b(?:with|having|that has|which has|containing|including|has)\b(.+)$/i.exec(text.trim().replace(/[.!]+$/, ''));
  if (!m) return undefined;
  const entity = camelOf((m[1] ?? '').trim().split(/\s+/).filter((w) => !FILLER.has(w.toLowerCase())).slice(-2).join(' '));
  const names = (m[2] ?? '')
    .split(/,|;|\band\b|\bplus\b|&/i)
    .map((p) => camelOf(p.trim()))
    .filter((n): n is string => !!n);
  if (!names.length) return undefined;
  const unique = [...new Set(names)];
  const firstText = unique.find((n) => guessKind(n) === 'string');
  return { ...(entity ? { entity } : {}), fields: unique.map((n) => specOf(n, n === firstText && /^(title|name)$/.test(n))), fieldLabels: {} };
}

function fromChinese(text: string): Parsed | undefined {
  const m = /^(.*?)[，,：:\s]*(?:包含|包括|含有|字段有|字段|有)[：:]?(.+)$/.exec(text.trim().replace(/[。.！!]+$/, ''));
  if (!m) return undefined;
  const entityText = (m[1] ?? '').replace(/^(请|帮我|我要|我需要|需要|创建|建立|新建|一个|一張|一个|一張|个|個)+/g, '').replace(/(表|实体|實體)$/, '').trim();
  const parts = (m[2] ?? '').split(/[、，,和及与與;；\s]+/).map((p) => p.trim()).filter(Boolean);
  if (!parts.length) return undefined;
  const fields: FieldSpec[] = [];
  const fieldLabels: Record<string, Labels> = {};
  parts.forEach((part, i) => {
    const word = wordOfChinese(part);
    const name = word && !fields.some((f) => f.name === word) ? word : `field${i + 1}`;
    fields.push(specOf(name, name === 'title' || name === 'name'));
    if (!word) fieldLabels[name] = { 'zh-cn': part.slice(0, 50), 'zh-tw': part.slice(0, 50), en: labelsOf(name).en };
  });
  const entityWord = entityText ? wordOfChinese(entityText) : undefined;
  const entityLabel = entityText && !entityWord ? { 'zh-cn': entityText.slice(0, 50), 'zh-tw': entityText.slice(0, 50), en: 'Item' } : undefined;
  return { ...(entityWord ? { entity: entityWord } : {}), ...(entityLabel ? { entityLabel } : {}), fields, fieldLabels };
}

/**
 * A draft entity schema from a description. Names and field notation are checked as `createCode`
 * checks them (NameError / FieldSpecError); the caller validates the result against the project.
 */
export function draftLocally(req: DraftRequest): EntityDoc {
  const text = req.description;
  const parsed = fromNotation(text) ?? (/[\u4e00-\u9fff]/.test(text) ? fromChinese(text) : undefined) ?? fromEnglish(text);
  if (!parsed?.fields.length) throw new NoFieldsError(text.slice(0, 80));
  const fields = checkFieldSpecs(parsed.fields);
  const names = entityNames(req.module ?? DEFAULT_MODULE, req.entity ?? parsed.entity ?? 'item');
  return buildEntitySchema({
    names,
    fields,
    fieldLabels: parsed.fieldLabels,
    ...(parsed.entityLabel && !req.entity ? { label: parsed.entityLabel } : {}),
  });
}
