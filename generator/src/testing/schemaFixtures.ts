import assert from 'node:assert/strict';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sanitizeEntity } from '../load/sanitizeEntity.js';
import type { EntityModel, Model } from '../model.js';

/** A schema document as written in schemas/ (loose on purpose: tests mutate it freely). */
export type Raw = Record<string, any>;

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const GOODS_FILE = fileURLToPath(new URL('../../../schemas/demo/goods.json', import.meta.url));
/** The real demo/goods schema, the language's complete example. */
export const GOODS: Raw = JSON.parse(fs.readFileSync(GOODS_FILE, 'utf8')) as Raw;
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
