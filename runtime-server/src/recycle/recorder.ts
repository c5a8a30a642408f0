import type { Knex } from 'knex';
import type { EntityRuntime, Registry } from '../crud/entityRuntime.js';
import { fromDb, now } from '../db/values.js';
import { recordAudit } from '../audit/audit.js';
import { TABLES } from '../generated/tables.js';

/** Who deleted, through which request: stored with the snapshot. */
export interface DeleteOrigin {
  userId: number | null;
  url: string;
  /** Request parameters, secrets already masked. */
  params: unknown;
}

/** The rows of one entity in a snapshot, in wire format, secret fields left out. */
export interface CapturedRows {
  entity: string;
  table: string;
  rows: Record<string, unknown>[];
}

/** What `entityInfo` holds in a recycle_data row. */
export interface RecycleEntityInfo {
  entity: string;
  table: string;
  /** Entity class name, as the reference stored it. */
  name?: string;
  /** Rows deleted along with the main ones (relations, subtrees), restored after them. */
  cascades: CapturedRows[];
}

const CHUNK = 500;

/**
 * Collects the rows a delete is about to remove — the main entity's and every cascade's — and
 * deletes them; `save` writes one recycle_data row. All inside the caller's transaction, so a
 * delete and its snapshot commit or roll back together (never the reference's racing read).
 */
export class RecycleRecorder {
  private main: CapturedRows | undefined;
  private readonly cascades: CapturedRows[] = [];

  constructor(
    private readonly registry: Registry,
    private readonly origin: DeleteOrigin,
    /** The entity the request deletes; rows of any other entity are its cascades. */
    private readonly mainEntity: string,
  ) {}

  /** Captures then deletes the rows of `entityId` matching `where`. */
  async take(trx: Knex.Transaction, entityId: string, where: (q: Knex.QueryBuilder) => void): Promise<number> {
    const rt = this.runtime(entityId);
    const rows = (await trx(rt.table).where(where).select(readable(rt))) as Record<string, unknown>[];
    if (!rows.length) return 0;
    const captured = rows.map((r) => toWire(rt, r));
    if (rt.model.recycle) {
      const target = entityId === this.mainEntity ? (this.main ??= { entity: entityId, table: rt.table, rows: [] }) : this.cascadeFor(rt);
      target.rows.push(...captured);
    }
    // Every delete goes through here (generic, custom, cascades): its audit rows share the transaction.
    await recordAudit(trx, rt, 'delete', rows.map((r) => ({ id: Number(r.id), before: r })), this.origin);
    let deleted = 0;
    const ids = rows.map((r) => Number(r.id));
    for (let i = 0; i < ids.length; i += CHUNK) deleted += Number(await trx(rt.table).whereIn('id', ids.slice(i, i + CHUNK)).delete());
    return deleted;
  }

  /** Writes the snapshot (if anything recyclable was taken). */
  async save(trx: Knex.Transaction): Promise<void> {
    if (!this.main?.rows.length) return;
    const rt = this.runtime(this.main.entity);
    const ts = now();
    const entityInfo: RecycleEntityInfo = {
      entity: this.main.entity,
      table: this.main.table,
      ...(rt.model.name ? { name: rt.model.name } : {}),
      cascades: this.cascades.filter((c) => c.rows.length),
    };
    await trx(TABLES.recycleData).insert({
      entityInfo: JSON.stringify(entityInfo),
      userId: this.origin.userId,
      data: JSON.stringify(this.main.rows),
      url: this.origin.url.slice(0, 1000),
      params: this.origin.params === undefined ? null : JSON.stringify(this.origin.params),
      count: this.main.rows.length,
      createTime: ts,
      updateTime: ts,
    });
  }

  private cascadeFor(rt: EntityRuntime): CapturedRows {
    let c = this.cascades.find((x) => x.entity === rt.model.id);
    if (!c) {
      c = { entity: rt.model.id, table: rt.table, rows: [] };
      this.cascades.push(c);
    }
    return c;
  }

  private runtime(entityId: string): EntityRuntime {
    const rt = this.registry.get(entityId);
    if (!rt) throw new Error(`recycle: no table-backed entity ${entityId}`);
    return rt;
  }
}

/** Every stored, non-secret column (the snapshot must never hold password hashes). */
function readable(rt: EntityRuntime): string[] {
  return rt.model.fields.filter((f) => !f.secret).map((f) => f.name);
}

function toWire(rt: EntityRuntime, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of rt.model.fields) if (!f.secret) out[f.name] = fromDb(f, row[f.name]);
  return out;
}
