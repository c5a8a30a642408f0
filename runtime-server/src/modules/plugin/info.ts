import fs from 'node:fs/promises';
import { assertValid } from '../../core/validator.js';
import type { Knex } from 'knex';
import { auditedUpdate, originOf, recordAudit } from '../../audit/audit.js';
import { AppError } from '../../core/errors.js';
import type { EntityHooks } from '../../crud/hooks.js';
import type { PluginInfoRow } from '../../generated/rows.js';
import type { ActionContext, Handler } from '../../core/handler.js';
import { t } from '../../core/i18n.js';
import { parseIds } from '../../crud/operations/delete.js';
import { info as genericInfo } from '../../crud/operations/info.js';
import { page as genericPage } from '../../crud/operations/page.js';
import type { EntityRuntime } from '../../crud/entityRuntime.js';
import { now, toDb } from '../../db/values.js';
import { bumpPluginEpoch, jsonColumn, PLUGIN_TABLE } from './manager.js';
import type { LoadablePlugin } from './manager.js';
import { messageOf } from './manifest.js';
import type { Manifest } from './manifest.js';
import { readPackage } from './packageReader.js';
import type { PluginPackage } from './packageReader.js';
import { receiveMultipart } from '../../upload/multipart.js';
import { table } from '../../db/table.js';
import { ENTITIES } from '../../generated/tables.js';
import { insertId } from '../../db/insertId.js';

/**
 * `/admin/plugin/info`: install (super-admin, a validated `.cool` package), enable/disable/configure
 * (update), uninstall (delete), and the list views. Every write bumps the plugin epoch, so every
 * instance loads or unloads the plugin within about a second; this instance does it at once.
 */

const ENTITY = ENTITIES.pluginInfo;
/** Columns too large (or too code-like) for the audit trail and the page view. */
const BULKY = ['content', 'tsContent', 'logo', 'readme'];

/** The install answers of docs/reference/product-spec.md §4 (sent as success `data`; the console force-retries on confirm). */
export interface InstallAnswer {
  type: 0 | 1 | 2 | 3;
  message: string;
}

const rtOf = (ctx: ActionContext): EntityRuntime => ctx.services.schema.registry.get(ENTITY)!;

/** Wire values → database values of the plugin table's columns. */
function dbValues(rt: EntityRuntime, wire: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(wire)) {
    const f = rt.model.fields.find((x) => x.name === name);
    out[name] = f ? toDb(f, v) : v;
  }
  return out;
}

/** Shown instead of a secret config value (and sent back by the console to mean "unchanged"). */
export const SECRET_MASK = '******';

/** Config fields the plugin's schema marks secret (`writeOnly: true` or `x-secret: true`). */
function secretKeys(pluginJson: unknown): string[] {
  const schema = jsonColumn<Manifest>(pluginJson)?.configSchema;
  const props = (schema?.properties ?? {}) as Record<string, { writeOnly?: unknown; 'x-secret'?: unknown } | undefined>;
  return Object.entries(props)
    .filter(([, p]) => p?.writeOnly === true || p?.['x-secret'] === true)
    .map(([k]) => k);
}

/** The row with its secret config values masked (config column as stored or parsed). */
function masked(row: Record<string, unknown>): Record<string, unknown> {
  const secrets = secretKeys(row.pluginJson);
  const config = jsonColumn<Record<string, unknown>>(row.config);
  if (!secrets.length || !config) return row;
  const out = { ...config };
  for (const k of secrets) if (out[k] !== undefined && out[k] !== null && out[k] !== '') out[k] = SECRET_MASK;
  return { ...row, config: typeof row.config === 'string' ? JSON.stringify(out) : out };
}

/** What the audit keeps of a row: no code, no readme or logo, secrets masked. */
const trimmed = (row: Record<string, unknown> | undefined): Record<string, unknown> =>
  masked(Object.fromEntries(Object.entries(row ?? {}).filter(([k]) => !BULKY.includes(k))));

const truthy = (v: string | undefined) => ['true', '1', 'yes'].includes(String(v ?? '').trim().toLowerCase());

/**
 * `POST install` (multipart `files`, `force`). Validation always runs first and nothing is written
 * before it passes. Without force: type 0 for an invalid package, 1 when the keyName is installed,
 * 2 when another enabled plugin holds the hook. With force an invalid package is an error; an
 * installed keyName is overwritten keeping its config values and status; a hook conflict installs
 * the plugin disabled. A fresh install starts disabled.
 */
export const install: Handler = async (ctx) => {
  const { services, koa, locale } = ctx;
  const { plugins } = services.modules;
  const mb = +(plugins.limits.maxPackageBytes / 1048576).toFixed(2);
  const form = await receiveMultipart(koa.req, { maxFileMb: mb, maxFiles: 1 }).catch((err: unknown) => {
    if (err instanceof AppError && (err.key === 'upload.tooLarge' || err.key === 'upload.bodyTooLarge')) throw new AppError('plugin.tooLarge', { mb });
    if (err instanceof AppError && err.key === 'upload.empty') throw new AppError('plugin.noFile');
    throw err;
  });
  try {
    const force = truthy(form.fields.force);
    const file = form.files[0];
    if (!file) throw new AppError('plugin.noFile');
    let pkg: PluginPackage;
    try {
      pkg = await readPackage(await fs.readFile(file.path), plugins.limits, plugins.validators);
    } catch (err) {
      // Force never skips validation: the forced retry fails with the same message as an error.
      if (!force && err instanceof AppError) return { type: 0, message: messageOf(err, locale) } satisfies InstallAnswer;
      throw err;
    }
    return await store(ctx, pkg, force);
  } finally {
    await form.cleanup();
  }
};

async function store(ctx: ActionContext, pkg: PluginPackage, force: boolean): Promise<InstallAnswer | undefined> {
  const { services, locale } = ctx;
  const { knex } = services;
  const { plugins } = services.modules;
  const { manifest } = pkg;
  const rt = rtOf(ctx);
  const sameKey = () => table(knex, PLUGIN_TABLE).where({ keyName: manifest.keyName }).orderBy('id').first('id', 'name', 'version', 'status', 'config');
  const hookHolder = (q: Knex | Knex.Transaction) =>
    manifest.hook ? table(q, PLUGIN_TABLE).where({ hook: manifest.hook, status: 1 }).whereNot({ keyName: manifest.keyName }).first('name', 'keyName') : undefined;
  if (!force) {
    const existing = await sameKey();
    if (existing) {
      return { type: 1, message: t(locale, 'plugin.exists', { name: existing.name, installed: existing.version ?? '-', version: manifest.version }) };
    }
    const holder = await hookHolder(knex);
    if (holder) return { type: 2, message: t(locale, 'plugin.hookConflict', { other: holder.name, hook: manifest.hook ?? '' }) };
  }
  const content = { type: 'esm', data: pkg.entrySource };
  const existing = await sameKey();
  let status = existing ? existing.status : 0;
  if (status === 1 && (await hookHolder(knex))) status = 0;
  const config = keptConfig(plugins.validators, manifest, jsonColumn<Record<string, unknown>>(existing?.config));
  const ts = now();
  const wire = {
    name: manifest.name,
    description: manifest.description,
    keyName: manifest.keyName,
    hook: manifest.hook,
    readme: pkg.readme,
    version: manifest.version,
    logo: pkg.logo,
    author: manifest.author,
    status,
    content,
    tsContent: pkg.tsSource,
    pluginJson: manifest,
    config,
  };
  try {
    // An enabled plugin gets its new code at once: code that fails to start changes nothing.
    // (Outside the transaction: loading may read the database, and SQLite has one connection.)
    if (status === 1) {
      await preflight(ctx, { id: existing?.id ?? 0, keyName: manifest.keyName, version: manifest.version, hook: manifest.hook, content, config, updateTime: ts });
    }
    await knex.transaction(async (trx) => {
      const before = await table(trx, PLUGIN_TABLE).where({ keyName: manifest.keyName }).orderBy('id').forUpdate().first();
      let id: number;
      if (before) {
        id = before.id;
        await trx(PLUGIN_TABLE).where({ id }).update({ ...dbValues(rt, wire), updateTime: ts });
      } else {
        id = await insertId(trx, PLUGIN_TABLE, { ...dbValues(rt, wire), createTime: ts, updateTime: ts });
      }
      const after = await table(trx, PLUGIN_TABLE).where({ id }).first();
      await recordAudit(trx, rt, before ? 'update' : 'add', [{ id, before: trimmed(before), after: trimmed(after) }], originOf(ctx));
      await bumpPluginEpoch(trx);
    });
  } finally {
    await plugins.refresh();
  }
  return undefined;
}

/**
 * The config an overwrite keeps: the new defaults, with every stored value the new schema still
 * knows laid over them; if the result no longer satisfies the new schema, the new defaults alone.
 */
function keptConfig(validators: ActionContext['services']['modules']['plugins']['validators'], manifest: Manifest, stored: Record<string, unknown> | null): Record<string, unknown> {
  if (!stored) return { ...manifest.config };
  const known = (manifest.configSchema.properties ?? null) as Record<string, unknown> | null;
  const merged: Record<string, unknown> = { ...manifest.config };
  for (const [k, v] of Object.entries(stored)) if (!known || k in known) merged[k] = v;
  try {
    validators.assertConfig(manifest.configSchema, merged);
    return merged;
  } catch {
    return { ...manifest.config };
  }
}

/** Starts the plugin on this instance before its enabling change commits. */
async function preflight(ctx: ActionContext, row: LoadablePlugin): Promise<void> {
  try {
    await ctx.services.modules.plugins.activateNow(row);
  } catch (err) {
    const detail = err instanceof AppError ? messageOf(err, ctx.locale) : String((err as Error)?.message ?? err);
    throw new AppError('plugin.loadFailed', { keyName: row.keyName, detail: detail.slice(0, 500) });
  }
}

interface UpdateBody {
  id: number;
  status?: 0 | 1;
  config?: Record<string, unknown>;
}

/**
 * `POST update {id, status?, config?}`: only status and config change (everything else comes from the
 * package). Config is validated against the plugin's own schema (1002 naming the field). Enabling a
 * hook plugin disables every other enabled plugin of that hook. Enabling (or reconfiguring an enabled
 * plugin) starts it here first: a plugin that fails to start is refused and nothing changes.
 */
export const update: Handler = async (ctx) => {
  const { services } = ctx;
  const { knex } = services;
  const { plugins } = services.modules;
  const body = ctx.body as UpdateBody;
  const rt = rtOf(ctx);
  const row = await table(knex, PLUGIN_TABLE).where({ id: body.id }).first();
  if (!row) throw new AppError('plugin.notFound', { id: body.id });
  const manifest = jsonColumn<Manifest>(row.pluginJson);
  // The request log masks these keys of the body (http/requestLog.ts; the whole config until they are known).
  ctx.koa.state.logSecrets = secretKeys(row.pluginJson);
  const stored = jsonColumn<Record<string, unknown>>(row.config) ?? {};
  let config = stored;
  if (body.config !== undefined) {
    // A masked secret sent back unchanged keeps its stored value.
    config = { ...body.config };
    for (const k of secretKeys(row.pluginJson)) if (config[k] === SECRET_MASK && k in stored) config[k] = stored[k];
    plugins.validators.assertConfig(manifest?.configSchema ?? { type: 'object' }, config);
  }
  const status = body.status ?? row.status;
  const hook = row.hook || null;
  try {
    if (status === 1) {
      await preflight(ctx, { id: body.id, keyName: row.keyName, version: row.version, hook, content: row.content, config, updateTime: row.updateTime });
    }
    await knex.transaction(async (trx) => {
      const origin = originOf(ctx);
      if (status === 1 && hook) {
        const others = (await table(trx, PLUGIN_TABLE).where({ hook, status: 1 }).whereNot({ id: body.id }).select('id')).map((r) => r.id);
        if (others.length) await auditedUpdate(trx, rt, others, { status: 0, updateTime: now() }, origin);
      }
      // Audited by hand: the generic audit would copy secret config values into the trail.
      const before = await table(trx, PLUGIN_TABLE).where({ id: body.id }).forUpdate().first();
      if (!before) throw new AppError('plugin.notFound', { id: body.id });
      await trx(PLUGIN_TABLE).where({ id: body.id }).update(dbValues(rt, { status, config, updateTime: now() }));
      const after = await table(trx, PLUGIN_TABLE).where({ id: body.id }).first();
      await recordAudit(trx, rt, 'update', [{ id: body.id, before: trimmed(before), after: trimmed(after) }], origin);
      await bumpPluginEpoch(trx);
    });
  } finally {
    await plugins.refresh();
  }
  return undefined;
};

/** `POST delete {ids}`: uninstalls (hard delete, no recycle bin); the plugins unload everywhere. */
export const remove: Handler = async (ctx) => {
  const { services } = ctx;
  const ids = parseIds(ctx.body, services.schema.limits.batchRows);
  const rt = rtOf(ctx);
  await services.knex.transaction(async (trx) => {
    const rows = await table(trx, PLUGIN_TABLE).whereIn('id', ids).forUpdate().select('*');
    const missing = ids.find((id) => !rows.some((r) => r.id === id));
    if (missing !== undefined) throw new AppError('plugin.notFound', { id: missing });
    await trx(PLUGIN_TABLE).whereIn('id', ids).delete();
    await recordAudit(trx, rt, 'delete', rows.map((r) => ({ id: r.id, before: trimmed(r) })), originOf(ctx));
    await bumpPluginEpoch(trx);
  });
  await services.modules.plugins.refresh();
  return undefined;
};

/** The flags the plugin list shows beside the row. */
function withFlags(ctx: ActionContext, row: Record<string, unknown>): Record<string, unknown> {
  return {
    ...masked(row),
    installed: true,
    enabled: Number(row.status) === 1,
    // Whether this instance runs it now (a plugin whose code failed to start shows enabled but not loaded).
    loaded: ctx.services.modules.plugins.loadedKeys().includes(String(row.keyName)),
  };
}

/** `POST page`: every column but the code (content, tsContent), newest first, with the flags. */
export const page: Handler = async (ctx) => {
  const c = ctx.crud();
  // Checked as sent, before the default order fills in (a body the document refuses is refused).
  assertValid(c.rt.validators.filters, ctx.body ?? {}, c.rt.labels);
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  await ctx.services.modules.plugins.fresh();
  const result = await genericPage(c, body.order ? body : { ...body, order: 'id', sort: 'desc' });
  return {
    ...result,
    list: result.list.map((r) => {
      const { content: _c, tsContent: _t, ...rest } = r;
      return withFlags(ctx, rest);
    }),
  };
};

/**
 * Secret config values masked on every generic read of a plugin row (page, list, info, export), whoever asks
 * (modules/plugin/module.ts): the console sends the mask back to mean "unchanged".
 */
export const pluginHooks: EntityHooks<PluginInfoRow> = {
  onRead: async (_c, rows) => rows.map(masked),
};

/** `GET info?id=`: the row (code included, as the reference) with the flags. */
export const info: Handler = async (ctx) => {
  await ctx.services.modules.plugins.fresh();
  return withFlags(ctx, await genericInfo(ctx.crud(), ctx.query));
};
