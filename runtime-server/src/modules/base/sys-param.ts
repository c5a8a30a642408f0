import type { Knex } from 'knex';
import type { Handler } from '../../core/handler.js';
import { paramPage } from './paramHtml.js';
import { TABLES } from '../../generated/tables.js';
import { table } from '../../db/table.js';

/**
 * `GET /admin/base/sys/param/html?key=` (permission-checked): the param as an HTML page, name and
 * data escaped, under a CSP that forbids scripts (docs/reference/api-contract.md §8 #19).
 */
export const html: Handler = ({ services, query, koa }) => paramPage(services, koa, String(query.key));

/**
 * A param's value decoded by its data type (docs/reference/api-contract.md §6.4 `dataByKey`): 0 → parsed JSON, or the
 * raw text when it is not JSON; 1 (rich text) → the raw text; 2 (files) → the comma-separated URLs as
 * an array. An unknown key → undefined. For other modules (e.g. `/app/base/comm/param`).
 */
export async function paramValue(knex: Knex | Knex.Transaction, key: string): Promise<unknown> {
  const row = await table(knex, TABLES.baseSysParam).where({ keyName: key }).first('data', 'dataType');
  if (!row) return undefined;
  const data = row.data;
  switch (row.dataType) {
    case 0:
      if (data === null) return null;
      try {
        return JSON.parse(data) as unknown;
      } catch {
        return data;
      }
    case 2:
      return data ? data.split(',').map((s) => s.trim()).filter(Boolean) : [];
    default:
      return data;
  }
}
