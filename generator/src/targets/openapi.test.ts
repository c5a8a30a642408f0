import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixtureModel } from './fixtures.js';
import { generateOpenApi } from './openapi.js';

type Obj = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function doc(): Obj {
  const file = generateOpenApi(fixtureModel());
  assert.equal(file.path, 'openapi.json');
  return JSON.parse(file.content) as Obj;
}

/** Resolves a local JSON pointer (`#/a/b`) inside `root`; undefined when it points nowhere. */
function resolvePointer(root: Obj, ref: string): unknown {
  assert.ok(ref.startsWith('#/'), `non-local $ref ${ref}`);
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in (node as Obj))) return undefined;
    node = (node as Obj)[key];
  }
  return node;
}

function collectRefs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => collectRefs(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else collectRefs(v, out);
    }
  }
  return out;
}

const op = (d: Obj, url: string, method = 'post'): Obj => {
  const o = d.paths[url]?.[method];
  assert.ok(o, `no ${method} ${url}`);
  return o;
};
const body = (o: Obj): Obj => o.requestBody.content['application/json'].schema;
const data = (o: Obj): Obj => {
  const s = o.responses['200'].content['application/json'].schema;
  assert.equal(s.allOf[0].$ref, '#/components/schemas/Envelope');
  return s.allOf[1].properties.data;
};

describe('generateOpenApi', () => {
  it('is deterministic JSON', () => {
    const a = generateOpenApi(fixtureModel()).content;
    assert.equal(a, generateOpenApi(fixtureModel()).content);
    assert.ok(a.endsWith('\n'));
    JSON.parse(a);
  });

  it('has the document header, security scheme, envelope and sorted tags', () => {
    const d = doc();
    assert.equal(d.openapi, '3.1.0');
    assert.deepEqual(d.info, { title: 'Schema Admin admin API', version: '1' });
    assert.deepEqual(d.servers, [{ url: '/' }]);
    const { description: _d, ...token } = d.components.securitySchemes.token;
    assert.deepEqual(token, { type: 'apiKey', in: 'header', name: 'Authorization' });
    assert.deepEqual(Object.keys(d.components.schemas.Envelope.properties), ['code', 'message', 'data']);
    assert.equal(d.components.schemas.Envelope.properties.code.type, 'integer');
    assert.deepEqual(d.tags, [{ name: 'base' }, { name: 'demo' }, { name: 'recycle' }]);
  });

  it('is structurally valid: every $ref resolves, every path has an operation, operationIds are unique', () => {
    const d = doc();
    const refs = collectRefs(d);
    assert.ok(refs.length > 20);
    for (const ref of refs) assert.notEqual(resolvePointer(d, ref), undefined, `unresolved $ref ${ref}`);
    const ids: string[] = [];
    for (const [url, item] of Object.entries(d.paths as Obj)) {
      const ops = Object.keys(item).filter((k) => METHODS.includes(k));
      assert.ok(ops.length >= 1, `${url} has no operation`);
      for (const m of ops) {
        ids.push(item[m].operationId);
        assert.ok(item[m].responses['200'], `${m} ${url} has no 200 response`);
      }
    }
    assert.equal(new Set(ids).size, ids.length);
    const urls = fixtureModel().entities.flatMap((e) => e.actions.map((a) => a.url));
    assert.deepEqual(Object.keys(d.paths), urls);
  });

  it('keeps secret fields out of the response schema but in the request schemas', () => {
    const s = doc().components.schemas;
    assert.equal('password' in s.BaseSysUser.properties, false);
    assert.equal(s.BaseSysUser.required.includes('password'), false);
    assert.deepEqual(s.BaseSysUser.required, ['id', 'username', 'passwordV', 'isSuper', 'status', 'createTime', 'updateTime']);
    assert.equal(s.BaseSysUser.properties.isSuper.readOnly, true);
    assert.deepEqual(Object.keys(s.BaseSysUserInput.properties), ['name', 'username', 'password', 'status']);
    assert.deepEqual(s.BaseSysUserInput.required, ['username']);
    assert.deepEqual(Object.keys(s.BaseSysUserUpdate.properties), ['id', 'name', 'username', 'password', 'status']);
    assert.deepEqual(s.BaseSysUserUpdate.required, ['id']);
    // responses reference the secret-free schema
    assert.equal(data(op(doc(), '/admin/base/sys/user/info', 'get')).$ref, '#/components/schemas/BaseSysUser');
  });

  it('builds the entity schema from the field schemas (decimals as strings)', () => {
    const goods = doc().components.schemas.DemoGoods;
    assert.equal(goods.type, 'object');
    assert.deepEqual(Object.keys(goods.properties), ['id', 'title', 'price', 'status', 'type', 'exampleImages', 'createTime', 'updateTime']);
    assert.deepEqual(goods.required, ['id', 'title', 'price', 'status', 'createTime', 'updateTime']);
    assert.equal(goods.properties.title.maxLength, 50);
    assert.equal(goods.properties.price.type, 'string');
    assert.ok(new RegExp(goods.properties.price.pattern).test('19.99'));
    assert.deepEqual(goods.properties.type.type, ['integer', 'null']);
    assert.deepEqual(goods.properties.status.enum, [0, 1]);
    const input = doc().components.schemas.DemoGoodsInput;
    assert.equal(input.properties.price.type, 'number');
    assert.equal('id' in input.properties || 'createTime' in input.properties, false);
    assert.deepEqual(input.required, ['title']);
  });

  it('describes operations: operationId, summary, tags, security and x-permission', () => {
    const d = doc();
    const page = op(d, '/admin/demo/goods/page');
    assert.equal(page.operationId, 'demo_goods_page');
    assert.equal(page.summary, 'Page');
    assert.ok(page.description.includes('分页查询'));
    assert.deepEqual(page.tags, ['demo']);
    assert.deepEqual(page.security, [{ token: [] }]);
    assert.equal(page['x-permission'], 'demo:goods:page');

    const eps = op(d, '/admin/base/open/eps', 'get');
    assert.equal(eps.operationId, 'base_open_eps');
    assert.deepEqual(eps.security, []);
    assert.equal('x-permission' in eps, false);
    assert.equal('401' in eps.responses, false);

    const stats = op(d, '/admin/demo/goods/stats', 'get');
    assert.deepEqual(stats.security, [{ token: [] }]);
    assert.equal('x-permission' in stats, false); // auth login
  });

  it('shapes the generic actions', () => {
    const d = doc();
    const add = body(op(d, '/admin/demo/goods/add'));
    assert.deepEqual(add.oneOf[0], { $ref: '#/components/schemas/DemoGoodsInput' });
    assert.deepEqual(add.oneOf[1].items, { $ref: '#/components/schemas/DemoGoodsInput' });
    assert.deepEqual(data(op(d, '/admin/demo/goods/add')).properties.id.oneOf, [
      { type: 'integer' }, { type: 'array', items: { type: 'integer' } },
    ]);
    assert.equal(body(op(d, '/admin/demo/goods/update')).oneOf[0].$ref, '#/components/schemas/DemoGoodsUpdate');
    assert.deepEqual(body(op(d, '/admin/demo/goods/delete')), {
      type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' }, minItems: 1 } }, required: ['ids'],
    });
    const info = op(d, '/admin/demo/goods/info', 'get');
    assert.deepEqual(info.parameters, [{ name: 'id', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } }]);
    assert.equal(info.requestBody, undefined);
    assert.deepEqual(data(op(d, '/admin/demo/goods/list')), { type: 'array', items: { $ref: '#/components/schemas/DemoGoods' } });

    const pageBody = body(op(d, '/admin/demo/goods/page'));
    assert.deepEqual(Object.keys(pageBody.properties), ['page', 'size', 'order', 'sort', 'keyWord', 'status', 'type', 'title', 'where']);
    assert.deepEqual(pageBody.properties.page, { type: 'integer', minimum: 1, default: 1 });
    assert.deepEqual(pageBody.properties.size, { type: 'integer', minimum: 1, maximum: 1000, default: 20 });
    const sort = new RegExp(pageBody.properties.sort.pattern);
    for (const ok of ['asc', 'DESC', 'asc,desc', ' desc , asc ']) assert.match(ok, sort);
    for (const bad of ['sideways', 'asc;drop', '', 'asc,,desc']) assert.doesNotMatch(bad, sort);
    assert.deepEqual(pageBody.properties.status.anyOf[1].type, 'array');
    assert.equal(pageBody.properties.title.type, 'string');
    const pageData = data(op(d, '/admin/demo/goods/page'));
    assert.deepEqual(pageData.properties.list.items, { $ref: '#/components/schemas/DemoGoods' });
    assert.deepEqual(Object.keys(pageData.properties.pagination.properties), ['page', 'size', 'total', 'totalExact']);
    assert.deepEqual(pageData.properties.pagination.required, ['page', 'size', 'total'], 'totalExact only marks an approximate total');
    // list takes the same filters, without paging
    assert.deepEqual(Object.keys(body(op(d, '/admin/demo/goods/list')).properties), ['order', 'sort', 'keyWord', 'status', 'type', 'title', 'where']);
    // join filters use the request param
    assert.deepEqual(Object.keys(body(op(d, '/admin/recycle/data/page')).properties).slice(5), ['userId', 'operator', 'where']);
  });

  it('keeps the generic shape for a generic action overridden by a handler', () => {
    const page = op(doc(), '/admin/base/sys/user/page');
    assert.deepEqual(Object.keys(body(page).properties), ['page', 'size', 'order', 'sort', 'keyWord', 'status']);
    assert.deepEqual(data(page).properties.list.items, { $ref: '#/components/schemas/BaseSysUser' });
  });

  it('rewrites custom action $defs refs to components', () => {
    const d = doc();
    const move = op(d, '/admin/base/sys/user/move');
    assert.deepEqual(body(move), { $ref: '#/components/schemas/BaseSysUser_move' });
    const def = d.components.schemas.BaseSysUser_move;
    assert.deepEqual(def.required, ['departmentId', 'userIds']);
    assert.equal(def.properties.userIds.items.$ref, '#/components/schemas/BaseSysUser_userId');
    assert.deepEqual(move.responses['200'].content['application/json'].schema, { $ref: '#/components/schemas/Envelope' });

    const stats = op(d, '/admin/demo/goods/stats', 'get');
    assert.deepEqual(stats.parameters, [{ name: 'status', in: 'query', required: false, schema: { type: 'integer', enum: [0, 1] } }]);
    assert.equal(stats.requestBody, undefined);
  });

  it('names controller-only components after the $id', () => {
    const model = fixtureModel();
    const open = model.entities[0]!;
    open.defs = { login: { type: 'object', properties: { username: { type: 'string' } } } };
    open.actions.push({
      name: 'login', method: 'post', path: '/login', url: '/admin/base/open/login', handler: 'login', auth: 'open',
      perm: 'base:open:login', summary: { 'zh-cn': '登录', 'zh-tw': '登入', en: 'Log in' }, body: { $ref: '#/$defs/login' },
    });
    const d = JSON.parse(generateOpenApi(model).content) as Obj;
    assert.deepEqual(body(d.paths['/admin/base/open/login'].post), { $ref: '#/components/schemas/BaseOpen_login' });
    assert.ok(d.components.schemas.BaseOpen_login);
    assert.equal(d.components.schemas.BaseOpen, undefined);
  });
});
