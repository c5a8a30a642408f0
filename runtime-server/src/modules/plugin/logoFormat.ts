import type { Knex } from 'knex';
import { dialectOfKnex } from '../../db/createDb.js';
import { TABLES } from '../../generated/tables.js';

/**
 * Earlier versions stored a plugin logo as a `data:` URL; the reference family's clients put their own
 * `data:image/jpg;base64,` before the value, so only the bare base64 shows. Idempotent (a bare value has
 * no `data:` prefix), one statement. PostgreSQL has no INSTR: it spells the same thing STRPOS.
 */
export async function bareLogos(knex: Knex): Promise<number> {
  return Number(
    await knex(TABLES.pluginInfo)
      .where('logo', 'like', 'data:%;base64,%')
      .update({ logo: knex.raw(`SUBSTR(logo, ${dialectOfKnex(knex) === 'postgres' ? 'STRPOS' : 'INSTR'}(logo, ',') + 1)`) }),
  );
}
