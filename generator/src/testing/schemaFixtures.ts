import assert from 'node:assert/strict';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { applyNamingRule } from '../load/naming.js';
import { sanitizeEntity } from '../load/sanitizeEntity.js';
import { expandProperty } from '../load/shorthand.js';
import type { EntityModel, Model } from '../model.js';

/** A schema document as written in schemas/ (loose on purpose: tests mutate it freely). */
export type Raw = Record<string, any>;

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const GOODS_FILE = fileURLToPath(new URL('../../../schemas/demo/goods.json', import.meta.url));
/**
 * The real demo/goods schema, the language's complete example, in its full form: with the names, labels,
 * nullable types and decimal step the file leaves implied filled in, as the generator reads it.
 */
export const GOODS: Raw = fullForm(JSON.parse(fs.readFileSync(GOODS_FILE, 'utf8')) as Raw, 'demo', 'goods');

/** A schema as written, with everything the language implies written out. */
export function fullForm(doc: Raw, module: string, baseName: string, groups: readonly string[] = []): Raw {
  const named = applyNamingRule({ file: `schemas/${module}/${baseName}.json`, module, baseName, doc }, groups).doc as Raw;
  const required: string[] = named.required ?? [];
  const properties = Object.fromEntries(
    Object.entries((named.properties ?? {}) as Record<string, Raw>).map(([name, prop]) => [name, expandProperty(name, prop, required.includes(name)).prop]),
  );
  return { ...named, properties };
}
export const LABEL = { 'zh-cn': '标签', 'zh-tw': '標籤', en: 'Label' };

/** A fresh copy of demo/goods without x-tenant, optionally without the blocks that name properties, then mutated. */
export function goodsDoc(mutate?: (d: Raw) => void, { keepBlocks = false } = {}): Raw {
  const d = structuredClone(GOODS);
  // Tenancy has its own tests; here goods stands for a plain entity.
  delete d['x-tenant'];
  if (!keepBlocks) {
    delete d['x-screen'];
    delete d['x-query'];
  }
  mutate?.(d);
  return d;
}

/** Sanitizes an in-memory schema as if it were `schemas/<module>/<rest>.json`; it must be valid. */
export function entityOf(doc: Raw): EntityModel {
  const [module, ...rest] = (doc.$id as string).split('/');
  const { entity, errors } = sanitizeEntity({
    file: `schemas/${module}/${rest.join('-')}.json`,
    module: module!,
    baseName: rest.join('-'),
    doc,
  });
  assert.deepEqual(errors.map((e) => e.message), [], 'fixture schema must be valid');
  return entity;
}

export const modelOf = (...docs: Raw[]): Model => ({ entities: docs.map(entityOf) });
