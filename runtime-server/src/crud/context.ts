import type { Knex } from 'knex';
import type { Locale } from '@schema-admin/generator';
import type { EntityRuntime } from './entityRuntime.js';
import type { Limits } from './limits.js';

/** What a CRUD operation needs; built by the HTTP adapter, by seeds, or by handlers. */
export interface CrudContext {
  knex: Knex;
  rt: EntityRuntime;
  limits: Limits;
  locale: Locale;
  /** Data scope: rows are limited to those whose `column` is one of `ids` (absent = unrestricted). */
  scope?: DataScope;
}

export interface DataScope {
  /** The entity's x-data-scope column. */
  column: string;
  ids: number[];
}
