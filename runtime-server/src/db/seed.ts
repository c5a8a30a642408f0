import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { assertValid } from '../core/validator.js';
import type { Registry } from '../crud/entityRuntime.js';
import { toInsertRow } from '../crud/operations/add.js';
import type { IdentityProvider, MenuFix, MenuNode } from '../auth/identity.js';
import { now } from './values.js';

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
  /** Corrections of menus seeded by earlier versions (the identity provider's `fixMenus`). */
  menuFixes?: MenuFix[];
}

function isRef(v: unknown): v is SeedRef {
  return !!v && typeof v === 'object' && '$ref' in (v as object);
}

/**
 * Inserts the seed rows that are missing, idempotently and once across instances: the whole run
 * is one transaction that first takes a write lock on Knex's migration lock row.
 */
export async function seed(knex: Knex, registry: Registry, identity: IdentityProvider, dir: string = SEED_DIR): Promise<number> {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  const docs = files.map((f) => ({ file: f, doc: JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as SeedFile }));
  return knex.transaction(async (trx) => {
    await trx('knex_migrations_lock').update({ is_locked: trx.raw('is_locked') });
    let inserted = 0;
    for (const { file, doc } of docs) {
      // Menus are the identity provider's (auth/identity.ts): the seed hands them over.
      if (doc.menuFixes) await identity.fixMenus(trx, doc.menuFixes, now());
      if (doc.menus) inserted += (await identity.importMenus(trx, doc.menus, now())).inserted;
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
