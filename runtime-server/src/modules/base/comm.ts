import { auditedUpdate, originOf } from '../../audit/audit.js';
import { randomUUID } from 'node:crypto';
import type { Handler } from '../../core/handler.js';
import type { AppServices } from '../../app/services.js';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import { hashSecret, verifySecret } from '../../core/secrets.js';
import { createSession, revokeSession, revokeUserSessions } from '../../auth/sessions.js';
import { signPair } from '../../auth/tokens.js';
import { bumpAuthEpoch } from '../../auth/authz.js';
import { now } from '../../db/values.js';
import { mapRow } from '../../crud/query.js';
import { reusableJson } from '../../core/reusableJson.js';
import { sendStatic } from '../../http/sendStatic.js';
import { ALLOWED_EXTENSIONS, extensionOf } from '../../upload/fileGroups.js';
import { publicUploadUrl, storedName, storeFile } from '../../upload/localStorage.js';
import { storageFor } from '../../storage/createStorage.js';
import { MAX_FILES, receiveMultipart } from '../../upload/multipart.js';
import type { UploadFile } from '../plugin/api.js';
import type { ActiveUpload } from '../plugin/manager.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';
import { roleIdsOfUser } from './roleIds.js';

export { devEvents } from './devEvents.js';

/** `GET /admin/base/comm/program`: which back-end language a shared console talks to (8.x). */
export const program: Handler = () => 'Node';

/** `GET /admin/base/comm/openapi`: the OpenAPI 3.1 document of the whole admin API. */
export const openapi: Handler = ({ services, koa }) => sendStatic(koa, services.schema.generated.openapiBody());

/**
 * `GET /admin/base/comm/person`: the caller's own row (never the password hash) plus departmentName.
 * Cached per user with the auth epoch (Authz.ofUser): the console asks for it on every page load, and
 * every write to users or departments (personUpdate included) bumps the epoch. Not async (nor is permmenu): an
 * async function that returns a promise costs each request two more turns of the microtask queue.
 */
export const person: Handler = ({ services, actor }) =>
  services.auth.authz.ofUser('person', actor!.userId, async () => {
    const rt = services.schema.registry.get(ENTITIES.baseSysUser)!;
    const row = await services.knex({ a: TABLES.baseSysUser })
      .select(rt.output.map((o) => `${o.column} as ${o.name}`))
      .where('a.id', actor!.userId)
      .first();
    const user = mapRow(rt, row as Record<string, unknown>);
    const dept = user.departmentId ? await services.knex(TABLES.baseSysDepartment).where({ id: user.departmentId }).first('name') : undefined;
    return reusableJson({ ...user, departmentName: dept?.name ?? null });
  });

interface PersonUpdate {
  nickName: string;
  headImg?: string | null;
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  remark?: string | null;
  password?: string | null;
  oldPassword?: string | null;
}

/**
 * `POST /admin/base/comm/personUpdate`: only whitelisted profile fields (never username, status,
 * departmentId, passwordV or isSuper). A password change needs the old password, raises passwordV
 * (every other session's tokens die on every instance) and returns a fresh token pair for this one.
 */
export const personUpdate: Handler = async (ctx) => {
  const { services, body, actor } = ctx;
  const users = services.schema.registry.get(ENTITIES.baseSysUser)!;
  const input = body as PersonUpdate;
  const changes: Record<string, unknown> = { updateTime: now() };
  for (const k of ['nickName', 'headImg', 'name', 'phone', 'email', 'remark'] as const) {
    if (input[k] !== undefined) changes[k] = input[k];
  }
  const { knex } = services;
  if (!input.password) {
    await knex.transaction(async (trx) => {
      await auditedUpdate(trx, users, [actor!.userId], changes, originOf(ctx));
      // The profile is cached on every instance (person): the epoch tells them to re-read it.
      await bumpAuthEpoch(trx);
    });
    return undefined;
  }
  const user = await knex(TABLES.baseSysUser).where({ id: actor!.userId }).first('password', 'passwordV', 'username');
  if (!(await verifySecret(String(input.oldPassword ?? ''), user?.password))) throw new AppError('auth.oldPasswordWrong');
  const passwordV = Number(user.passwordV) + 1;
  changes.password = await hashSecret(input.password);
  changes.passwordV = passwordV;
  await knex.transaction(async (trx) => {
    await auditedUpdate(trx, users, [actor!.userId], changes, originOf(ctx));
    await revokeUserSessions(trx, actor!.userId);
  });
  const jti = randomUUID();
  const sid = await createSession(knex, actor!.userId, jti, null);
  const roleIds = await roleIdsOfUser(knex, actor!.userId);
  return signPair(services.auth.secret, { userId: actor!.userId, username: user.username, passwordVersion: passwordV, sid, roleIds }, jti);
};

/**
 * `GET /admin/base/comm/permmenu` → `{ menus, perms }`: a flat list ordered by orderNum (directories,
 * pages and buttons), every menu for a super-admin, else the menus of the caller's roles. Cached per user
 * like `person` (Authz.ofUser): menus, roles, their links and users are auth sources, so every write to them
 * bumps the epoch — seen at once on the instance that wrote, within a second elsewhere, 3 s at most.
 */
export const permmenu: Handler = ({ services, actor }) =>
  // Per session: signing in always reads the menus afresh (a menu written behind the app's back shows at the next login).
  services.auth.authz.ofUser(`permmenu:${actor!.sessionId}`, actor!.userId, () => loadPermmenu(services, actor!));

async function loadPermmenu(services: AppServices, actor: Actor): Promise<Readonly<{ menus: Record<string, unknown>[]; perms: string[] }>> {
  const rt = services.schema.registry.get(ENTITIES.baseSysMenu)!;
  const q = services.knex({ a: TABLES.baseSysMenu }).select(rt.output.map((o) => `${o.column} as ${o.name}`));
  if (!actor.isSuper) {
    q.whereIn(
      'a.id',
      services.knex({ rm: TABLES.baseSysRoleMenu }).join({ ur: TABLES.baseSysUserRole }, 'ur.roleId', 'rm.roleId').where('ur.userId', actor.userId).select('rm.menuId'),
    );
  }
  const rows = ((await q.orderBy([{ column: 'a.orderNum', order: 'asc' }, { column: 'a.id', order: 'asc' }])) as Record<string, unknown>[]).map((r) => mapRow(rt, r));
  const perms = [...new Set(rows.flatMap((m) => String(m.perms ?? '').split(',').map((p) => p.replace(/\s+/g, '')).filter(Boolean)))].sort();
  return reusableJson({ menus: rows, perms });
}

/** `POST /admin/base/comm/logout`: revokes this session (its access and refresh tokens) on every instance. */
export const logout: Handler = async ({ services, actor }) => {
  await revokeSession(services.knex, actor!.sessionId);
  return undefined;
};

/** `GET /admin/base/comm/uploadMode`: the built-in local storage, or the enabled upload plugin's keyName as `type`. */
export const uploadMode: Handler = async ({ services }) => {
  await services.modules.plugins.fresh();
  const plugin = services.modules.plugins.upload();
  return plugin ? { mode: 'local', type: plugin.keyName } : { mode: 'local', type: 'local' };
};

/**
 * `POST /admin/base/comm/upload` (multipart `file` ×1…9, optional `key` name hint): stores each file
 * under `<DATA_DIR>/uploads/<YYYYMMDD>/` and answers its URL (one file) or the URLs (several): UPLOAD_BASE_URL
 * (default `/api`) + `/upload/<day>/<name>`, so clients behind the family's `/api/`-only proxy can show it.
 * Names are sanitised, extensions allow-listed, sizes limited (docs/reference/api-contract.md §8 flaw 3).
 */
export const upload: Handler = async ({ services, koa }) => {
  const { config } = services;
  const form = await receiveMultipart(koa.req, { maxFileMb: config.uploadMaxMb ?? 100, maxFiles: MAX_FILES });
  const stored: string[] = [];
  let done = false;
  try {
    if (!form.files.length) throw new AppError('upload.empty');
    const key = form.files.length === 1 ? form.fields.key : undefined;
    const names = form.files.map((f) => storedName(f.originalFilename, key));
    for (const name of names) {
      const ext = extensionOf(name);
      if (!ext) throw new AppError('upload.noExtension');
      if (!ALLOWED_EXTENSIONS.has(ext)) throw new AppError('upload.typeRefused', { ext });
    }
    const urls: string[] = [];
    await services.modules.plugins.fresh();
    const plugin = services.modules.plugins.upload();
    if (plugin) {
      // An enabled upload plugin replaces local storage; a failure part-way undoes what it saved.
      try {
        for (const [i, f] of form.files.entries()) urls.push(await savedByPlugin(plugin, { tempPath: f.path, name: names[i]!, size: f.size }));
      } catch (err) {
        await Promise.all(urls.map((u) => plugin.hook.remove?.(u).catch(() => undefined)));
        throw err instanceof AppError ? err : new AppError('plugin.uploadFailed', { keyName: plugin.keyName, detail: String((err as Error)?.message ?? err).slice(0, 300) });
      }
      done = true;
      return urls.length === 1 ? urls[0] : urls;
    }
    for (const [i, f] of form.files.entries()) {
      const s = await storeFile(config, f.path, names[i]!);
      stored.push(s.key);
      urls.push(publicUploadUrl(config, s.url));
    }
    done = true;
    return urls.length === 1 ? urls[0] : urls;
  } finally {
    // A failure part-way removes what this request already stored.
    if (!done) await Promise.all(stored.map((key) => storageFor(config).remove(key).catch(() => undefined)));
    await form.cleanup();
  }
};

async function savedByPlugin(plugin: ActiveUpload, file: UploadFile): Promise<string> {
  const url = await plugin.hook.save(file);
  if (typeof url !== 'string' || !url) throw new AppError('plugin.noUploadUrl', { keyName: plugin.keyName });
  return url;
}

export { schema } from './screenSchema.js';
export { setting, settingSave } from './userSettings.js';
