import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { limit } from '../../http/rateLimit.js';
import { auditedUpdate, originOf } from '../../audit/audit.js';
import { AppError } from '../../core/errors.js';
import type { ActionContext, Handler } from '../../core/handler.js';
import { mapRow } from '../../crud/query.js';
import type { EntityRuntime } from '../../crud/entityRuntime.js';
import { now, toDb } from '../../db/values.js';
import { driverFor } from './driver.js';
import type { LockDevice, LockDriver, LockResult } from './driver.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';
import { table } from '../../db/table.js';

/**
 * `/admin/lock/deviceLockController` commands. Each one runs through the driver chosen by the
 * device's lockFactory; on success the device's state and a command-log row are written in one
 * transaction (the state change is audited); a failure is logged in its own transaction and then
 * answered as an error, so the log shows every attempt.
 */

const DEVICE = ENTITIES.deviceLock;
const COMMAND_TABLE = TABLES.lockCommand;
/**
 * Callback secrets are 192 random bits: a keyed MAC stores them safely (no memory-hard hash needed, which made
 * the open callback a CPU denial of service). The secret names its device (`<id>.<random>`), so a callback
 * checks exactly one MAC, whatever the number of devices sharing a serial number.
 */
const MAC_PREFIX = 'hmac$';
function macOf(services: ActionContext['services'], secret: string): string {
  return MAC_PREFIX + createHmac('sha256', services.auth.secret).update(`lock-callback:${secret}`).digest('base64url');
}

type Command = 'clearPassword' | 'getWallpaper' | 'wallpaper' | 'limitApp' | 'loss';
type Body = Record<string, unknown>;

interface CommandSpec {
  command: Command;
  /** What the log stores as the command's parameters (never the device id: it has its own column). */
  params: Record<string, unknown> | null;
  call(driver: LockDriver, device: LockDevice): Promise<LockResult>;
  /** The device fields (wire format) a successful result sets. */
  state(result: LockResult): Record<string, unknown>;
}

function rtOf(ctx: ActionContext): EntityRuntime {
  return ctx.services.schema.registry.get(DEVICE)!;
}

/** Wire values → database values of the device's columns. */
function dbChanges(rt: EntityRuntime, wire: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(wire)) {
    const f = rt.model.fields.find((x) => x.name === name);
    if (f) out[name] = toDb(f, v);
  }
  return out;
}

function logRow(deviceId: number, spec: CommandSpec, driver: string, success: boolean, result: Record<string, unknown>): Record<string, unknown> {
  const ts = now();
  return {
    deviceId,
    command: spec.command,
    params: spec.params === null ? null : JSON.stringify(spec.params),
    success,
    result: JSON.stringify(result),
    driver: driver.slice(0, 50),
    createTime: ts,
    updateTime: ts,
  };
}

async function run(ctx: ActionContext, id: number, spec: CommandSpec): Promise<Record<string, unknown> | undefined> {
  const rt = rtOf(ctx);
  const knex = ctx.services.knex;
  const outcome = await knex.transaction(async (trx) => {
    // Locked: two commands to one device apply (and log) one after the other.
    const row = await table(trx, TABLES.deviceLock).where({ id }).forUpdate().first();
    if (!row) throw new AppError('error.recordNotFound', { id });
    const device = mapRow(rt, row) as LockDevice;
    const driver = driverFor(device.lockFactory);
    if (!driver) {
      const factory = String(device.lockFactory);
      return { failed: { driver: factory, error: `unknown lockFactory "${factory}"`, key: 'lock.unknownDriver' as const, factory } };
    }
    let result: LockResult;
    try {
      result = await spec.call(driver, device);
    } catch (err) {
      result = { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    if (!result.ok) {
      return { failed: { driver: driver.name, error: result.error || 'failed', key: 'lock.commandFailed' as const, factory: '' } };
    }
    const ts = now();
    const changes = dbChanges(rt, { ...spec.state(result), lastCommandTime: ts });
    await auditedUpdate(trx, rt, [id], { ...changes, updateTime: ts }, originOf(ctx));
    await trx(COMMAND_TABLE).insert(logRow(id, spec, driver.name, true, { data: result.data ?? null }));
    return { data: result.data };
  });
  if ('failed' in outcome && outcome.failed) {
    const f = outcome.failed;
    await knex.transaction((trx) => trx(COMMAND_TABLE).insert(logRow(id, spec, f.driver, false, { error: f.error })));
    throw f.key === 'lock.unknownDriver'
      ? new AppError('lock.unknownDriver', { factory: f.factory })
      : new AppError('lock.commandFailed', { command: spec.command, error: f.error.slice(0, 500) });
  }
  return outcome.data;
}

const idOf = (ctx: ActionContext): number => Number((ctx.body as Body).id);

export const clearPassword: Handler = async (ctx) => {
  await run(ctx, idOf(ctx), { command: 'clearPassword', params: null, call: (d, dev) => d.clearPassword(dev), state: () => ({}) });
  return undefined;
};

/** Asks the device; the wallpaper it reports is stored, so the console shows what the device has. */
export const getWallpaper: Handler = async (ctx) => {
  const data = await run(ctx, idOf(ctx), {
    command: 'getWallpaper',
    params: null,
    call: (d, dev) => d.getWallpaper(dev),
    state: (r) => (r.data && 'wallpaper' in r.data ? { wallpaper: reported(r.data.wallpaper) } : {}),
  });
  return { wallpaper: reported(data?.wallpaper) };
};

/** A driver's reported wallpaper, as the column holds it (a string of ≤ 1000 characters or null). */
function reported(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v.slice(0, 1000) : null;
}

export const wallpaper: Handler = async (ctx) => {
  const url = String((ctx.body as Body).url);
  await run(ctx, idOf(ctx), { command: 'wallpaper', params: { url }, call: (d, dev) => d.setWallpaper(dev, url), state: () => ({ wallpaper: url }) });
  return undefined;
};

export const limitApp: Handler = async (ctx) => {
  const apps = [...new Set((ctx.body as Body).apps as string[])];
  await run(ctx, idOf(ctx), { command: 'limitApp', params: { apps }, call: (d, dev) => d.limitApp(dev, apps), state: () => ({ limitedApps: apps }) });
  return undefined;
};

export const loss: Handler = async (ctx) => {
  const body = ctx.body as Body;
  const on = body.on === true;
  const message = typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
  await run(ctx, idOf(ctx), {
    command: 'loss',
    params: message === undefined ? { on } : { on, message },
    call: (d, dev) => d.setLossMode(dev, on, message),
    state: () => ({ lossMode: on }),
  });
  return undefined;
};

/**
 * A new random callback secret for the device: stored hashed, answered once in plain text (the old
 * one stops working at once). The change is audited with the value masked.
 */
export const rotateSecret: Handler = async (ctx) => {
  const rt = rtOf(ctx);
  const id = idOf(ctx);
  const secret = `${id}.${randomBytes(24).toString('base64url')}`;
  const hash = macOf(ctx.services, secret);
  await ctx.services.knex.transaction(async (trx) => {
    const n = await auditedUpdate(trx, rt, [id], { callbackSecret: hash, updateTime: now() }, originOf(ctx));
    if (!n) throw new AppError('error.recordNotFound', { id });
  });
  return { secret };
};

/** Callbacks per serial number and window, across all addresses. */
export const CALLBACKS_PER_SERIAL = { hits: 60, windowS: 60 } as const;

/**
 * Open endpoint for devices: `{serialNumber, secret, info}` sets the device's callbackInfo when the
 * secret matches the device's. Unknown serial, no secret set and wrong secret answer alike.
 */
export const callback: Handler = async (ctx) => {
  const rt = rtOf(ctx);
  const body = ctx.body as Body;
  // Beside the per-address limit of every open route: one serial number cannot be hammered from many addresses.
  await limit(ctx.services.knex, `serial:${String(body.serialNumber)}`, CALLBACKS_PER_SERIAL.hits, CALLBACKS_PER_SERIAL.windowS);
  const secret = String(body.secret);
  const id = /^(\d{1,15})\./.exec(secret)?.[1];
  const row = id
    ? await table(ctx.services.knex, TABLES.deviceLock).where({ id: Number(id), serialNumber: String(body.serialNumber) }).first('id', 'callbackSecret')
    : undefined;
  // One MAC per request, computed even for an unknown device (timing tells nothing). Secrets stored before the
  // MAC (scrypt) are refused: rotate them.
  const expected = Buffer.from(typeof row?.callbackSecret === 'string' && row.callbackSecret.startsWith(MAC_PREFIX) ? row.callbackSecret : `${MAC_PREFIX}-`);
  const given = Buffer.from(macOf(ctx.services, secret));
  const match = row && expected.length === given.length && timingSafeEqual(expected, given) ? row.id : undefined;
  if (match === undefined) throw new AppError('lock.callbackRefused');
  await ctx.services.knex.transaction((trx) =>
    auditedUpdate(trx, rt, [match], { callbackInfo: String(body.info), updateTime: now() }, { userId: null, url: ctx.koa?.path ?? '' }),
  );
  return undefined;
};
