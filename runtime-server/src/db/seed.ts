import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { assertValid } from '../core/validator.js';
import type { Registry } from '../crud/entityRuntime.js';
import { toInsertRow } from '../crud/operations/add.js';
import { bumpAuthEpoch } from '../auth/authz.js';
import { importMenuTree } from '../auth/menuTree.js';
import type { MenuNode } from '../auth/menuTree.js';
import { now } from './values.js';
import { TABLES } from '../generated/tables.js';

export const SEED_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'schemas', 'seed');

/** `{ "$ref": "dict/type", "where": { "key": "brand" } }` → the id of that row. */
interface SeedRef {
  $ref: string;
  where: Record<string, unknown>;
}

interface SeedRow {
  entity: string;
  /** Natural key: a row with these values already present is left alone (admins may have edited it). */
  match: string[];
  values: Record<string, unknown>;
}

export interface SeedFile {
  rows?: SeedRow[];
  /** A menu tree (export format), imported idempotently. */
  menus?: MenuNode[];
  /** Corrections of rows seeded by earlier versions (see applyMenuFixes). */
  menuFixes?: MenuFix[];
}

/**
 * A seeded menu row an earlier version wrote differently: the row with this `name` and `type` gets each
 * field of `set` changed from its old value `[from, to]` — only while it still holds `from`, so a value
 * an admin changed stays as edited, and a second run changes nothing.
 */
interface MenuFix {
  name: string;
  type: 0 | 1 | 2;
  set: Record<'router' | 'viewPath' | 'icon', [string | null, string | null]>;
}

const FIXABLE = new Set(['router', 'viewPath', 'icon']);

async function applyMenuFixes(trx: Knex.Transaction, fixes: MenuFix[], ts: string): Promise<number> {
  let changed = 0;
  for (const fix of fixes) {
    for (const [field, [from, to]] of Object.entries(fix.set)) {
      if (!FIXABLE.has(field)) throw new Error(`menu fix ${fix.name}: ${field} is not a fixable menu field`);
      changed += Number(
        await trx(TABLES.baseSysMenu)
          .where({ name: fix.name, type: fix.type })
          .andWhere(field, from)
          .update({ [field]: to, updateTime: ts }),
      );
    }
  }
  if (changed) await bumpAuthEpoch(trx);
  return changed;
}

function isRef(v: unknown): v is SeedRef {
  return !!v && typeof v === 'object' && '$ref' in (v as object);
}

/**
 * Inserts the seed rows that are missing, idempotently and once across instances: the whole run
 * is one transaction that first takes a write lock on Knex's migration lock row.
 */
export async function seed(knex: Knex, registry: Registry, dir: string = SEED_DIR): Promise<number> {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  const docs = files.map((f) => ({ file: f, doc: JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as SeedFile }));
  return knex.transaction(async (trx) => {
    await trx('knex_migrations_lock').update({ is_locked: trx.raw('is_locked') });
    let inserted = 0;
    for (const { file, doc } of docs) {
      if (doc.menuFixes) await applyMenuFixes(trx, doc.menuFixes, now());
      if (doc.menus) inserted += (await importMenuTree(trx, doc.menus, now())).inserted;
      for (const [i, row] of (doc.rows ?? []).entries()) {
        const rt = registry.get(row.entity);
        if (!rt) throw new Error(`schemas/seed/${file} row ${i}: unknown entity ${row.entity}`);
        const values: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(row.values)) values[k] = isRef(v) ? await resolveRef(trx, registry, v, file, i) : v;
        const where = Object.fromEntries(row.match.map((k) => [k, values[k] ?? null]));
        const existing = await trx(rt.table).where(where).first('id');
        if (existing) continue;
        assertValid(rt.validators.add, values, rt.labels);
        await trx(rt.table).insert(await toInsertRow(rt, values));
        inserted++;
      }
    }
    return inserted;
  });
}

async function resolveRef(trx: Knex.Transaction, registry: Registry, ref: SeedRef, file: string, i: number): Promise<number> {
  const rt = registry.get(ref.$ref);
  const row = rt ? await trx(rt.table).where(ref.where).first('id') : undefined;
  if (!row) throw new Error(`schemas/seed/${file} row ${i}: no ${ref.$ref} row matches ${JSON.stringify(ref.where)}`);
  return Number(row.id);
}
