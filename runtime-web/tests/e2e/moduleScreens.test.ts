/**
 * Module screens of issue 13 part B in Chromium against the real server: a dictionary item added on the
 * dictionary screen shows in the goods form's dict-bound select (the app-wide cache reloaded); a deleted goods
 * row is previewed and restored from the recycle bin; a task card runs once and its log drawer shows the row;
 * files uploaded in the space picker are picked into a form up to the widget's limit; the tenant demo calls its
 * three actions; each screen photographed in zh-cn light and en dark.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { loginThroughPage, screenshot, startHarness } from './harness';
import type { Harness } from './harness';

// A 1×1 PNG: the upload keeps the bytes, the grid shows them as a thumbnail.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('module screens (dictionaries, recycle bin, tasks, file space, tenant demo) in the browser', () => {
  let h: Harness;
  let page: Page;
  let consoleErrors: string[];
  const knex = () => h.app.instance.services.knex;
  // Kept-alive pages stay in the DOM, hidden: look only inside the one shown.
  const view = () => page.locator('.sa-page[data-active]');
  before(async () => {
    h = await startHarness();
    ({ page, consoleErrors } = await h.newPage());
    await loginThroughPage(page);
  });
  after(async () => {
    await h?.close();
  });

  it('dictionary: opens on the first type, kept in the URL; types listed as name - key; an item added under the chosen type shows at once in the goods type select', async () => {
    const types = (await h.app.post('/admin/dict/type/list', {})).body.data as { id: number; name: string; key: string }[];
    const goodsType = types.find((x) => x.key === 'goodsType')!;
    assert.notEqual(types[0]!.id, goodsType.id, 'the first type is another one');
    const typeInUrl = (id: number) => page.waitForFunction((want) => new URL(location.href).searchParams.get('f.typeId') === want, String(id));
    const chosenType = () => view().locator('.crud-sidebar .semi-tree-option-selected').innerText();
    // Opens on the first type, as the reference does (no "all"), and keeps the choice in the URL.
    await page.goto('/dict/list');
    const sidebar = view().locator('.crud-sidebar');
    await typeInUrl(types[0]!.id);
    assert.equal((await chosenType()).trim(), `${types[0]!.name} - ${types[0]!.key}`);
    assert.equal(await sidebar.getByText('全部', { exact: true }).count(), 0);
    await sidebar.getByText('商品类型 - goodsType', { exact: true }).click();
    await typeInUrl(goodsType.id);
    await view().locator('[data-testid="crud-table"] tbody tr[data-row-id]').first().waitFor();
    assert.match(await view().getByTestId('crud-table').innerText(), /数码/);
    assert.doesNotMatch(await view().getByTestId('crud-table').innerText(), /COOL/, 'only the chosen type');
    // The add button above the tree adds an item of the chosen type.
    await view().getByTestId('crud-add').click();
    await page.locator('#root_name').fill('图书');
    await page.locator('#root_value').fill('4');
    // The parent picker offers items of this type only.
    await page.locator('[data-field="parentId"] .semi-tree-select').click();
    const options = await page.locator('.semi-tree-option').allInnerTexts();
    assert.ok(options.includes('数码') && !options.includes('COOL'), options.join(','));
    await page.keyboard.press('Escape');
    await screenshot(page, 'module-dict-add-zh-light');
    await page.getByTestId('crud-save').click();
    await page.getByText('保存成功').waitFor();
    const item = await knex()('dict_info').where({ name: '图书' }).first();
    const type = await knex()('dict_type').where({ key: 'goodsType' }).first();
    assert.equal(Number(item.typeId), Number(type.id), 'prefilled with the chosen type');
    await screenshot(page, 'module-dict-zh-light');

    // Elsewhere in the same session (no reload): the dict-bound select of goods offers the new item.
    await page.evaluate(() => window.__schemaAdmin!.stores.app.navigate('/demo/goods'));
    await page.waitForURL((u) => u.pathname === '/demo/goods');
    await view().locator('[data-entity="demo/goods"] [data-testid="crud-add"]').click();
    await page.locator('[data-field="type"] .semi-select').click();
    await page.getByRole('option', { name: '图书' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.semi-modal .semi-modal-close').click();

    // A link with the type (a reload) opens on that type.
    await page.goto(`/dict/list?f.typeId=${goodsType.id}`);
    await view().locator('[data-testid="crud-table"] tbody tr[data-row-id]').filter({ hasText: '图书' }).waitFor();
    assert.equal((await chosenType()).trim(), '商品类型 - goodsType');
    assert.equal(new URL(page.url()).searchParams.get('f.typeId'), String(goodsType.id));

    // The type list's own add button adds a type.
    await view().getByTestId('crud-sidebar-add').click();
    await page.locator('#root_key').fill('color');
    await page.locator('#root_name').last().fill('颜色');
    await page.locator('.semi-modal').last().getByTestId('crud-save').click();
    await page.getByText('保存成功').waitFor();
    const color = await knex()('dict_type').where({ key: 'color' }).first();
    assert.ok(color);

    // Deleting the chosen type moves to the first type left, not to an unfiltered list of every type's items.
    await page.locator('.semi-sidesheet .semi-sidesheet-close').click(); // the type list's sheet; the tree reloads
    await sidebar.getByText('颜色 - color', { exact: true }).click();
    await typeInUrl(Number(color.id));
    await sidebar.getByText('颜色 - color', { exact: true }).click({ button: 'right' });
    await page.getByTestId('tree-context-menu').locator('[data-op="delete"]').click();
    await page.locator('.semi-modal-footer').getByText('确定', { exact: true }).click();
    await typeInUrl(types[0]!.id);
    assert.equal((await chosenType()).trim(), `${types[0]!.name} - ${types[0]!.key}`);
    assert.equal(await knex()('dict_type').where({ key: 'color' }).first(), undefined);
  });

  it('recycle bin: a deleted goods row shows its title and what comes back; restore after confirmation brings it back', async () => {
    const ts = '2026-02-01 00:00:00';
    const [id] = await knex()('demo_goods').insert({ title: 'Recycled kettle', price: '9.50', status: 1, stock: 3, createTime: ts, updateTime: ts });
    const goodsId = Number(id);
    const del = await h.app.post('/admin/demo/goods/delete', { ids: [goodsId] });
    assert.equal(del.body.code, 1000);
    assert.equal(await knex()('demo_goods').where({ id: goodsId }).first(), undefined);

    await page.goto('/recycle/data');
    const row = view().locator('[data-testid="crud-table"] tbody tr[data-row-id]').first();
    await row.waitFor();
    assert.equal((await row.getByTestId('recycle-main').innerText()).trim(), 'Recycled kettle');
    await row.getByTestId('recycle-data').click();
    const preview = page.getByTestId('recycle-preview');
    await preview.waitFor();
    assert.match(await preview.innerText(), /恢复后将回来的数据[\s\S]*商品 · 1 条[\s\S]*Recycled kettle/);
    await screenshot(page, 'module-recycle-zh-light');
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await row.locator('[data-op="action:restore"]').click();
    await page.locator('.semi-modal', { hasText: '确定执行「恢复数据」' }).locator('.semi-modal-footer button').last().click();
    await page.getByText('操作成功').first().waitFor();
    const back = await knex()('demo_goods').where({ id: goodsId }).first();
    assert.equal(back?.title, 'Recycled kettle');

    // A restore that would overwrite a newer row is refused, and the message says why.
    const [id2] = await knex()('demo_goods').insert({ title: 'Twice kettle', price: '1.00', status: 1, stock: 1, createTime: ts, updateTime: ts });
    assert.equal((await h.app.post('/admin/demo/goods/delete', { ids: [Number(id2)] })).body.code, 1000);
    await knex()('demo_goods').insert({ id: Number(id2), title: 'Taken seat', price: '1.00', status: 1, stock: 1, createTime: ts, updateTime: ts });
    await view().getByTestId('crud-refresh').click();
    const twice = view().locator('[data-testid="crud-table"] tbody tr[data-row-id]', { hasText: 'Twice kettle' });
    await twice.locator('[data-op="action:restore"]').click();
    await page.locator('.semi-modal', { hasText: '确定执行「恢复数据」' }).locator('.semi-modal-footer button').last().click();
    await page.getByText(`无法恢复：商品 id=${Number(id2)} 与现有数据冲突`, { exact: false }).waitFor();
    assert.equal((await knex()('demo_goods').where({ id: Number(id2) }).first())?.title, 'Taken seat', 'nothing changed');

    // Batch restore: two snapshots selected, one confirmation, both rows back.
    const batch: number[] = [];
    for (const title of ['Batch one', 'Batch two']) {
      const [bid] = await knex()('demo_goods').insert({ title, price: '2.00', status: 1, stock: 1, createTime: ts, updateTime: ts });
      batch.push(Number(bid));
      assert.equal((await h.app.post('/admin/demo/goods/delete', { ids: [Number(bid)] })).body.code, 1000);
    }
    await view().getByTestId('crud-refresh').click();
    for (const title of ['Batch one', 'Batch two']) {
      await view().locator('[data-testid="crud-table"] tbody tr[data-row-id]', { hasText: title }).locator('input[type="checkbox"]').check();
    }
    await view().locator('[data-action="restore"]').click();
    await page.locator('.semi-modal', { hasText: '确定执行「恢复数据」' }).locator('.semi-modal-footer button').last().click();
    await page.getByText('操作成功').first().waitFor();
    for (let i = 0; i < 50 && (await knex()('demo_goods').whereIn('id', batch)).length < 2; i++) await page.waitForTimeout(100);
    assert.deepEqual((await knex()('demo_goods').whereIn('id', batch).orderBy('id')).map((r: { title: string }) => r.title), ['Batch one', 'Batch two']);
  });

  it('tasks: cards with schedule and state; run once writes a log row shown in the log drawer; start asks first; the form follows the task type', async () => {
    await page.goto('/task/list');
    const card = view().locator('.crud-grid__card', { hasText: '每秒执行,总共5次' });
    await card.waitFor();
    assert.match(await card.getByTestId('task-schedule').innerText(), /每 1 秒/);
    assert.equal((await card.getByTestId('task-state').innerText()).trim(), '已停止');
    assert.match(await view().locator('.crud-grid__card', { hasText: 'cron任务' }).getByTestId('task-schedule').innerText(), /cron：0\/5/);
    await view().getByTestId('crud-grid-add').waitFor();
    const task = await knex()('task_info').where({ name: '每秒执行,总共5次' }).first();
    const countLogs = async () => Number(((await knex()('task_log').where({ taskId: task.id }).count({ n: '*' }).first()) as { n: number }).n);
    const logsBefore = await countLogs();
    await card.locator('[data-action="once"]').click();
    await page.getByText('操作成功').first().waitFor();
    for (let i = 0; i < 50; i++) {
      if ((await countLogs()) > logsBefore) break;
      await page.waitForTimeout(100);
    }
    await card.locator('[data-action="log"]').click();
    const drawer = page.getByTestId('task-log');
    await drawer.locator('tbody tr').first().waitFor();
    assert.match(await drawer.innerText(), /成功/);
    await screenshot(page, 'module-task-log-zh-light');
    await page.keyboard.press('Escape');
    await page.locator('.semi-sidesheet').waitFor({ state: 'hidden' });
    assert.match(await card.innerText(), /上次结果\s*成功/);

    await card.locator('[data-action="start"]').click();
    await page.locator('.semi-modal', { hasText: '确定执行「开始」' }).locator('.semi-modal-footer button').first().click();
    assert.equal(Number((await knex()('task_info').where({ id: task.id }).first()).status), 0, 'cancelled: still stopped');

    // The edit dialog: interval in seconds (stored in ms), service from the registry.
    await card.getByRole('button', { name: '编辑' }).click();
    await page.locator('#root_every').waitFor();
    assert.equal(await page.locator('#root_every').inputValue(), '1');
    assert.equal(await page.locator('#root_cron').count(), 0, 'an interval task has no cron field');
    await page.locator('#root_every').fill('7');
    await page.locator('[data-field="service"] .semi-select').click();
    await page.getByRole('option', { name: 'taskDemoService.test()' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('crud-save').click();
    await page.getByText('保存成功').waitFor();
    assert.equal(Number((await knex()('task_info').where({ id: task.id }).first()).every), 7000);
    assert.match(await card.getByTestId('task-schedule').innerText(), /每 7 秒/);
    await screenshot(page, 'module-task-zh-light');

    // A new task follows its type: cron only for cron, the interval only for interval, each asked for only when shown.
    await view().getByTestId('crud-grid-add').click();
    await page.locator('#root_cron').waitFor();
    assert.equal(await page.locator('#root_every').count(), 0);
    await page.locator('#root_name').fill('E2E 类型');
    await page.getByTestId('crud-save').click();
    await page.locator('#root_cron__error').waitFor();
    await page.locator('[data-field="taskType"] .semi-select').click();
    await page.getByRole('option', { name: '时间间隔' }).click();
    await page.locator('#root_every').waitFor();
    assert.equal(await page.locator('#root_cron').count(), 0);
    await page.getByTestId('crud-save').click();
    await page.locator('#root_every__error').waitFor();
    assert.equal(await page.locator('#root_cron__error').count(), 0, 'the hidden cron is not checked');
    await screenshot(page, 'module-task-interval-form-zh-light');
    await page.locator('.semi-modal-footer').getByRole('button', { name: '取消' }).click();
    await page.locator('.semi-modal', { hasText: '有未保存的修改' }).locator('.semi-modal-footer button').last().click();
    await page.locator('#root_every').waitFor({ state: 'detached' });
  });

  it('file space: files uploaded in the picker of a goods form are picked in order up to the limit and saved', async () => {
    const ts = '2026-03-01 00:00:00';
    const existing = Array.from({ length: 18 }, (_, i) => `/upload/x/${i}.png`);
    const [id] = await knex()('demo_goods').insert({ title: 'Gallery', price: '1.00', status: 1, stock: 1, exampleImages: JSON.stringify(existing), createTime: ts, updateTime: ts });
    await page.goto('/demo/goods?f.title=Gallery');
    await view().locator(`tr[data-row-id="${id}"] [data-op="edit"]`).click();
    const field = page.locator('[data-field="exampleImages"]');
    await field.getByTestId('space-pick').click();
    await page.getByText('选择文件（最多 2 个）').waitFor();
    await page.getByTestId('space-file-input').setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: PNG },
      { name: 'b.png', mimeType: 'image/png', buffer: PNG },
      { name: 'c.png', mimeType: 'image/png', buffer: PNG },
    ]);
    const items = page.locator('.space-picker .space__item');
    await page.waitForFunction(() => document.querySelectorAll('.space-picker .space__item').length === 3);
    const names = await items.locator('.space__name').allInnerTexts();
    assert.deepEqual([...names].sort(), ['a.png', 'b.png', 'c.png']);
    await items.nth(2).click();
    await items.nth(0).click();
    await items.nth(1).click();
    await page.getByText('最多只能选择 2 个文件').waitFor();
    assert.deepEqual(await page.locator('.space-picker .space__badge').allInnerTexts(), ['2', '1']);
    assert.match(await page.getByTestId('space-count').innerText(), /已选 2 \/ 2/);
    await screenshot(page, 'module-space-picker-zh-light');
    const chosen = await items.evaluateAll((els) => els.map((e) => e.querySelector('img')?.getAttribute('src')));
    await page.getByTestId('space-pick-ok').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-field="exampleImages"] .crud-upload__item').length === 20);
    assert.equal(await field.getByTestId('space-pick').count(), 0, 'full: no more picking');
    await page.getByTestId('crud-save').click();
    await page.getByText('保存成功').waitFor();
    const saved = JSON.parse(String((await knex()('demo_goods').where({ id }).first()).exampleImages)) as string[];
    assert.equal(saved.length, 20);
    assert.deepEqual(saved.slice(18), [chosen[2], chosen[0]], 'in the order picked');
    assert.equal(Number(((await knex()('space_info').count({ n: '*' }).first()) as { n: number }).n), 3);
  });

  it('plugins: the base64 logo as a picture, readme preview and a settings form built from the plugin config schema, saved through update', async () => {
    const ts = '2026-04-01 00:00:00';
    const logo = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const configSchema = { type: 'object', properties: { greeting: { type: 'string', minLength: 1, 'x-label': { 'zh-cn': '问候语', 'zh-tw': '問候語', en: 'Greeting' } } } };
    const [pid] = await knex()('plugin_info').insert({
      name: 'Echo plugin',
      logo,
      keyName: 'echoProbe',
      version: '1.0.0',
      author: 'tests',
      status: 0,
      readme: '# Echo\n\nAnswers ping with the greeting.',
      pluginJson: JSON.stringify({ name: 'Echo plugin', key: 'echoProbe', configSchema, config: { greeting: 'pong' } }),
      config: JSON.stringify({ greeting: 'pong' }),
      createTime: ts,
      updateTime: ts,
    });
    await page.goto('/helper/plugins');
    const row = view().locator(`[data-testid="crud-table"] tbody tr[data-row-id="${Number(pid)}"]`);
    // The reference family stores plugin logos as bare base64: shown as the picture, never as its text.
    await row.locator(`img[src="data:image/png;base64,${logo}"]`).waitFor({ timeout: 5000 });
    assert.equal(await row.getByText(logo.slice(0, 20)).count(), 0);
    await row.getByTestId('plugin-readme').click();
    await page.getByText('Answers ping with the greeting.').waitFor();
    await screenshot(page, 'module-plugin-readme-zh-light');
    await page.keyboard.press('Escape');
    await row.locator('[data-op="edit"]').click();
    const greeting = page.getByTestId('plugin-config').getByLabel('问候语');
    await greeting.waitFor();
    assert.equal(await greeting.inputValue(), 'pong');
    await greeting.fill('hello there');
    await page.getByTestId('crud-save').click();
    await page.getByText('保存成功').waitFor();
    const saved = await knex()('plugin_info').where({ id: Number(pid) }).first();
    assert.deepEqual(typeof saved.config === 'string' ? JSON.parse(saved.config) : saved.config, { greeting: 'hello there' });
    assert.equal(Number(saved.status), 0);
  });

  it('addresses: province, city and district picked in one cascader are saved as three names', async () => {
    const ts = '2026-03-02 00:00:00';
    const [uid] = await knex()('user_info').insert({ nickName: 'E2E 收货人', createTime: ts, updateTime: ts });
    const [aid] = await knex()('user_address').insert({ userId: Number(uid), contact: '张三', phone: '13800000000', address: '科技园 1 号', createTime: ts, updateTime: ts });
    await page.goto('/user/address');
    await view().locator(`[data-testid="crud-table"] tbody tr[data-row-id="${Number(aid)}"] [data-op="edit"]`).click();
    const picker = page.locator('[data-field="province"] .semi-cascader');
    await picker.waitFor();
    assert.equal(await page.locator('[data-field="city"], [data-field="district"]').count(), 0, 'one picker for the three fields');
    await picker.click();
    for (const name of ['广东省', '深圳市', '南山区']) await page.locator('.semi-cascader-option', { hasText: new RegExp(`^${name}$`) }).click();
    assert.match(await picker.innerText(), /广东省 \/ 深圳市 \/ 南山区/);
    await screenshot(page, 'module-address-form-zh-light');
    await page.getByTestId('crud-save').click();
    await page.getByText('保存成功').waitFor();
    const saved = await knex()('user_address').where({ id: Number(aid) }).first();
    assert.deepEqual([saved.province, saved.city, saved.district], ['广东省', '深圳市', '南山区']);
    // The division list is a chunk of its own, loaded by the picker: never part of the entry bundle.
    const entry = await page.evaluate(() => [...document.querySelectorAll('script[src]')].map((el) => (el as HTMLScriptElement).src));
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name).filter((n) => /\.js$/.test(n)));
    const chunk = loaded.find((n) => /china/.test(n));
    assert.ok(chunk && !entry.includes(chunk), `the division chunk: ${loaded.join(', ')}`);
  });

  it('file space screen and tenant demo; every screen in en dark; no console errors', async () => {
    await page.goto('/space/list');
    await view().getByTestId('space-manage').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.space__item').length === 3);
    // A file dropped on the grid is uploaded and listed; a file deleted after confirmation is gone.
    const drop = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array([1, 2, 3])], 'dropped.txt', { type: 'text/plain' }));
      return dt;
    });
    await view().getByTestId('space-drop').dispatchEvent('drop', { dataTransfer: drop });
    await view().locator('.space__item', { hasText: 'dropped.txt' }).waitFor();
    assert.ok(await knex()('space_info').where({ name: 'dropped.txt' }).first());
    // Two type groups now: images and the text file, each under its label.
    assert.deepEqual(await view().locator('.space__group-title').allInnerTexts(), ['图片', (await view().locator('.space__item', { hasText: 'dropped.txt' }).locator('.space__meta span').first().innerText()).trim()]);
    await screenshot(page, 'module-space-zh-light');
    await view().locator('.space__item', { hasText: 'dropped.txt' }).getByRole('button', { name: '删除' }).click();
    await page.locator('.semi-modal', { hasText: '确定删除选中的 1 个文件吗' }).locator('.semi-modal-footer button').last().click();
    await page.waitForFunction(() => document.querySelectorAll('.sa-page[data-active] .space__item').length === 3);
    assert.equal(await knex()('space_info').where({ name: 'dropped.txt' }).first(), undefined);

    await page.goto('/demo/tenant');
    const demo = view().getByTestId('tenant-demo');
    await demo.waitFor();
    for (const name of ['use', 'noUse', 'noTenant']) {
      await demo.locator(`[data-action="${name}"] button`).click();
      await page.waitForFunction((n) => !!document.querySelector(`[data-testid="tenant-result-${n}"] pre`), name);
    }
    assert.match(await page.getByTestId('tenant-result-use').innerText(), /\d+ 条/);
    await screenshot(page, 'module-tenant-zh-light');

    await page.evaluate(() => {
      window.__schemaAdmin!.stores.app.setLocale('en');
      window.__schemaAdmin!.stores.app.setDark(true);
    });
    const shots: [string, string][] = [
      ['/dict/list', 'module-dict-en-dark'],
      ['/recycle/data', 'module-recycle-en-dark'],
      ['/task/list', 'module-task-en-dark'],
      ['/space/list', 'module-space-en-dark'],
      ['/demo/tenant', 'module-tenant-en-dark'],
      ['/user/list', 'module-user-en-dark'],
      ['/user/address', 'module-address-en-dark'],
      ['/helper/plugins', 'module-plugins-en-dark'],
      ['/sys/audit', 'module-audit-en-dark'],
    ];
    for (const [path, name] of shots) {
      await page.evaluate((p) => window.__schemaAdmin!.stores.app.navigate(p), path);
      await page.waitForURL((u) => u.pathname === path);
      await page.waitForTimeout(700);
      await screenshot(page, name);
    }
    // The audit (last shown) names the operator: the column reads the joined user name.
    assert.match(await view().locator('[data-testid="crud-table"] thead').innerText(), /Operator/);
    // The task tab shown again reloads its cards: a change made meanwhile shows without a click.
    await knex()('task_info').where({ name: '每秒执行,总共5次' }).update({ name: 'Renamed while away' });
    await page.evaluate(() => window.__schemaAdmin!.stores.app.navigate('/task/list'));
    await view().locator('.crud-grid__card', { hasText: 'Renamed while away' }).getByText('every 7 seconds').waitFor();
    // The task form (interval type) and the address picker in English, dark.
    await view().locator('.crud-grid__card', { hasText: 'Renamed while away' }).getByRole('button', { name: 'Edit' }).click();
    await page.locator('#root_every').waitFor();
    await screenshot(page, 'module-task-form-en-dark');
    await page.keyboard.press('Escape');
    await page.locator('#root_every').waitFor({ state: 'detached' });
    await page.evaluate(() => window.__schemaAdmin!.stores.app.navigate('/user/address'));
    await view().locator('[data-testid="crud-table"] tbody tr[data-row-id] [data-op="edit"]').first().click();
    await page.locator('[data-field="province"] .semi-cascader').click();
    await page.locator('.semi-cascader-option', { hasText: /^广东省$/ }).first().waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'module-address-form-en-dark');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.locator('[data-field="province"]').waitFor({ state: 'detached' });
    await page.evaluate(() => {
      window.__schemaAdmin!.stores.app.setLocale('zh-cn');
      window.__schemaAdmin!.stores.app.setDark(false);
    });
    for (const [path, name] of [['/user/list', 'module-user-zh-light'], ['/user/address', 'module-address-zh-light'], ['/helper/plugins', 'module-plugins-zh-light'], ['/sys/audit', 'module-audit-zh-light']] as const) {
      await page.evaluate((p) => window.__schemaAdmin!.stores.app.navigate(p), path);
      await page.waitForURL((u) => u.pathname === path);
      await page.waitForTimeout(700);
      await screenshot(page, name);
    }
    assert.deepEqual(consoleErrors.filter((e) => !/Failed to load resource/.test(e)), []);
  });

  it('under 768 px: task cards in one column, the file space with its categories above the grid', async () => {
    const narrow = await h.newPage({ width: 390, height: 800 });
    await loginThroughPage(narrow.page);
    const active = () => narrow.page.locator('.sa-page[data-active]');
    await narrow.page.goto('/task/list');
    await active().locator('.crud-grid__card').first().waitFor();
    const lefts = await active().locator('.crud-grid__card').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
    assert.equal(new Set(lefts).size, 1, 'one column');
    await screenshot(narrow.page, 'module-task-narrow-zh-light');
    await narrow.page.goto('/space/list');
    await active().locator('.space__item').first().waitFor();
    const [side, grid] = await Promise.all([active().locator('.crud-sidebar').boundingBox(), active().locator('.space__grid').first().boundingBox()]);
    assert.ok(side && grid && side.y + side.height <= grid.y, 'categories above the files');
    await screenshot(narrow.page, 'module-space-narrow-zh-light');
    assert.deepEqual(narrow.consoleErrors.filter((e) => !/Failed to load resource/.test(e)), []);
  });
});
