/**
 * A hand-made sanitized Model for the target tests (what `loadModel` would produce for four
 * small schemas). Kept independent of the loader so target tests do not depend on it.
 */
import type { ActionModel, EntityModel, FieldModel, GenericAction, JsonSchema, Labels, Model } from '../model.js';

export function L(zhCn: string, en: string, zhTw: string = zhCn): Labels {
  return { 'zh-cn': zhCn, 'zh-tw': zhTw, en };
}

type FieldInit = Partial<FieldModel> & Pick<FieldModel, 'name' | 'type' | 'label' | 'schema'>;

function field(init: FieldInit): FieldModel {
  return {
    nullable: false,
    unique: false,
    index: false,
    secret: false,
    implicit: false,
    readOnly: false,
    ...init,
  };
}

const idField = (): FieldModel =>
  field({ name: 'id', type: 'integer', label: L('ID', 'ID'), implicit: true, readOnly: true, schema: { type: 'integer', minimum: 1 } });

const timeFields = (): FieldModel[] => [
  field({
    name: 'createTime', type: 'datetime', label: L('创建时间', 'Created at', '建立時間'),
    implicit: true, readOnly: true, index: true, schema: { type: 'string', format: 'datetime' },
  }),
  field({
    name: 'updateTime', type: 'datetime', label: L('更新时间', 'Updated at', '更新時間'),
    implicit: true, readOnly: true, index: true, schema: { type: 'string', format: 'datetime' },
  }),
];

const GENERIC_SUMMARY: Record<GenericAction, Labels> = {
  add: L('新增', 'Add'),
  delete: L('删除', 'Delete', '刪除'),
  update: L('修改', 'Update'),
  info: L('单个信息', 'Info', '單個資訊'),
  list: L('列表查询', 'List', '列表查詢'),
  page: L('分页查询', 'Page', '分頁查詢'),
  history: L('历史记录', 'History', '歷史記錄'),
};

function generic(id: string, name: GenericAction): ActionModel {
  return {
    name,
    method: name === 'info' ? 'get' : 'post',
    path: `/${name}`,
    url: `/admin/${id}/${name}`,
    generic: name,
    auth: 'perm',
    perm: `${id.split('/').join(':')}:${name}`,
    summary: GENERIC_SUMMARY[name],
  };
}

/** A generic action overridden by a named handler: the sanitizer keeps `generic` and sets `handler`. */
function overridden(id: string, name: GenericAction, handler: string): ActionModel {
  return { ...generic(id, name), handler };
}

function custom(id: string, init: Omit<ActionModel, 'path' | 'url' | 'perm'>): ActionModel {
  return { ...init, path: `/${init.name}`, url: `/admin/${id}/${init.name}`, perm: `${id.split('/').join(':')}:${init.name}` };
}

const emptyQuery = (): EntityModel['query'] => ({ keyWordLikeFields: [], fieldEq: [], fieldLike: [], fieldRange: [], order: [], join: [] });

const baseOpen: EntityModel = {
  id: 'base/open',
  module: 'base',
  file: 'schemas/base/open.json',
  handlerModule: 'base/open',
  prefix: '/admin/base/open',
  label: L('开放接口', 'Open endpoints', '開放介面'),
  fields: [],
  required: [],
  actions: [
    custom('base/open', {
      name: 'eps', method: 'get', handler: 'eps', auth: 'open',
      summary: L('实体信息与路径', 'Entity metadata and paths', '實體資訊與路徑'),
    }),
  ],
  query: emptyQuery(),
  indexes: [],
  tenant: false,
  recycle: false,
  audit: false,
  defs: {},
};

const statusOptions = [
  { value: 0, label: L('禁用', 'Disabled'), color: 'danger' },
  { value: 1, label: L('启用', 'Enabled', '啟用'), color: 'success' },
];

const moveDef: JsonSchema = {
  type: 'object',
  properties: {
    departmentId: { type: 'integer', minimum: 1 },
    userIds: { type: 'array', items: { $ref: '#/$defs/userId' }, minItems: 1 },
  },
  required: ['departmentId', 'userIds'],
  additionalProperties: false,
};

const baseSysUser: EntityModel = {
  id: 'base/sys/user',
  module: 'base',
  file: 'schemas/base/sys-user.json',
  handlerModule: 'base/sys-user',
  prefix: '/admin/base/sys/user',
  name: 'BaseSysUserEntity',
  table: 'base_sys_user',
  label: L('系统用户', 'System user', '系統使用者'),
  fields: [
    idField(),
    field({ name: 'name', type: 'string', nullable: true, length: 255, label: L('姓名', 'Name'), schema: { type: ['string', 'null'], maxLength: 255 } }),
    field({
      name: 'username', type: 'string', length: 100, unique: true, label: L('用户名', 'Username', '使用者名稱'),
      schema: { type: 'string', minLength: 1, maxLength: 100 },
    }),
    field({
      name: 'password', type: 'string', nullable: true, length: 255, secret: true, label: L('密码', 'Password', '密碼'),
      schema: { type: ['string', 'null'], minLength: 6, maxLength: 16, writeOnly: true, description: 'Plain password in requests.' },
    }),
    field({
      name: 'passwordV', type: 'integer', default: 1, readOnly: true, label: L('密码版本', 'Password version', '密碼版本'),
      schema: { type: 'integer', default: 1, readOnly: true },
    }),
    field({
      name: 'isSuper', type: 'boolean', default: false, readOnly: true, label: L('超级管理员', 'Super admin', '超級管理員'),
      schema: { type: 'boolean', default: false, readOnly: true },
    }),
    field({
      name: 'status', type: 'integer', default: 1, label: L('状态', 'Status', '狀態'), options: statusOptions,
      schema: { type: 'integer', enum: [0, 1], default: 1 },
    }),
    ...timeFields(),
  ],
  required: ['username'],
  actions: [
    generic('base/sys/user', 'add'),
    generic('base/sys/user', 'delete'),
    generic('base/sys/user', 'update'),
    generic('base/sys/user', 'info'),
    generic('base/sys/user', 'list'),
    // a generic action overridden by a named handler: same request shape, `generic` kept
    overridden('base/sys/user', 'page', 'page'),
    custom('base/sys/user', {
      name: 'move', method: 'post', handler: 'move', auth: 'perm',
      summary: L('移动部门', 'Move department', '移動部門'), body: { $ref: '#/$defs/move' },
    }),
  ],
  query: { ...emptyQuery(), keyWordLikeFields: ['a.name', 'a.username'], fieldEq: [{ column: 'a.status', param: 'status' }] },
  indexes: [{ name: 'IDX_base_sys_user_username', columns: ['username'], unique: true }],
  tenant: false,
  recycle: true,
  audit: false,
  defs: { move: moveDef, userId: { type: 'integer', minimum: 1 } },
};

const demoGoods: EntityModel = {
  id: 'demo/goods',
  module: 'demo',
  file: 'schemas/demo/goods.json',
  handlerModule: 'demo/goods',
  prefix: '/admin/demo/goods',
  name: 'DemoGoodsEntity',
  table: 'demo_goods',
  label: L('商品', 'Goods'),
  fields: [
    idField(),
    field({
      name: 'title', type: 'string', length: 50, label: L('标题', 'Title', '標題'),
      schema: { type: 'string', minLength: 1, maxLength: 50 },
    }),
    field({
      name: 'price', type: 'decimal', precision: 10, scale: 2, default: 0, label: L('价格', 'Price', '價格'),
      schema: { type: 'number', minimum: 0, multipleOf: 0.01, default: 0 },
    }),
    field({
      name: 'status', type: 'integer', default: 1, label: L('状态', 'Status', '狀態'),
      options: [
        { value: 0, label: L('禁用', 'Disabled') },
        { value: 1, label: L('启用', 'Enabled', '啟用') },
      ],
      schema: { type: 'integer', enum: [0, 1], default: 1 },
    }),
    field({
      name: 'type', type: 'integer', nullable: true, dict: 'goodsType', label: L('类型', 'Type', '類型'),
      schema: { type: ['integer', 'null'] },
    }),
    field({
      name: 'exampleImages', type: 'json', nullable: true, label: L('示例图', 'Example images', '示例圖'),
      schema: { type: ['array', 'null'], items: { type: 'string', title: 'Image URL' } },
    }),
    ...timeFields(),
  ],
  required: ['title'],
  actions: [
    ...(['add', 'delete', 'update', 'info', 'list', 'page'] as const).map((a) => generic('demo/goods', a)),
    custom('demo/goods', {
      name: 'stats', method: 'get', handler: 'stats', auth: 'login',
      summary: L('统计', 'Statistics', '統計'),
      query: { type: 'object', properties: { status: { type: 'integer', enum: [0, 1] } } },
    }),
  ],
  query: {
    ...emptyQuery(),
    keyWordLikeFields: ['a.title'],
    fieldEq: [
      { column: 'a.status', param: 'status' },
      { column: 'a.type', param: 'type' },
    ],
    fieldLike: [{ column: 'a.title', param: 'title' }],
  },
  indexes: [],
  tenant: false,
  recycle: true,
  audit: false,
  screen: { columns: ['title', 'price', 'type', 'status', 'createTime'], search: { keyWord: true, filters: ['status', 'type', 'title'] } },
  defs: {},
};

const recycleData: EntityModel = {
  id: 'recycle/data',
  module: 'recycle',
  file: 'schemas/kernel/recycle-data.json',
  handlerModule: 'recycle/data',
  prefix: '/admin/recycle/data',
  name: 'RecycleDataEntity',
  table: 'recycle_data',
  label: L('回收站', 'Recycle bin', '資源回收筒'),
  fields: [
    idField(),
    field({
      name: 'entityInfo', type: 'json', label: L('实体信息', 'Entity info', '實體資訊'),
      schema: { type: 'object', description: 'Which entity the rows belong to.' },
    }),
    field({
      name: 'userId', type: 'integer', nullable: true, index: true, ref: 'base/sys/user', label: L('操作人', 'Operator'),
      schema: { type: ['integer', 'null'] },
    }),
    field({
      name: 'data', type: 'json', label: L('被删除的数据', 'Deleted data', '被刪除的資料'),
      schema: { type: 'array', items: { type: 'object' } },
    }),
    field({
      name: 'url', type: 'string', nullable: true, length: 1000, label: L('请求接口', 'Request URL', '請求介面'),
      schema: { type: ['string', 'null'], maxLength: 1000 },
    }),
    ...timeFields(),
  ],
  required: ['entityInfo', 'data'],
  actions: [generic('recycle/data', 'page'), generic('recycle/data', 'info')],
  query: {
    keyWordLikeFields: ['b.name', 'a.url'],
    fieldEq: [{ column: 'a.userId', param: 'userId' }],
    fieldLike: [{ column: 'b.username', param: 'operator' }],
    fieldRange: [],
    order: [{ column: 'a.createTime', direction: 'desc' }],
    join: [{ entity: 'base/sys/user', table: 'base_sys_user', alias: 'b', on: 'userId', select: { userName: 'name' } }],
  },
  indexes: [{ name: 'IDX_recycle_data_userId', columns: ['userId'], unique: false }],
  tenant: false,
  recycle: false,
  audit: false,
  defs: {},
};

/** Fresh copy on every call, so a test may mutate it. */
export function fixtureModel(): Model {
  return structuredClone({ entities: [baseOpen, baseSysUser, demoGoods, recycleData] });
}
