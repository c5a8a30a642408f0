/** Server messages; zh-cn is the typed source, the other locales must have every key. */
export const zhCn = {
  'auth.badCaptcha': '验证码不正确',
  'auth.badCredentials': '账户或密码不正确~',
  'auth.expired': '登录失效~',
  'auth.forbidden': '登录失效或无权限访问~',
  'auth.invalid': '登录失效或无权限访问~',
  'auth.locked': '登录失败次数过多，请 {seconds} 秒后再试',
  'auth.noRole': '该用户未设置任何角色，无法登录~',
  'auth.oldPasswordWrong': '原密码错误',
  'auth.superOnly': '仅超级管理员可以执行此操作',
  'error.badJson': '请求体不是合法的 JSON：{detail}',
  'error.bodyTooLarge': '请求体过大（上限 {limit}）',
  'error.batchTooLarge': '一次最多提交 {max} 条数据',
  'error.duplicate': '{label}已存在',
  'error.idsRequired': '参数 ids 不能为空，应为 id 数组',
  'error.internal': '服务器内部错误，请稍后再试',
  'error.listTooLarge': '结果超过 {max} 条，请使用分页查询',
  'error.noUpdatableField': '没有可更新的字段',
  'error.notFoundRoute': '{path} 不存在',
  'error.orderColumn': '不能按「{column}」排序，可用：{allowed}',
  'error.outOfScope': '无权操作该数据（超出数据权限，{id}）',
  'error.parameter': '参数格式错误：{detail}',
  'error.recordNotFound': '数据不存在（id={id}）',
  'error.sortMismatch': '排序参数不正确：order 与 sort 的数量不一致',
  'error.tooLong': '{label}过长',
  'error.validation': '{label}：{message}',
  success: 'success',
};

export type Messages = typeof zhCn;
export type MessageKey = keyof Messages;
