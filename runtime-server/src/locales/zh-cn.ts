/** Server messages; zh-cn is the typed source, the other locales must have every key. */
export const zhCn = {
  'auth.expired': '登录失效~',
  'auth.forbidden': '登录失效或无权限访问~',
  'auth.invalid': '登录失效或无权限访问~',
  'auth.superOnly': '仅超级管理员可以执行此操作',
  'data.importTooManyRows': '文件超过 {max} 行，无法导入；请拆分后再导入',
  'data.importCancelled': '导入已取消',
  'data.importInvalid': '有 {n} 行数据不符合要求，未导入任何数据，请下载错误报告',
  'data.importSkipped': '跳过了 {n} 行，请下载错误报告',
  'data.instanceStopped': '执行任务的服务实例已停止',
  'error.badEncoding': '请求体与其 Content-Encoding（{encoding}）不符，无法解压',
  'error.badJson': '请求体不是合法的 JSON：{detail}',
  'error.bodyTooLarge': '请求体过大（上限 {limit}）',
  'error.batchTooLarge': '一次最多提交 {max} 条数据',
  'error.duplicate': '{label}已存在',
  'error.idsRequired': '参数 ids 不能为空，应为 id 数组',
  'error.dbUnavailable': '数据库暂时不可用，请稍后再试',
  'error.queryTimeout': '查询耗时过长，请缩小筛选范围后重试',
  'error.internal': '服务器内部错误，请稍后再试',
  'error.listTooLarge': '结果超过 {max} 条，请使用分页查询',
  'error.noUpdatableField': '没有可更新的字段',
  'error.notFoundRoute': '{path} 不存在',
  'error.orderColumn': '不能按「{column}」排序，可用：{allowed}',
  'error.outOfScope': '无权操作该数据（超出数据权限，{id}）',
  'error.parameter': '参数格式错误：{detail}',
  'error.valueRange': '有值超出了字段可存储的范围（数字或文本过大，或与字段类型不符）',
  'error.unknownEntity': '没有这个实体：{prefix}',
  'error.recordNotFound': '数据不存在（id={id}）',
  'error.relationNotFound': '{field}不存在（id={ids}）',
  'error.rateLimited': '请求过于频繁，请 {seconds} 秒后再试',
  'error.sortMismatch': '排序参数不正确：order 与 sort 的数量不一致',
  'error.where': '高级筛选格式错误：{reason}',
  'error.whereField': '不能按「{field}」筛选',
  'error.whereOp': '字段「{field}」不支持条件「{op}」，可用：{allowed}',
  'error.tooLong': '{label}过长',
  'error.validation': '{label}：{message}',
  'recycle.conflict': '无法恢复：{entity} id={id} 与现有数据冲突（{reason}已存在），未做任何更改',
  'recycle.unknownEntity': '无法恢复：实体 {entity} 已不存在',
  'role.departmentNotFound': '部门不存在（id={ids}）',
  'role.menuNotFound': '菜单不存在（id={ids}）',
  // space (upload plugin storage)
  success: 'success',
  // task
  'upload.bodyTooLarge': '上传内容过大，总大小不能超过{n}MB',
  'upload.empty': '上传文件为空',
  'upload.malformed': '上传请求格式不正确',
  'upload.storeFailed': '文件无法保存到服务器（{reason}），未保存任何内容',
  'upload.tooLarge': '大小不能超过{n}MB',
  'upload.tooMany': '最多只能上传{n}个文件',
  'user.badUsername': '用户名不能包含空白、控制或格式字符',
  // coding
  'coding.field.badArg': '字段「{token}」的参数无效（string:长度、decimal:精度,小数位、dict:字典键、ref:模块/实体）',
  'coding.field.badName': '字段名「{token}」无效：小写字母开头的驼峰命名，例如 unitPrice',
  'coding.field.duplicate': '字段「{token}」重复',
  'coding.field.empty': '请至少提供一个字段',
  'coding.field.reserved': '字段「{token}」是保留字段（id、createTime、updateTime、tenantId 由系统维护）',
  'coding.field.unknownType': '字段「{token}」的类型未知；可用：string、text、int、bigint、decimal、number、bool、date、datetime、json、dict、ref',
  // plugin
  'plugin.path.absolute': '插件包含绝对路径「{path}」，已拒绝',
  'plugin.path.badName': '插件包含不合法的文件路径「{path}」，已拒绝',
  'plugin.path.traversal': '插件包含指向包外的路径「{path}」，已拒绝',
};

export type Messages = typeof zhCn;
import type { ModuleMessageKeys } from './moduleKeys.js';

/** A kernel key, or one a module's `messages.ts` declares. */
export type MessageKey = keyof Messages | keyof ModuleMessageKeys;
