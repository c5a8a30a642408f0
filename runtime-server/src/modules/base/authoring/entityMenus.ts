import type { Knex } from 'knex';
import type { EntityModel } from '@schema-admin/generator';
import type { AppServices } from '../../../app/services.js';
import type { AuditOrigin } from '../../../audit/audit.js';
import { bumpAuthEpoch } from '../../../auth/authz.js';
import { now } from '../../../db/values.js';
import { importMenuTree } from '../menuTree.js';
import type { MenuNode } from '../menuTree.js';
import { screenable } from '../../../crud/screenable.js';
import { ENTITIES, TABLES } from '../../../generated/tables.js';
import { table } from '../../../db/table.js';

/** The console route of an entity's generic screen (`x-screen.route`, default `/<module>/<file name>`). */
export function screenRoute(entity: EntityModel): string {
  const route = (entity.screen as { route?: unknown } | undefined)?.route;
  if (typeof route === 'string') return route;
  return `/${entity.module}/${entity.file.split('/').pop()!.replace(/\.json$/, '')}`;
}

/** A module's directory name: its label (`schemas/<module>/module.json`, zh-cn like every seeded name) or its name. */
function moduleName(entity: EntityModel): string {
  const label = (entity.screen as { moduleLabel?: Record<string, string> } | undefined)?.moduleLabel;
  return label?.['zh-cn'] ?? entity.module;
}

/** The page menu of an entity with one permission button per action (names in zh-cn, as the seed's are). */
function pageMenu(entity: EntityModel): MenuNode {
  const file = entity.file.split('/').pop()!.replace(/\.json$/, '');
  return {
    name: entity.label['zh-cn'],
    router: screenRoute(entity),
    type: 1,
    icon: 'icon-menu',
    orderNum: 1,
    viewPath: `modules/${entity.module}/views/${file}/index.vue`,
    keepAlive: true,
    isShow: true,
    childMenus: entity.actions
      .filter((a) => a.auth === 'perm')
      .map((a, i) => ({ name: a.summary['zh-cn'], perms: a.perm, type: 2 as const, orderNum: i + 1, keepAlive: false, isShow: true })),
  };
}

/**
 * Inserts an entity's menu under `parentId` when given (checked by assertParentDirectory; if it vanished
 * since, the default applies), else under its module: the directory holding the module's other pages when
 * there is one (seeded modules keep their translated directory), else a directory `/<module>` named after it.
 */
async function insertEntityMenu(trx: Knex.Transaction, services: AppServices, entity: EntityModel, origin?: AuditOrigin, parentId?: number): Promise<number> {
  // A page that already exists (re-creation) stays where it is: it is completed in place, not duplicated.
  const existing = await table(trx, TABLES.baseSysMenu).where({ type: 1, router: screenRoute(entity) }).whereNotNull('parentId').first('parentId');
  const chosen = parentId === undefined || existing ? undefined : await table(trx, TABLES.baseSysMenu).where({ id: parentId, type: 0 }).first('id');
  const sibling =
    existing ??
    (chosen
      ? { parentId: chosen.id }
      : await table(trx, TABLES.baseSysMenu)
          .where('type', 1)
          .andWhere('router', 'like', `/${entity.module}/%`)
          .whereNotNull('parentId')
          .orderBy('id', 'asc')
          .first('parentId'));
  const rt = services.schema.registry.get(ENTITIES.baseSysMenu);
  const audit = origin && rt ? { rt, origin } : undefined;
  const page = pageMenu(entity);
  const r = sibling
    ? await importMenuTree(trx, [page], now(), audit, sibling.parentId)
    : await importMenuTree(trx, [{ name: moduleName(entity), router: `/${entity.module}`, type: 0, icon: 'icon-list', orderNum: 50, keepAlive: true, isShow: true, childMenus: [page] }], now(), audit);
  if (r.inserted) await bumpAuthEpoch(trx);
  return r.inserted;
}

/** The menu of an entity created through the coding endpoints, inserted idempotently (re-creating adds only what is missing). */
export async function addEntityMenus(services: AppServices, entity: EntityModel, origin: AuditOrigin, parentId?: number): Promise<{ inserted: number; router: string }> {
  const inserted = await services.knex.transaction((trx) => insertEntityMenu(trx, services, entity, origin, parentId));
  return { inserted, router: screenRoute(entity) };
}

const DONE = 'menuAuto:';

/**
 * At start: every listable entity that has no menu yet gets one, once. "Has a menu" = a menu whose router is
 * the entity's screen route or whose permissions name its page/list key. Each entity is recorded in
 * base_sys_conf when seen with a menu or given one, so an admin's later edit or deletion stands. One
 * transaction behind the migration lock row: instances starting together create each menu once.
 */
export async function ensureEntityMenus(services: AppServices): Promise<string[]> {
  const candidates = [...services.schema.entities.values()].filter(
    (e) => screenable(e) && e.actions.some((a) => a.name === 'page' || a.name === 'list') && (e.screen as { view?: string } | undefined)?.view !== 'none',
  );
  if (!candidates.length) return [];
  return services.knex.transaction(async (trx) => {
    await trx('knex_migrations_lock').update({ is_locked: trx.raw('is_locked') });
    const done = new Set(
      (await table(trx, TABLES.baseSysConf).where('cKey', 'like', `${DONE}%`).select('cKey')).map((r) => r.cKey.slice(DONE.length)),
    );
    const todo = candidates.filter((e) => !done.has(e.id));
    if (!todo.length) return [];
    const menus = await table(trx, TABLES.baseSysMenu).select('router', 'perms');
    const routers = new Set(menus.map((m) => m.router).filter(Boolean));
    const perms = new Set(menus.flatMap((m) => (m.perms ?? '').split(',').map((p) => p.trim()).filter(Boolean)));
    const created: string[] = [];
    const ts = now();
    for (const e of todo) {
      const keys = e.actions.filter((a) => (a.name === 'page' || a.name === 'list') && a.perm).map((a) => a.perm!);
      const hasMenu = routers.has(screenRoute(e)) || keys.some((k) => perms.has(k));
      if (!hasMenu && (await insertEntityMenu(trx, services, e))) created.push(e.id);
      await trx(TABLES.baseSysConf).insert({ cKey: `${DONE}${e.id}`, cValue: hasMenu ? 'existing' : 'created', createTime: ts, updateTime: ts });
    }
    return created;
  });
}
