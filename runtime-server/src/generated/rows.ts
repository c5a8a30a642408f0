// Generated from schemas/ by `npm run generate` — do not edit.
// Rows as Knex returns them on every database: booleans 0/1, decimals a string or a number, json text or
// parsed, times strings (docs/kernel-and-modules.md, "Typed rows").

/** `base_sys_audit` (`base/sys/audit`). */
export type BaseSysAuditRow = {
  id: number;
  entity: string;
  recordId: number | null;
  action: string;
  userId: number | null;
  url: string | null;
  changes: unknown;
  createTime: string;
  updateTime: string;
};

/** `base_sys_captcha` (`base/sys/captcha`). */
export type BaseSysCaptchaRow = {
  id: number;
  captchaId: string;
  answerHash: string;
  expireTime: string;
  createTime: string;
  updateTime: string;
};

/** `base_sys_conf` (`base/sys/conf`). */
export type BaseSysConfRow = {
  id: number;
  cKey: string;
  cValue: string | null;
  createTime: string;
  updateTime: string;
};

/** `base_sys_data_job` (`base/sys/dataJob`). */
export type BaseSysDataJobRow = {
  id: number;
  userId: number;
  kind: string;
  entity: string;
  format: string;
  status: number;
  total: number;
  processed: number;
  file: string | null;
  fileName: string | null;
  error: string | null;
  params: unknown;
  expireTime: string | null;
  createTime: string;
  updateTime: string;
};

/** `base_sys_department` (`base/sys/department`). */
export type BaseSysDepartmentRow = {
  id: number;
  name: string;
  userId: number | null;
  parentId: number | null;
  orderNum: number;
  createTime: string;
  updateTime: string;
};

/** `base_sys_log` (`base/sys/log`). */
export type BaseSysLogRow = {
  id: number;
  userId: number | null;
  action: string;
  ip: string | null;
  params: unknown;
  createTime: string;
  updateTime: string;
};

/** `base_sys_login_attempt` (`base/sys/loginAttempt`). */
export type BaseSysLoginAttemptRow = {
  id: number;
  scope: string;
  failures: number;
  lockedUntil: string | null;
  createTime: string;
  updateTime: string;
};

/** `base_sys_menu` (`base/sys/menu`). */
export type BaseSysMenuRow = {
  id: number;
  parentId: number | null;
  name: string;
  router: string | null;
  perms: string | null;
  type: number;
  icon: string | null;
  orderNum: number;
  viewPath: string | null;
  keepAlive: number;
  isShow: number;
  createTime: string;
  updateTime: string;
};

/** `base_sys_param` (`base/sys/param`). */
export type BaseSysParamRow = {
  id: number;
  keyName: string;
  name: string;
  data: string | null;
  dataType: number;
  remark: string | null;
  createTime: string;
  updateTime: string;
};

/** `base_sys_rate` (`base/sys/rate`). */
export type BaseSysRateRow = {
  id: number;
  bucket: string;
  hits: number;
  expireTime: string;
  createTime: string;
  updateTime: string;
};

/** `base_sys_role` (`base/sys/role`). */
export type BaseSysRoleRow = {
  id: number;
  userId: number | null;
  name: string;
  label: string | null;
  remark: string | null;
  relevance: number;
  menuIdList: unknown;
  departmentIdList: unknown;
  createTime: string;
  updateTime: string;
};

/** `base_sys_role_department` (`base/sys/roleDepartment`). */
export type BaseSysRoleDepartmentRow = {
  id: number;
  roleId: number;
  departmentId: number;
  createTime: string;
  updateTime: string;
};

/** `base_sys_role_menu` (`base/sys/roleMenu`). */
export type BaseSysRoleMenuRow = {
  id: number;
  roleId: number;
  menuId: number;
  createTime: string;
  updateTime: string;
};

/** `base_sys_session` (`base/sys/session`). */
export type BaseSysSessionRow = {
  id: number;
  userId: number;
  refreshHash: string;
  expireTime: string;
  revokedTime: string | null;
  ip: string | null;
  createTime: string;
  updateTime: string;
};

/** `base_sys_user` (`base/sys/user`). */
export type BaseSysUserRow = {
  id: number;
  departmentId: number | null;
  userId: number | null;
  name: string | null;
  username: string;
  password: string | null;
  passwordV: number;
  isSuper: number;
  nickName: string | null;
  headImg: string | null;
  phone: string | null;
  email: string | null;
  remark: string | null;
  status: number;
  socketId: string | null;
  tenantId: number | null;
  createTime: string;
  updateTime: string;
};

/** `base_sys_user_role` (`base/sys/userRole`). */
export type BaseSysUserRoleRow = {
  id: number;
  userId: number;
  roleId: number;
  createTime: string;
  updateTime: string;
};

/** `base_sys_user_setting` (`base/sys/userSetting`). */
export type BaseSysUserSettingRow = {
  id: number;
  userId: number;
  key: string;
  value: unknown;
  createTime: string;
  updateTime: string;
};

/** `base_sys_view` (`base/sys/view`). */
export type BaseSysViewRow = {
  id: number;
  userId: number;
  screen: string;
  name: string;
  state: unknown;
  shareRoleId: number | null;
  shareDepartmentId: number | null;
  createTime: string;
  updateTime: string;
};

/** `demo_goods` (`demo/goods`). */
export type DemoGoodsRow = {
  id: number;
  title: string;
  price: string | number;
  description: string | null;
  mainImage: string | null;
  type: number | null;
  status: number;
  exampleImages: unknown;
  stock: number;
  tenantId: number | null;
  createTime: string;
  updateTime: string;
};

/** `demo_order` (`demo/order`). */
export type DemoOrderRow = {
  id: number;
  goodsId: number;
  userId: number | null;
  quantity: number;
  amount: string | number;
  status: number;
  payTime: string | null;
  tenantId: number | null;
  createTime: string;
  updateTime: string;
};

/** `dict_info` (`dict/info`). */
export type DictInfoRow = {
  id: number;
  typeId: number;
  name: string;
  value: string | null;
  orderNum: number;
  remark: string | null;
  parentId: number | null;
  createTime: string;
  updateTime: string;
};

/** `dict_type` (`dict/type`). */
export type DictTypeRow = {
  id: number;
  name: string;
  key: string;
  createTime: string;
  updateTime: string;
};

/** `lock_command` (`lock/command`). */
export type LockCommandRow = {
  id: number;
  deviceId: number;
  command: string;
  params: unknown;
  success: number;
  result: unknown;
  driver: string;
  createTime: string;
  updateTime: string;
};

/** `lock_device` (`lock/deviceLockController`). */
export type DeviceLockRow = {
  id: number;
  userNumber: string | null;
  userName: string | null;
  serialNumber: string;
  channel: string | null;
  phone: string | null;
  lockType: number | null;
  lockFactory: string | null;
  callbackInfo: string | null;
  lossMode: number;
  wallpaper: string | null;
  limitedApps: unknown;
  lastCommandTime: string | null;
  callbackSecret: string | null;
  createTime: string;
  updateTime: string;
};

/** `plugin_info` (`plugin/info`). */
export type PluginInfoRow = {
  id: number;
  name: string;
  description: string | null;
  keyName: string;
  hook: string | null;
  readme: string | null;
  version: string | null;
  logo: string | null;
  author: string | null;
  status: number;
  content: unknown;
  tsContent: string | null;
  pluginJson: unknown;
  config: unknown;
  createTime: string;
  updateTime: string;
};

/** `recycle_data` (`recycle/data`). */
export type RecycleDataRow = {
  id: number;
  entityInfo: unknown;
  userId: number | null;
  data: unknown;
  url: string | null;
  params: unknown;
  count: number;
  createTime: string;
  updateTime: string;
};

/** `space_info` (`space/info`). */
export type SpaceInfoRow = {
  id: number;
  url: string;
  type: string | null;
  classifyId: number | null;
  fileId: string | null;
  name: string | null;
  size: number | string | null;
  version: number;
  key: string | null;
  createTime: string;
  updateTime: string;
};

/** `space_type` (`space/type`). */
export type SpaceTypeRow = {
  id: number;
  name: string;
  parentId: number | null;
  createTime: string;
  updateTime: string;
};

/** `task_info` (`task/info`). */
export type TaskInfoRow = {
  id: number;
  jobId: string | null;
  repeatConf: string | null;
  name: string;
  cron: string | null;
  limit: number | null;
  every: number | null;
  remark: string | null;
  status: number;
  startDate: string | null;
  endDate: string | null;
  data: string | null;
  service: string | null;
  type: number;
  nextRunTime: string | null;
  taskType: number;
  lastExecuteTime: string | null;
  lockExpireTime: string | null;
  createTime: string;
  updateTime: string;
};

/** `task_log` (`task/log`). */
export type TaskLogRow = {
  id: number;
  taskId: number;
  status: number;
  detail: string | null;
  duration: number | null;
  createTime: string;
  updateTime: string;
};

/** `user_address` (`user/address`). */
export type UserAddressRow = {
  id: number;
  userId: number;
  contact: string;
  phone: string;
  province: string | null;
  city: string | null;
  district: string | null;
  address: string;
  isDefault: number;
  createTime: string;
  updateTime: string;
};

/** `user_info` (`user/info`). */
export type UserInfoRow = {
  id: number;
  unionid: string | null;
  avatarUrl: string | null;
  nickName: string | null;
  phone: string | null;
  gender: number;
  status: number;
  loginType: number;
  password: string | null;
  description: string | null;
  balance: string | number;
  source: string | null;
  createTime: string;
  updateTime: string;
};

/** Each table's row, by table name. */
export interface Tables {
  base_sys_audit: BaseSysAuditRow;
  base_sys_captcha: BaseSysCaptchaRow;
  base_sys_conf: BaseSysConfRow;
  base_sys_data_job: BaseSysDataJobRow;
  base_sys_department: BaseSysDepartmentRow;
  base_sys_log: BaseSysLogRow;
  base_sys_login_attempt: BaseSysLoginAttemptRow;
  base_sys_menu: BaseSysMenuRow;
  base_sys_param: BaseSysParamRow;
  base_sys_rate: BaseSysRateRow;
  base_sys_role: BaseSysRoleRow;
  base_sys_role_department: BaseSysRoleDepartmentRow;
  base_sys_role_menu: BaseSysRoleMenuRow;
  base_sys_session: BaseSysSessionRow;
  base_sys_user: BaseSysUserRow;
  base_sys_user_role: BaseSysUserRoleRow;
  base_sys_user_setting: BaseSysUserSettingRow;
  base_sys_view: BaseSysViewRow;
  demo_goods: DemoGoodsRow;
  demo_order: DemoOrderRow;
  dict_info: DictInfoRow;
  dict_type: DictTypeRow;
  lock_command: LockCommandRow;
  lock_device: DeviceLockRow;
  plugin_info: PluginInfoRow;
  recycle_data: RecycleDataRow;
  space_info: SpaceInfoRow;
  space_type: SpaceTypeRow;
  task_info: TaskInfoRow;
  task_log: TaskLogRow;
  user_address: UserAddressRow;
  user_info: UserInfoRow;
}

/** Each entity's row, by entity id: the type map of `defineModule({ hooks })` (one typed hook set per entity). */
export interface EntityRows {
  "base/sys/audit": BaseSysAuditRow;
  "base/sys/captcha": BaseSysCaptchaRow;
  "base/sys/conf": BaseSysConfRow;
  "base/sys/dataJob": BaseSysDataJobRow;
  "base/sys/department": BaseSysDepartmentRow;
  "base/sys/log": BaseSysLogRow;
  "base/sys/loginAttempt": BaseSysLoginAttemptRow;
  "base/sys/menu": BaseSysMenuRow;
  "base/sys/param": BaseSysParamRow;
  "base/sys/rate": BaseSysRateRow;
  "base/sys/role": BaseSysRoleRow;
  "base/sys/roleDepartment": BaseSysRoleDepartmentRow;
  "base/sys/roleMenu": BaseSysRoleMenuRow;
  "base/sys/session": BaseSysSessionRow;
  "base/sys/user": BaseSysUserRow;
  "base/sys/userRole": BaseSysUserRoleRow;
  "base/sys/userSetting": BaseSysUserSettingRow;
  "base/sys/view": BaseSysViewRow;
  "demo/goods": DemoGoodsRow;
  "demo/order": DemoOrderRow;
  "dict/info": DictInfoRow;
  "dict/type": DictTypeRow;
  "lock/command": LockCommandRow;
  "lock/deviceLockController": DeviceLockRow;
  "plugin/info": PluginInfoRow;
  "recycle/data": RecycleDataRow;
  "space/info": SpaceInfoRow;
  "space/type": SpaceTypeRow;
  "task/info": TaskInfoRow;
  "task/log": TaskLogRow;
  "user/address": UserAddressRow;
  "user/info": UserInfoRow;
}
