import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Model } from '../model.js';
import type { Eps, EpsEntry } from './eps.js';
import { generateEps } from './eps.js';
import { fixtureModel } from './fixtures.js';

function eps(model: Model = fixtureModel()): Eps {
  const file = generateEps(model);
  assert.equal(file.path, 'eps.json');
  assert.ok(file.content.endsWith('}\n'));
  return JSON.parse(file.content) as Eps;
}

function entry(data: Eps, prefix: string): EpsEntry {
  const found = Object.values(data).flat().find((e) => e.prefix === prefix);
  assert.ok(found, `no EPS entry for ${prefix}`);
  return found;
}

const col = (e: EpsEntry, name: string) => {
  const c = e.columns.find((x) => x.propertyName === name);
  assert.ok(c, `no column ${name} in ${e.prefix}`);
  return c;
};

describe('generateEps', () => {
  it('is deterministic', () => {
    assert.equal(generateEps(fixtureModel()).content, generateEps(fixtureModel()).content);
  });

  it('groups by module with sorted keys, entries in model order', () => {
    const model = fixtureModel();
    model.entities.reverse(); // module keys must be sorted regardless of entity order
    const data = eps(model);
    assert.deepEqual(Object.keys(data), ['base', 'demo', 'recycle']);
    assert.deepEqual(data.base!.map((e) => e.prefix), ['/admin/base/sys/user', '/admin/base/open']);
    for (const [module, list] of Object.entries(data)) for (const e of list) assert.equal(e.module, module);
  });

  it('keeps the 7.x key order, then the 8.x additions', () => {
    const data = eps();
    assert.deepEqual(Object.keys(entry(data, '/admin/demo/goods')), [
      'module', 'info', 'api', 'name', 'columns', 'prefix', 'label', 'pageQueryOp', 'search', 'screen',
    ]);
    assert.deepEqual(Object.keys(entry(data, '/admin/base/sys/user').api[0]!), [
      'method', 'path', 'summary', 'dts', 'tag', 'prefix', 'ignoreToken', 'labels',
    ]);
    assert.deepEqual(Object.keys(col(entry(data, '/admin/demo/goods'), 'status')), [
      'propertyName', 'type', 'length', 'comment', 'nullable', 'defaultValue', 'dict', 'labels',
    ]);
  });

  it('describes a controller-only entity without name, columns or query blocks', () => {
    const open = entry(eps(), '/admin/base/open');
    assert.equal('name' in open, false);
    assert.deepEqual(open.columns, []);
    assert.equal('pageQueryOp' in open, false);
    assert.equal('search' in open, false);
    assert.deepEqual(open.info, { type: { name: 'open', description: '' } });
    assert.deepEqual(open.api, [{
      method: 'get', path: '/eps', summary: '实体信息与路径', dts: {}, tag: '', prefix: '/admin/base/open', ignoreToken: true,
      labels: { 'zh-cn': '实体信息与路径', 'zh-tw': '實體資訊與路徑', en: 'Entity metadata and paths' },
    }]);
  });

  it('lists api items in action order, ignoreToken only for open actions', () => {
    const data = eps();
    const user = entry(data, '/admin/base/sys/user');
    assert.equal(user.name, 'BaseSysUserEntity');
    assert.deepEqual(user.info, { type: { name: 'user', description: '' } });
    assert.deepEqual(user.api.map((a) => `${a.method} ${a.path}`), [
      'post /add', 'post /delete', 'post /update', 'get /info', 'post /list', 'post /page', 'post /move',
    ]);
    assert.equal(user.api.find((a) => a.path === '/move')!.summary, '移动部门');
    const open = Object.values(data).flat().flatMap((e) => e.api.filter((a) => a.ignoreToken).map((a) => a.prefix + a.path));
    assert.deepEqual(open, ['/admin/base/open/eps']);
  });

  it('never lists secret columns', () => {
    const file = generateEps(fixtureModel());
    const user = entry(JSON.parse(file.content) as Eps, '/admin/base/sys/user');
    assert.deepEqual(user.columns.map((c) => c.propertyName), [
      'id', 'name', 'username', 'passwordV', 'isSuper', 'status', 'createTime', 'updateTime',
    ]);
    assert.equal(file.content.includes('"password"'), false);
  });

  it('moves createTime and updateTime to the end', () => {
    const model = fixtureModel();
    const goods = model.entities.find((e) => e.id === 'demo/goods')!;
    const [create, update] = goods.fields.splice(-2);
    goods.fields.splice(1, 0, update!, create!); // out of order on purpose
    const names = entry(eps(model), '/admin/demo/goods').columns.map((c) => c.propertyName);
    assert.deepEqual(names, ['id', 'title', 'price', 'status', 'type', 'exampleImages', 'updateTime', 'createTime']);
    for (const e of Object.values(eps()).flat()) {
      if (e.columns.length) assert.deepEqual(e.columns.slice(-2).map((c) => c.propertyName), ['createTime', 'updateTime']);
    }
  });

  it('maps column type, length, comment, nullable and defaultValue', () => {
    const goods = entry(eps(), '/admin/demo/goods');
    assert.deepEqual(
      goods.columns.map((c) => [c.propertyName, c.type, c.length, c.comment, c.nullable, c.defaultValue]),
      [
        ['id', 'number', '', 'ID', false, null],
        ['title', 'string', '50', '标题', false, null],
        ['price', 'decimal', '', '价格', false, 0],
        ['status', 'number', '', '状态', false, 1],
        ['type', 'number', '', '类型', true, null],
        ['exampleImages', 'json', '', '示例图', true, null],
        ['createTime', 'datetime', '', '创建时间', false, null],
        ['updateTime', 'datetime', '', '更新时间', false, null],
      ],
    );
    assert.deepEqual(col(goods, 'title').labels, { 'zh-cn': '标题', 'zh-tw': '標題', en: 'Title' });
    assert.equal(col(entry(eps(), '/admin/recycle/data'), 'url').length, '1000');
  });

  it('gives dict as options, a dictionary key, or nothing', () => {
    const data = eps();
    const goods = entry(data, '/admin/demo/goods');
    assert.deepEqual(col(goods, 'status').dict, [
      { value: 0, label: '禁用', labels: { 'zh-cn': '禁用', 'zh-tw': '禁用', en: 'Disabled' } },
      { value: 1, label: '启用', labels: { 'zh-cn': '启用', 'zh-tw': '啟用', en: 'Enabled' } },
    ]);
    assert.equal(col(goods, 'type').dict, 'goodsType');
    assert.equal('dict' in col(goods, 'title'), false);
    const userStatus = col(entry(data, '/admin/base/sys/user'), 'status').dict as { color?: string }[];
    assert.deepEqual(userStatus.map((o) => o.color), ['danger', 'success']);
  });

  it('adds pageQueryOp and search for entities with a table', () => {
    const data = eps();
    const goods = entry(data, '/admin/demo/goods');
    assert.deepEqual(goods.pageQueryOp, { keyWordLikeFields: ['a.title'], fieldEq: ['a.status', 'a.type'], fieldLike: ['a.title'] });
    assert.deepEqual(goods.search!.keyWordLikeFields, [
      { propertyName: 'title', comment: '标题', labels: { 'zh-cn': '标题', 'zh-tw': '標題', en: 'Title' } },
    ]);
    assert.deepEqual(goods.search!.fieldEq.map((f) => [f.propertyName, f.comment, f.dict]), [
      ['status', '状态', col(goods, 'status').dict],
      ['type', '类型', 'goodsType'],
    ]);
    assert.deepEqual(goods.search!.fieldLike.map((f) => [f.propertyName, f.comment, 'dict' in f]), [['title', '标题', false]]);
    assert.deepEqual(goods.screen, {
      columns: ['title', 'price', 'type', 'status', 'createTime'],
      search: { keyWord: true, filters: ['status', 'type', 'title'] },
    });
    assert.deepEqual(goods.label, { 'zh-cn': '商品', 'zh-tw': '商品', en: 'Goods' });
  });

  it('resolves joined columns through the join alias', () => {
    const recycle = entry(eps(), '/admin/recycle/data');
    assert.deepEqual(recycle.pageQueryOp, {
      keyWordLikeFields: ['b.name', 'a.url'], fieldEq: ['a.userId'], fieldLike: ['b.username'],
    });
    assert.deepEqual(recycle.search, {
      keyWordLikeFields: [
        // b.name is selected as userName; its labels come from base/sys/user.name
        { propertyName: 'userName', comment: '姓名', labels: { 'zh-cn': '姓名', 'zh-tw': '姓名', en: 'Name' } },
        { propertyName: 'url', comment: '请求接口', labels: { 'zh-cn': '请求接口', 'zh-tw': '請求介面', en: 'Request URL' } },
      ],
      fieldEq: [{ propertyName: 'userId', comment: '操作人', labels: { 'zh-cn': '操作人', 'zh-tw': '操作人', en: 'Operator' } }],
      // not selected by the join: the request param names it, labels still from the joined entity
      fieldLike: [{ propertyName: 'operator', comment: '用户名', labels: { 'zh-cn': '用户名', 'zh-tw': '使用者名稱', en: 'Username' } }],
      fieldRange: [],
    });
    assert.equal('screen' in recycle, false);
  });
});
