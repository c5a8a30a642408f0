import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { assertValid } from '../core/validator.js';
import type { Registry } from '../crud/entityRuntime.js';
import { toInsertRow } from '../crud/operations/add.js';
import type { IdentityProvider, MenuFix, MenuNode } from '../auth/identity.js';
import { now } from './values.js';

/** The repository's schemas: each folder's `seed/*.json` are its seeds (docs/kernel-and-modules.md, "Seeds"). */
export const SCHEMAS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'schemas');

/** The kernel's own tables' seeds (schemas/kernel/seed/): run before every module's. */
const KERNEL_FOLDER = 'kernel';

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

/** One seed file and the schema folder (module, or `kernel`) that owns it. */
export interface SeedSource {
  folder: string;
  /** Path relative to the schemas folder's parent, with forward slashes (`schemas/task/seed/tasks.json`). */
  file: string;
  abs: string;
}

/**
 * The seed files in run order: the kernel's, then each module's in module order (`moduleOrder`, the manifests'
 * order in modules/index.ts), then those of folders with no manifest (demo, a test's inline module) by name; in a
 * folder by file name. A folder's seeds are `schemas/<folder>/seed/*.json`.
 */
export function seedSources(schemasDir: string, moduleOrder: readonly string[] = []): SeedSource[] {
  const folders = fs.existsSync(schemasDir)
    ? fs.readdirSync(schemasDir, { withFileTypes: true }).filter((d) => d.isDirectory() && fs.existsSync(path.join(schemasDir, d.name, 'seed'))).map((d) => d.name)
    : [];
  const rank = (f: string) => (f === KERNEL_FOLDER ? -1 : moduleOrder.includes(f) ? moduleOrder.indexOf(f) : moduleOrder.length);
  folders.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const root = path.basename(schemasDir);
  return folders.flatMap((folder) => {
    const dir = path.join(schemasDir, folder, 'seed');
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => ({ folder, file: `${root}/${folder}/seed/${f}`, abs: path.join(dir, f) }));
  });
}

const REF_RULE = 'a seed refers to rows of the kernel, an earlier module or an earlier file or row of its own module';

function isRef(v: unknown): v is SeedRef {
  return !!v && typeof v === 'object' && '$ref' in (v as object);
}

/**
 * Inserts the seed rows that are missing, idempotently and once across instances: the whole run
 * is one transaction that first takes a write lock on Knex's migration lock row. The files run in
 * `seedSources` order; a `$ref` finds rows of its own file's folder, the kernel or an earlier module
 * (docs/kernel-and-modules.md, "Seeds").
 */
export async function seed(knex: Knex, registry: Registry, identity: IdentityProvider, sources: readonly SeedSource[] = seedSources(SCHEMAS_DIR)): Promise<number> {
  const docs = sources.map(({ file, abs }) => ({ file, doc: JSON.parse(fs.readFileSync(abs, 'utf8')) as SeedFile }));
  // The first file that seeds each entity: a `$ref` to rows only a later file writes would resolve on a restart
  // but not on a new database, so it is refused on both.
  const firstSeeded = new Map<string, number>();
  for (const [n, { doc }] of docs.entries()) for (const row of doc.rows ?? []) if (!firstSeeded.has(row.entity)) firstSeeded.set(row.entity, n);
  return knex.transaction(async (trx) => {
    await trx('knex_migrations_lock').update({ is_locked: trx.raw('is_locked') });
    let inserted = 0;
    for (const [n, { file, doc }] of docs.entries()) {
      // Menus are the identity provider's (auth/identity.ts): the seed hands them over.
      if (doc.menuFixes) await identity.fixMenus(trx, doc.menuFixes, now());
      if (doc.menus) inserted += (await identity.importMenus(trx, doc.menus, now())).inserted;
      for (const [i, row] of (doc.rows ?? []).entries()) {
        const rt = registry.get(row.entity);
        if (!rt) throw new Error(`${file} row ${i}: unknown entity ${row.entity}`);
        const values: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(row.values)) values[k] = isRef(v) ? await resolveRef(trx, registry, v, file, i, (firstSeeded.get(v.$ref) ?? -1) > n) : v;
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

async function resolveRef(trx: Knex.Transaction, registry: Registry, ref: SeedRef, file: string, i: number, seededLater: boolean): Promise<number> {
  if (seededLater) throw new Error(`${file} row ${i}: ${ref.$ref} rows are first seeded by a later file; ${REF_RULE}`);
  const rt = registry.get(ref.$ref);
  const row = rt ? await trx(rt.table).where(ref.where).first('id') : undefined;
  if (!row) throw new Error(`${file} row ${i}: no ${ref.$ref} row matches ${JSON.stringify(ref.where)}; ${REF_RULE}`);
  return Number(row.id);
}
