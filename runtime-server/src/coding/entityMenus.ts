import type { EntityModel } from '@schema-admin/generator';
import type { AppServices } from '../app/services.js';
import type { AuditOrigin } from '../audit/audit.js';
import { bumpAuthEpoch } from '../auth/authz.js';
import { now } from '../db/values.js';
import { importMenuTree } from '../modules/base/menuTree.js';
import type { MenuNode } from '../modules/base/menuTree.js';

/**
 * The menu of a created entity: a directory per module (`/<module>`), a page for the entity and one
 * permission button per action, inserted idempotently (re-creating adds only what is missing).
 * Menus are stored with their zh-cn names, as the seed's are.
 */
export async function addEntityMenus(services: AppServices, entity: EntityModel, origin: AuditOrigin): Promise<{ inserted: number; router: string }> {
  const file = entity.file.split('/').pop()!.replace(/\.json$/, '');
  const router = `/${entity.module}/${file}`;
  const page: MenuNode = {
    name: entity.label['zh-cn'],
    router,
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
  const rt = services.registry.get('base/sys/menu');
  const tree: MenuNode[] = [{ name: entity.module, router: `/${entity.module}`, type: 0, icon: 'icon-folder', orderNum: 50, keepAlive: true, isShow: true, childMenus: [page] }];
  const result = await services.knex.transaction(async (trx) => {
    const r = await importMenuTree(trx, tree, now(), rt ? { rt, origin } : undefined);
    if (r.inserted) await bumpAuthEpoch(trx);
    return r;
  });
  return { inserted: result.inserted, router };
}
