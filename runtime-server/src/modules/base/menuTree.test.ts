import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, beforeEach, describe, it } from 'node:test';
import knexFactory from 'knex';
import type { Knex } from 'knex';
import { FAMILY_VIEWS, OURS_ONLY } from '../../testing/familyClient.js';
import { countNodes, exportMenuTree, importMenuTree } from './menuTree.js';
import type { MenuNode } from './menuTree.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const SEED = path.join(ROOT, 'schemas', 'base', 'seed', 'menus.json');
const MODEL = path.join(ROOT, 'runtime-server', 'src', 'generated', 'model.json');
const NOW = '2024-01-02 03:04:05';

const seedMenus = (): MenuNode[] => (JSON.parse(fs.readFileSync(SEED, 'utf8')) as { menus: MenuNode[] }).menus;

function walk(menus: MenuNode[], visit: (node: MenuNode, parents: MenuNode[]) => void, parents: MenuNode[] = []): void {
  for (const m of menus) {
    visit(m, parents);
    walk(m.childMenus ?? [], visit, [...parents, m]);
  }
}

function permsOf(menus: MenuNode[]): Set<string> {
  const out = new Set<string>();
  walk(menus, (m) => {
    for (const p of (m.perms ?? '').split(',')) if (p.trim()) out.add(p.trim());
  });
  return out;
}

/** Compare trees on their exported fields (defaults applied), ignoring sibling order ties. */
function normalize(menus: MenuNode[]): unknown[] {
  return menus.map((m) => ({
    name: m.name,
    router: m.router ?? null,
    perms: m.perms ?? null,
    type: m.type,
    icon: m.icon ?? null,
    orderNum: m.orderNum ?? 0,
    viewPath: m.viewPath ?? null,
    keepAlive: m.keepAlive ?? true,
    isShow: m.isShow ?? true,
    childMenus: normalize(m.childMenus ?? []),
  }));
}

async function createMenuTable(knex: Knex): Promise<void> {
  await knex.schema.createTable('base_sys_menu', (t) => {
    t.increments('id');
    t.integer('parentId').nullable().index();
    t.string('name', 255).notNullable();
    t.string('router', 255).nullable();
    t.text('perms').nullable();
    t.integer('type').notNullable().defaultTo(0);
    t.string('icon', 255).nullable();
    t.integer('orderNum').notNullable().defaultTo(0);
    t.string('viewPath', 255).nullable();
    t.boolean('keepAlive').notNullable().defaultTo(true);
    t.boolean('isShow').notNullable().defaultTo(true);
    t.string('createTime', 19).notNullable().index();
    t.string('updateTime', 19).notNullable().index();
  });
}

describe('schemas/base/seed/menus.json', () => {
  const menus = seedMenus();
  const all: { node: MenuNode; parents: MenuNode[] }[] = [];
  walk(menus, (node, parents) => all.push({ node, parents }));

  it('is well formed', () => {
    for (const { node, parents } of all) {
      const where = [...parents, node].map((m) => m.name).join(' > ');
      assert.ok(typeof node.name === 'string' && node.name.trim(), `${where}: name`);
      assert.ok([0, 1, 2].includes(node.type), `${where}: type`);
      assert.ok(Array.isArray(node.childMenus), `${where}: childMenus`);
      if (node.router != null) assert.match(node.router, /^\//, `${where}: router must start with '/'`);
      if (node.type === 1) assert.ok(node.viewPath && node.viewPath.trim(), `${where}: a page needs a viewPath`);
      if (node.type === 2) {
        assert.equal(node.childMenus?.length ?? 0, 0, `${where}: a button has no children`);
        assert.ok(node.perms && node.perms.trim(), `${where}: a button needs perms`);
        for (const token of node.perms.split(',')) assert.match(token, /^[a-z]+(:[A-Za-z]+)+$/, `${where}: perm token ${JSON.stringify(token)}`);
      }
      if (node.type !== 2) assert.equal(node.perms ?? null, null, `${where}: only buttons carry perms`);
      const parent = parents.at(-1);
      if (parent) assert.notEqual(parent.type, 2, `${where}: a button cannot be a parent`);
    }
  });

  it('has no duplicated routers and no twin siblings (import matches by parent, type and name)', () => {
    const routers = new Map<string, string>();
    for (const { node } of all) {
      if (node.router == null) continue;
      assert.ok(!routers.has(node.router), `router ${node.router} used by ${routers.get(node.router)} and ${node.name}`);
      routers.set(node.router, node.name);
    }
    const check = (siblings: MenuNode[], where: string): void => {
      const keys = new Set<string>();
      for (const m of siblings) {
        const key = `${m.type}|${m.name}`;
        assert.ok(!keys.has(key), `${where}: two siblings named ${m.name} of type ${m.type}`);
        keys.add(key);
        check(m.childMenus ?? [], `${where} > ${m.name}`);
      }
    };
    check(menus, '(root)');
  });

  it('names the routes and views the clients expect', () => {
    const byRouter = new Map(all.filter(({ node }) => node.router).map(({ node }) => [node.router, node]));
    // The reference family's clients resolve '/src/' + viewPath against their own files; a name they lack opens a blank page.
    for (const { node } of all) {
      if (node.type !== 1 || /^https?:\/\//.test(node.viewPath ?? '')) continue;
      assert.ok(FAMILY_VIEWS.has(node.viewPath!) || OURS_ONLY.has(node.viewPath!), `${node.name}: ${node.viewPath} is not a view file of the family's client`);
    }
    const expected: Record<string, string> = {
      '/': 'modules/demo/views/home/index.vue',
      '/sys/user': 'modules/base/views/user/index.vue',
      '/sys/role': 'modules/base/views/role.vue',
      '/sys/menu': 'modules/base/views/menu/index.vue',
      '/sys/param': 'modules/base/views/param.vue',
      '/sys/log': 'modules/base/views/log.vue',
      '/task/list': 'modules/task/views/list.vue',
      '/dict/list': 'modules/dict/views/list.vue',
      '/recycle/data': 'modules/recycle/views/data.vue',
      '/space/list': 'modules/space/views/list.vue',
      '/user/list': 'modules/user/views/list.vue',
      '/user/address': 'modules/user/views/address.vue',
      '/lock/device': 'modules/lock/views/device/index.vue',
      // The client keys its view cache on the route: its plugin view is named for /helper/plugins/serve.
      '/helper/plugins/serve': 'modules/helper/views/plugins/serve.vue',
      // Routes the client also provides itself (space, AI, personal centre) must name the same view files.
      '/helper/ai-code': 'modules/helper/views/ai-code.vue',
      '/demo/crud': 'modules/demo/views/crud/index.vue',
      '/demo/goods': 'modules/demo/views/goods/index.vue',
      '/my/info': 'modules/base/views/info.vue',
    };
    for (const [router, viewPath] of Object.entries(expected)) {
      const node = byRouter.get(router);
      assert.ok(node, `no menu for ${router}`);
      assert.equal(node.type, 1, `${router} is a page`);
      assert.equal(node.viewPath, viewPath, `${router} view`);
    }
    assert.equal(byRouter.get('/')?.isShow, false);
    assert.equal(byRouter.get('/my/info')?.isShow, false);
    assert.ok(all.some(({ node }) => node.type === 1 && /^https?:\/\//.test(node.viewPath ?? '')), 'an iframe page (文档官网)');
  });

  it('grants every permission-checked action of the generated model', () => {
    const model = JSON.parse(fs.readFileSync(MODEL, 'utf8')) as { entities: { id: string; actions?: { name: string; auth: string; perm: string }[] }[] };
    const granted = permsOf(menus);
    const missing: string[] = [];
    let checked = 0;
    for (const e of model.entities) {
      for (const a of e.actions ?? []) {
        if (a.auth !== 'perm') continue;
        checked++;
        if (!granted.has(a.perm)) missing.push(a.perm);
      }
    }
    assert.ok(checked > 0, 'the model lists permission-checked actions');
    assert.deepEqual(missing, [], 'perm keys no menu grants');
  });

  it('already grants the spec actions later issues add (docs/reference/product-spec.md §6/§7)', () => {
    const granted = permsOf(menus);
    const expected = [
      'base:sys:department:order',
      'base:sys:log:setKeep',
      'base:sys:log:getKeep',
      'base:sys:log:clear',
      'base:sys:menu:create',
      'base:sys:menu:export',
      'base:sys:menu:import',
      'base:sys:menu:parse',
      'base:sys:param:html',
      'base:sys:user:move',
      'base:coding:getModuleTree',
      'base:coding:createCode',
      'demo:tenant:use',
      'demo:tenant:noUse',
      'demo:tenant:noTenant',
      'lock:deviceLockController:clearPassword',
      'lock:deviceLockController:getWallpaper',
      'lock:deviceLockController:wallpaper',
      'lock:deviceLockController:limitApp',
      'lock:deviceLockController:loss',
      'plugin:info:install',
      'recycle:data:restore',
      'task:info:start',
      'task:info:once',
      'task:info:stop',
      'task:info:log',
    ];
    assert.deepEqual(expected.filter((p) => !granted.has(p)), []);
    assert.ok(!granted.has('task:info:list'), 'the task controller has no list action');
  });
});

describe('menu import / export', () => {
  const knex = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  after(() => knex.destroy());
  beforeEach(async () => {
    await knex.schema.dropTableIfExists('base_sys_menu');
    await createMenuTable(knex);
  });

  it('imports the seed once: a second import inserts nothing', async () => {
    const menus = seedMenus();
    const total = countNodes(menus);
    const first = await knex.transaction((trx) => importMenuTree(trx, menus, NOW));
    assert.deepEqual(first, { inserted: total, existing: 0 });
    const [{ n }] = (await knex('base_sys_menu').count({ n: '*' })) as [{ n: number }];
    assert.equal(Number(n), total);

    const second = await knex.transaction((trx) => importMenuTree(trx, menus, '2030-01-01 00:00:00'));
    assert.deepEqual(second, { inserted: 0, existing: total });
    const [{ n: n2 }] = (await knex('base_sys_menu').count({ n: '*' })) as [{ n: number }];
    assert.equal(Number(n2), total);
    const row = await knex('base_sys_menu').where({ router: '/sys/user' }).first();
    assert.equal(row.createTime, NOW);
    assert.equal(row.updateTime, NOW);
    assert.equal(row.keepAlive, 1);
    assert.equal(row.isShow, 1);
  });

  it('wires parentId to the parent row and applies defaults', async () => {
    await importMenuTree(knex, [
      { name: 'A', type: 0, childMenus: [{ name: 'B', type: 1, router: '/b', viewPath: 'v', childMenus: [{ name: 'C', type: 2, perms: 'x:y:add' }] }] },
    ], NOW);
    const a = await knex('base_sys_menu').where({ name: 'A' }).first();
    const b = await knex('base_sys_menu').where({ name: 'B' }).first();
    const c = await knex('base_sys_menu').where({ name: 'C' }).first();
    assert.equal(a.parentId, null);
    assert.equal(b.parentId, a.id);
    assert.equal(c.parentId, b.id);
    assert.equal(a.orderNum, 0);
    assert.equal(a.keepAlive, 1);
    assert.equal(a.isShow, 1);
    assert.equal(a.router, null);
    assert.equal(c.perms, 'x:y:add');

    // Same seed wiring: every seeded child points at its parent's id.
    await knex('base_sys_menu').del();
    await importMenuTree(knex, seedMenus(), NOW);
    const rows = (await knex('base_sys_menu').select('id', 'parentId', 'name', 'type')) as { id: number; parentId: number | null; name: string; type: number }[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    let checked = 0;
    walk(seedMenus(), (node, parents) => {
      const chain = [...parents, node];
      // Resolve the chain from the root through rows, by name and type.
      let parentId: number | null = null;
      for (const m of chain) {
        const row = rows.find((r) => r.parentId === parentId && r.name === m.name && r.type === m.type);
        assert.ok(row, `row for ${chain.map((x) => x.name).join(' > ')}`);
        if (parentId !== null) assert.ok(byId.has(parentId));
        parentId = row.id;
      }
      checked++;
    });
    assert.equal(checked, rows.length);
  });

  it('keeps admin edits across a re-import', async () => {
    const menus = seedMenus();
    await importMenuTree(knex, menus, NOW);
    await knex('base_sys_menu').where({ router: '/sys/user' }).update({ router: '/sys/staff', orderNum: 42 });
    const r = await importMenuTree(knex, menus, NOW);
    assert.equal(r.inserted, 0);
    assert.equal(await knex('base_sys_menu').where({ router: '/sys/user' }).first(), undefined);
    const edited = await knex('base_sys_menu').where({ router: '/sys/staff' }).first();
    assert.equal(edited.orderNum, 42);
    assert.equal(Number((await knex('base_sys_menu').where({ parentId: edited.id }).count({ n: '*' }))[0]?.n), countNodes(menus.flatMap(function find(m): MenuNode[] {
      return m.router === '/sys/user' ? m.childMenus ?? [] : (m.childMenus ?? []).flatMap(find);
    })));

    // A node deleted by an admin comes back; its surviving siblings are not duplicated.
    await knex('base_sys_menu').where({ parentId: edited.id, name: '新增' }).del();
    const again = await importMenuTree(knex, menus, NOW);
    assert.equal(again.inserted, 1);
  });

  it('exports a subtree that re-imports into an empty table with the same shape', async () => {
    const menus = seedMenus();
    await importMenuTree(knex, menus, NOW);
    const sys = await knex('base_sys_menu').where({ name: '系统管理', parentId: null }).first();
    // Every descendant of 系统管理, as the menu screen sends checked + half-checked ids.
    const ids: number[] = [sys.id];
    for (let frontier = [sys.id as number]; frontier.length; ) {
      const kids = (await knex('base_sys_menu').whereIn('parentId', frontier).select('id')) as { id: number }[];
      frontier = kids.map((k) => k.id);
      ids.push(...frontier);
    }
    const exported = await exportMenuTree(knex, ids);
    const source = menus.filter((m) => m.name === '系统管理');
    assert.equal(exported.length, 1);
    assert.equal(countNodes(exported), countNodes(source));
    const sortTree = (ms: unknown[]): unknown[] =>
      (ms as (MenuNode & { childMenus: MenuNode[] })[])
        .map((m) => ({ ...m, childMenus: sortTree(m.childMenus) }))
        .sort((a, b) => (a.orderNum ?? 0) - (b.orderNum ?? 0));
    assert.deepEqual(sortTree(normalize(exported)), sortTree(normalize(source)));
    for (const key of ['id', 'parentId', 'createTime', 'updateTime']) assert.ok(!(key in exported[0]!), `export drops ${key}`);
    assert.equal(typeof exported[0]!.keepAlive, 'boolean');

    await knex('base_sys_menu').del();
    const r = await importMenuTree(knex, exported, NOW);
    assert.equal(r.inserted, countNodes(source));
    const all = (await knex('base_sys_menu').select('id')) as { id: number }[];
    assert.deepEqual(await exportMenuTree(knex, all.map((x) => x.id)), exported);
  });

  it('exports a selected menu whose parent is not selected as a root', async () => {
    await importMenuTree(knex, seedMenus(), NOW);
    const page = await knex('base_sys_menu').where({ router: '/sys/role' }).first();
    const buttons = (await knex('base_sys_menu').where({ parentId: page.id }).orderBy([{ column: 'orderNum' }, { column: 'id' }])) as { id: number; name: string }[];
    const exported = await exportMenuTree(knex, [page.id, ...buttons.map((b) => b.id)]);
    assert.equal(exported.length, 1);
    assert.equal(exported[0]!.name, '角色列表');
    assert.deepEqual(exported[0]!.childMenus!.map((c) => c.name), buttons.map((b) => b.name));

    const orphans = await exportMenuTree(knex, buttons.slice(0, 2).map((b) => b.id));
    assert.deepEqual(orphans.map((m) => m.name), buttons.slice(0, 2).map((b) => b.name));
    assert.ok(orphans.every((m) => m.type === 2 && m.childMenus!.length === 0));
  });

  it('refuses an empty export', async () => {
    await assert.rejects(exportMenuTree(knex, []), { message: 'menu export requires at least one menu' });
  });

  it('rejects a malformed node before inserting anything inside a transaction', async () => {
    await assert.rejects(
      knex.transaction((trx) => importMenuTree(trx, [{ name: 'ok', type: 0 }, { name: '', type: 0 } as MenuNode], NOW)),
      /non-empty name/,
    );
    assert.equal(Number((await knex('base_sys_menu').count({ n: '*' }))[0]?.n), 0);
  });
});
