import type { Knex } from 'knex';
import { TABLES } from '../generated/tables.js';

/**
 * Earlier versions stored a plugin logo as a `data:` URL; the reference family's clients put their own
 * `data:image/jpg;base64,` before the value, so only the bare base64 shows. Idempotent (a bare value has
 * no `data:` prefix), one statement, the same SQL on SQLite and MariaDB.
 */
export async function bareLogos(knex: Knex): Promise<number> {
  return Number(
    await knex(TABLES.pluginInfo)
      .where('logo', 'like', 'data:%;base64,%')
      .update({ logo: knex.raw("SUBSTR(logo, INSTR(logo, ',') + 1)") }),
  );
}
