import type { Knex } from 'knex';
import type { Tables } from '../generated/rows.js';

/**
 * A query on one table, typed by its generated row (docs/kernel-and-modules.md, "Typed rows"): `where`,
 * `select` and `first` know the columns and what they hold. An explicit call rather than Knex's global
 * `knex/types/tables` augmentation, so untyped queries (the generic CRUD's, by a table name it reads at
 * run time) stay as they are and each file opts in.
 */
export function table<N extends keyof Tables>(db: Knex | Knex.Transaction, name: N) {
  return db<Tables[N]>(name);
}
