import type { Knex } from 'knex';
import type { Config } from '../../config.js';
import type { PluginManager } from '../plugin/manager.js';
import type { Registry } from '../../crud/entityRuntime.js';
import { removeStoredFile } from '../../upload/localStorage.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';
import { table } from '../../db/table.js';
import { escapeLike, whereLike } from '../../db/like.js';

const CHUNK = 500;

/** A recycle_data row as read for a purge. */
export interface PurgedRecord {
  entityInfo: unknown;
  data: unknown;
}

const parse = (v: unknown): any => (typeof v === 'string' ? JSON.parse(v) : v);

/** Keys of space files held by recycle snapshots: space/info main rows and space/info cascades. */
export function spaceKeysOf(records: PurgedRecord[]): string[] {
  const keys: string[] = [];
  for (const r of records) {
    const info = parse(r.entityInfo) as { entity?: string; cascades?: { entity: string; rows: { key?: unknown }[] }[] } | null;
    const groups = [...(info?.entity === ENTITIES.spaceInfo ? [{ rows: parse(r.data) ?? [] }] : []), ...(info?.cascades ?? []).filter((c) => c.entity === ENTITIES.spaceInfo)];
    for (const g of groups) for (const row of g.rows as { key?: unknown }[]) if (typeof row.key === 'string' && row.key) keys.push(row.key);
  }
  return [...new Set(keys)];
}

/** Tables whose text is history, not a use of a file: the request log and the change audit. */
const NOT_A_USE = new Set<string>([TABLES.baseSysLog, TABLES.baseSysAudit, TABLES.spaceInfo, TABLES.recycleData]);
const TEXT_TYPES = new Set(['string', 'text', 'longtext', 'json']);

/**
 * Does any other table still name `key` (an admin's avatar, goods images, a file param, rich text)? Every text
 * column of every entity is searched, so a file in use outside the file space is never removed with it.
 */
async function heldElsewhere(knex: Knex, registry: Registry, needle: string): Promise<boolean> {
  for (const rt of registry.values()) {
    if (NOT_A_USE.has(rt.table)) continue;
    const columns = rt.model.fields.filter((f) => TEXT_TYPES.has(f.type) && !f.secret).map((f) => f.name);
    if (!columns.length) continue;
    const hit = await knex(rt.table)
      .where((q) => {
        for (const c of columns) whereLike(q, c, needle, true);
      })
      .first('id');
    if (hit) return true;
  }
  return false;
}

/**
 * Removes the files of `keys` that nothing references any more: no space_info row, no remaining
 * recycle-bin snapshot (a deleted entry must stay restorable with its file) and, given the registry, no
 * text column of any other entity. Called once a snapshot
 * is purged. Local uploads are removed from disk; any other key is handed to the enabled upload
 * plugin's `remove` (its `stat` produced it). A missing file is fine and a failing removal is
 * logged, never raised. Answers how many keys were handed to a removal.
 */
export async function reclaimFiles(
  knex: Knex,
  config: Pick<Config, 'dataDir' | 'uploadBaseUrl' | 'storage'>,
  logger: Pick<Console, 'warn'>,
  keys: string[],
  plugins?: Pick<PluginManager, 'fresh' | 'upload'>,
  registry?: Registry,
): Promise<number> {
  let removed = 0;
  for (let i = 0; i < keys.length; i += CHUNK) {
    const part = keys.slice(i, i + CHUNK);
    // Compared case-blind: MariaDB's collation matches keys that way, so never remove what it would match.
    const used = new Set((await table(knex, TABLES.spaceInfo).whereIn('key', part).distinct('key')).map((r) => r.key?.toLowerCase()));
    for (const key of part) {
      if (used.has(key.toLowerCase())) continue;
      const needle = `%${escapeLike(JSON.stringify(key).slice(1, -1))}%`;
      const held = await knex(TABLES.recycleData)
        .where((q) => {
          whereLike(q, 'data', needle);
          whereLike(q, 'entityInfo', needle, true);
        })
        .first('id');
      if (held) continue;
      if (registry && (await heldElsewhere(knex, registry, needle))) continue;
      try {
        if (await removeStoredFile(config, key)) removed++;
        else if (await removedByPlugin(plugins, key)) removed++;
      } catch (err) {
        logger.warn(`space: could not remove ${key}`, err);
      }
    }
  }
  return removed;
}

/** Hands a non-local key to the enabled upload plugin; false when none is enabled or it cannot remove. */
async function removedByPlugin(plugins: Pick<PluginManager, 'fresh' | 'upload'> | undefined, key: string): Promise<boolean> {
  if (!plugins) return false;
  await plugins.fresh();
  const plugin = plugins.upload();
  if (typeof plugin?.hook.remove !== 'function') return false;
  await plugin.hook.remove(key);
  return true;
}
