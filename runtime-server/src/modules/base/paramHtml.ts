import type { Context } from 'koa';
import type { AppServices } from '../../app/services.js';
import { TABLES } from '../../generated/tables.js';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]!);

/** dataType of a rich-text param: the only kind the public page shows. */
const RICH_TEXT = 1;

/**
 * Answers a param as `<html><title>name</title><body>data</body></html>` (docs/reference/api-contract.md §5), with the
 * name and data escaped and a CSP that forbids scripts: the page is public, so stored markup must not run.
 * `richTextOnly` (the open route): other params — strings and files that hold configuration — answer like a
 * missing key, so an outsider cannot read settings by guessing their names.
 */
export async function paramPage(services: AppServices, koa: Context, key: string, richTextOnly = false): Promise<void> {
  const q = services.knex(TABLES.baseSysParam).where({ keyName: key });
  if (richTextOnly) q.where('dataType', RICH_TEXT);
  const row = await q.first('name', 'data');
  koa.set('Content-Security-Policy', "default-src 'none'; img-src * data:; style-src 'unsafe-inline'");
  koa.set('X-Content-Type-Options', 'nosniff');
  koa.type = 'text/html; charset=utf-8';
  koa.status = row ? 200 : 404;
  koa.body = row
    ? `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(String(row.name ?? ''))}</title></head><body>${escapeHtml(String(row.data ?? ''))}</body></html>`
    : `<!doctype html><html><head><meta charset="utf-8"><title>404</title></head><body>${escapeHtml(key)} not found</body></html>`;
}
