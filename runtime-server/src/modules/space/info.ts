import type { Knex } from 'knex';
import type { Handler } from '../../core/handler.js';
import { AppError } from '../../core/errors.js';
import { add as genericAdd } from '../../crud/operations/add.js';
import type { EntityHooks } from '../../crud/hooks.js';
import type { SpaceInfoRow } from '../../generated/rows.js';
import { fileGroup } from '../../upload/fileGroups.js';
import { publicPrefixOf } from '../../upload/localStorage.js';
import { describeStoredFile } from './storedFile.js';
import { TABLES } from '../../generated/tables.js';
import { table } from '../../db/table.js';

/** One element of the add body (validated by `$defs/addItem`). */
interface AddItem {
  classifyId?: number | null;
  url: string;
  fileId?: string | null;
  name: string;
}

/** The fields `update` may change, picked from one element (anything else is left to the generic validation). */
function pickEditable(r: unknown): unknown {
  if (!r || typeof r !== 'object' || Array.isArray(r)) return r;
  const input = r as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of ['id', 'classifyId', 'name'] as const) if (k in input) out[k] = input[k];
  return out;
}

/** Every category named in `ids` exists, else a 1001 naming the first missing one. */
export async function assertTypesExist(knex: Knex | Knex.Transaction, ids: Iterable<unknown>): Promise<void> {
  const wanted = [...new Set([...ids].filter((v): v is number => typeof v === 'number'))];
  if (!wanted.length) return;
  const found = new Set((await table(knex, TABLES.spaceType).whereIn('id', wanted).select('id')).map((r) => r.id));
  const missing = wanted.find((id) => !found.has(id));
  if (missing !== undefined) throw new AppError('space.typeNotFound', { id: missing });
}

/**
 * `POST add` (one file or up to 9), after the browser uploaded them: the URL must name an existing
 * file of OUR uploads folder (no foreign hosts, no traversal) or one the enabled upload plugin
 * confirms holding, and what describes that file — `key` (its canonical URL), `type` (docs/reference/product-spec.md §5 group
 * of the stored name's extension) and `size` — comes from the storage, never from the client. Checked in full before the
 * single insert transaction, so a refusal writes nothing.
 */
export const add: Handler = async (ctx) => {
  const { services } = ctx;
  const items = (Array.isArray(ctx.body) ? ctx.body : [ctx.body]) as AddItem[];
  await assertTypesExist(services.knex, items.map((i) => i.classifyId));
  const rows: Record<string, unknown>[] = [];
  for (const item of items) {
    const file = await describeStoredFile(services, item.url);
    rows.push({
      classifyId: item.classifyId ?? null,
      // Canonical form; the prefix the client used (UPLOAD_BASE_URL or /api) is kept: its deployment serves files there.
      url: file.key.startsWith('/') ? `${publicPrefixOf(services.config, item.url)}${file.key}` : file.key,
      key: file.key,
      fileId: item.fileId ?? null,
      name: item.name,
      size: file.size,
      type: fileGroup(file.name),
    });
  }
  return genericAdd(ctx.crud(), Array.isArray(ctx.body) ? rows : rows[0]);
};

/**
 * The file-space rules on every generic write (the add above, update, bulk edit, import — modules/space/module.ts):
 * categories must exist; update changes only the category and the display name (url, key, type and size describe
 * the stored file, and `key` decides which file a delete removes, so they are ignored); an added row must describe
 * a file the storage holds, exactly as the storage describes it — an import cannot name another file's key.
 */
export const spaceInfoHooks: EntityHooks<SpaceInfoRow> = {
  normalise: (row, action) => (action === 'update' ? (pickEditable(row) as Record<string, unknown>) : row),
  async beforeWrite(c, rows, action) {
    await assertTypesExist(c.knex, rows.map((r) => r.classifyId));
    if (action !== 'add') return;
    if (!c.app) throw new AppError('space.fileNotFound', { url: '' });
    for (const r of rows) {
      const file = await describeStoredFile(c.app, String(r.url ?? ''));
      if (r.key !== file.key || Number(r.size) !== file.size || r.type !== fileGroup(file.name)) {
        throw new AppError('space.fileNotFound', { url: String(r.url ?? '').slice(0, 200) });
      }
    }
  },
};
