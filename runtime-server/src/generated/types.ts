// Generated from schemas/ by `npm run generate` — do not edit.

/**
 * Change audit (`base/sys/audit`): a row as the API returns it.
 */
export interface BaseSysAudit {
  /**
   * ID
   */
  id: number;
  /**
   * Entity
   */
  entity: string;
  /**
   * Record ID
   */
  recordId?: number | null;
  /**
   * Action
   */
  action: "add" | "update" | "delete";
  /**
   * Operator
   */
  userId?: number | null;
  /**
   * Request path
   */
  url?: string | null;
  /**
   * Changes: update: {field: [old, new]} for changed fields only; add/delete: {field: value} snapshot. Secret fields are '******'.
   */
  changes?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Change audit (`base/sys/audit`): the add request body.
 */
export interface BaseSysAuditInput {
  /**
   * Entity
   */
  entity: string;
  /**
   * Record ID
   */
  recordId?: number | null;
  /**
   * Action
   */
  action: "add" | "update" | "delete";
  /**
   * Operator
   */
  userId?: number | null;
  /**
   * Request path
   */
  url?: string | null;
  /**
   * Changes: update: {field: [old, new]} for changed fields only; add/delete: {field: value} snapshot. Secret fields are '******'.
   */
  changes?: {
    [k: string]: unknown | undefined;
  } | null;
}

/**
 * Captcha (`base/sys/captcha`): a row as the API returns it.
 */
export interface BaseSysCaptcha {
  /**
   * ID
   */
  id: number;
  /**
   * Captcha ID
   */
  captchaId: string;
  /**
   * Expires at
   */
  expireTime: string;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Captcha (`base/sys/captcha`): the add request body.
 */
export interface BaseSysCaptchaInput {
  /**
   * Captcha ID
   */
  captchaId: string;
  /**
   * Answer digest
   */
  answerHash: string;
  /**
   * Expires at
   */
  expireTime: string;
}

/**
 * System configuration (`base/sys/conf`): a row as the API returns it.
 */
export interface BaseSysConf {
  /**
   * ID
   */
  id: number;
  /**
   * Key
   */
  cKey: string;
  /**
   * Value
   */
  cValue?: string | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * System configuration (`base/sys/conf`): the add request body.
 */
export interface BaseSysConfInput {
  /**
   * Key
   */
  cKey: string;
  /**
   * Value
   */
  cValue?: string | null;
}

/**
 * Data jobs (`base/sys/dataJob`): a row as the API returns it.
 */
export interface BaseSysDataJob {
  /**
   * ID
   */
  id: number;
  /**
   * User ID
   */
  userId: number;
  /**
   * Kind
   */
  kind: "export" | "import";
  /**
   * Entity
   */
  entity: string;
  /**
   * Format
   */
  format: "csv" | "xlsx";
  /**
   * Status: 0 queued, 1 running, 2 done, 3 failed, 4 cancelled
   */
  status: 0 | 1 | 2 | 3 | 4;
  /**
   * Total rows
   */
  total: number;
  /**
   * Processed
   */
  processed: number;
  /**
   * File: Path under DATA_DIR
   */
  file?: string | null;
  /**
   * File name
   */
  fileName?: string | null;
  /**
   * Error
   */
  error?: string | null;
  /**
   * Parameters
   */
  params?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Expires
   */
  expireTime?: string | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Data jobs (`base/sys/dataJob`): the add request body.
 */
export interface BaseSysDataJobInput {
  /**
   * User ID
   */
  userId: number;
  /**
   * Kind
   */
  kind: "export" | "import";
  /**
   * Entity
   */
  entity: string;
  /**
   * Format
   */
  format: "csv" | "xlsx";
  /**
   * Status: 0 queued, 1 running, 2 done, 3 failed, 4 cancelled
   */
  status?: 0 | 1 | 2 | 3 | 4;
  /**
   * Total rows
   */
  total?: number;
  /**
   * Processed
   */
  processed?: number;
  /**
   * File: Path under DATA_DIR
   */
  file?: string | null;
  /**
   * File name
   */
  fileName?: string | null;
  /**
   * Error
   */
  error?: string | null;
  /**
   * Parameters
   */
  params?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Expires
   */
  expireTime?: string | null;
}

/**
 * Department (`base/sys/department`): a row as the API returns it.
 */
export interface BaseSysDepartment {
  /**
   * ID
   */
  id: number;
  /**
   * Department name
   */
  name: string;
  /**
   * Creator ID
   */
  userId?: number | null;
  /**
   * Parent department
   */
  parentId?: number | null;
  /**
   * Sort order
   */
  orderNum: number;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Department (`base/sys/department`): the add request body.
 */
export interface BaseSysDepartmentInput {
  /**
   * Department name
   */
  name: string;
  /**
   * Parent department
   */
  parentId?: number | null;
  /**
   * Sort order
   */
  orderNum?: number;
}

/**
 * Request log (`base/sys/log`): a row as the API returns it.
 */
export interface BaseSysLog {
  /**
   * ID
   */
  id: number;
  /**
   * User ID
   */
  userId?: number | null;
  /**
   * Request path
   */
  action: string;
  /**
   * IP
   */
  ip?: string | null;
  /**
   * Parameters: Query object for GET, body for other methods (the stored value may also be an array); secrets masked.
   */
  params?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Request log (`base/sys/log`): the add request body.
 */
export interface BaseSysLogInput {
  /**
   * User ID
   */
  userId?: number | null;
  /**
   * Request path
   */
  action: string;
  /**
   * IP
   */
  ip?: string | null;
  /**
   * Parameters: Query object for GET, body for other methods (the stored value may also be an array); secrets masked.
   */
  params?: {
    [k: string]: unknown | undefined;
  } | null;
}

/**
 * Login throttle (`base/sys/loginAttempt`): a row as the API returns it.
 */
export interface BaseSysLoginAttempt {
  /**
   * ID
   */
  id: number;
  /**
   * Scope: user:<username> or ip:<address>
   */
  scope: string;
  /**
   * Failures
   */
  failures: number;
  /**
   * Locked until
   */
  lockedUntil?: string | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Login throttle (`base/sys/loginAttempt`): the add request body.
 */
export interface BaseSysLoginAttemptInput {
  /**
   * Scope: user:<username> or ip:<address>
   */
  scope: string;
  /**
   * Failures
   */
  failures?: number;
  /**
   * Locked until
   */
  lockedUntil?: string | null;
}

/**
 * Menu (`base/sys/menu`): a row as the API returns it.
 */
export interface BaseSysMenu {
  /**
   * ID
   */
  id: number;
  /**
   * Parent menu
   */
  parentId?: number | null;
  /**
   * Name
   */
  name: string;
  /**
   * Route
   */
  router?: string | null;
  /**
   * Permissions: Comma-separated permission keys, e.g. base:sys:user:add,base:sys:user:update.
   */
  perms?: string | null;
  /**
   * Type
   */
  type: 0 | 1 | 2;
  /**
   * Icon
   */
  icon?: string | null;
  /**
   * Sort order
   */
  orderNum: number;
  /**
   * View path
   */
  viewPath?: string | null;
  /**
   * Keep alive
   */
  keepAlive: boolean;
  /**
   * Visible
   */
  isShow: boolean;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Menu (`base/sys/menu`): the add request body.
 */
export interface BaseSysMenuInput {
  /**
   * Parent menu
   */
  parentId?: number | null;
  /**
   * Name
   */
  name: string;
  /**
   * Route
   */
  router?: string | null;
  /**
   * Permissions: Comma-separated permission keys, e.g. base:sys:user:add,base:sys:user:update.
   */
  perms?: string | null;
  /**
   * Type
   */
  type?: 0 | 1 | 2;
  /**
   * Icon
   */
  icon?: string | null;
  /**
   * Sort order
   */
  orderNum?: number;
  /**
   * View path
   */
  viewPath?: string | null;
  /**
   * Keep alive
   */
  keepAlive?: boolean;
  /**
   * Visible
   */
  isShow?: boolean;
}

/**
 * Parameter (`base/sys/param`): a row as the API returns it.
 */
export interface BaseSysParam {
  /**
   * ID
   */
  id: number;
  /**
   * Key
   */
  keyName: string;
  /**
   * Name
   */
  name: string;
  /**
   * Data: Type 0: JSON or plain text; type 1: HTML; type 2: comma-separated file URLs.
   */
  data?: string | null;
  /**
   * Data type
   */
  dataType: 0 | 1 | 2;
  /**
   * Remark
   */
  remark?: string | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Parameter (`base/sys/param`): the add request body.
 */
export interface BaseSysParamInput {
  /**
   * Key
   */
  keyName: string;
  /**
   * Name
   */
  name: string;
  /**
   * Data: Type 0: JSON or plain text; type 1: HTML; type 2: comma-separated file URLs.
   */
  data?: string | null;
  /**
   * Data type
   */
  dataType?: 0 | 1 | 2;
  /**
   * Remark
   */
  remark?: string | null;
}

/**
 * Request rate (`base/sys/rate`): a row as the API returns it.
 */
export interface BaseSysRate {
  /**
   * ID
   */
  id: number;
  /**
   * Bucket: <key>|<window number>
   */
  bucket: string;
  /**
   * Hits
   */
  hits: number;
  /**
   * Expires
   */
  expireTime: string;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Request rate (`base/sys/rate`): the add request body.
 */
export interface BaseSysRateInput {
  /**
   * Bucket: <key>|<window number>
   */
  bucket: string;
  /**
   * Hits
   */
  hits?: number;
  /**
   * Expires
   */
  expireTime: string;
}

/**
 * Role (`base/sys/role`): a row as the API returns it.
 */
export interface BaseSysRole {
  /**
   * ID
   */
  id: number;
  /**
   * Creator ID
   */
  userId?: number | null;
  /**
   * Name
   */
  name: string;
  /**
   * Identifier
   */
  label?: string | null;
  /**
   * Remark
   */
  remark?: string | null;
  /**
   * Link parent and child departments: When true, the data scope is each chosen department plus all its descendants, computed at query time (so sub-departments created later count); when false, exactly departmentIdList. The console links parent/child checks only when it is on.
   */
  relevance: boolean;
  /**
   * Menu permissions
   */
  menuIdList?: number[] | null;
  /**
   * Data permissions
   */
  departmentIdList?: number[] | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Role (`base/sys/role`): the add request body.
 */
export interface BaseSysRoleInput {
  /**
   * Name
   */
  name: string;
  /**
   * Identifier
   */
  label?: string | null;
  /**
   * Remark
   */
  remark?: string | null;
  /**
   * Link parent and child departments: When true, the data scope is each chosen department plus all its descendants, computed at query time (so sub-departments created later count); when false, exactly departmentIdList. The console links parent/child checks only when it is on.
   */
  relevance?: boolean;
  /**
   * Menu permissions
   */
  menuIdList?: number[] | null;
  /**
   * Data permissions
   */
  departmentIdList?: number[] | null;
}

/**
 * Role department (`base/sys/roleDepartment`): a row as the API returns it.
 */
export interface BaseSysRoleDepartment {
  /**
   * ID
   */
  id: number;
  /**
   * Role ID
   */
  roleId: number;
  /**
   * Department ID
   */
  departmentId: number;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Role department (`base/sys/roleDepartment`): the add request body.
 */
export interface BaseSysRoleDepartmentInput {
  /**
   * Role ID
   */
  roleId: number;
  /**
   * Department ID
   */
  departmentId: number;
}

/**
 * Role menu (`base/sys/roleMenu`): a row as the API returns it.
 */
export interface BaseSysRoleMenu {
  /**
   * ID
   */
  id: number;
  /**
   * Role ID
   */
  roleId: number;
  /**
   * Menu ID
   */
  menuId: number;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Role menu (`base/sys/roleMenu`): the add request body.
 */
export interface BaseSysRoleMenuInput {
  /**
   * Role ID
   */
  roleId: number;
  /**
   * Menu ID
   */
  menuId: number;
}

/**
 * Login session (`base/sys/session`): a row as the API returns it.
 */
export interface BaseSysSession {
  /**
   * ID
   */
  id: number;
  /**
   * User ID
   */
  userId: number;
  /**
   * Expires at
   */
  expireTime: string;
  /**
   * Revoked at
   */
  revokedTime?: string | null;
  /**
   * IP
   */
  ip?: string | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Login session (`base/sys/session`): the add request body.
 */
export interface BaseSysSessionInput {
  /**
   * User ID
   */
  userId: number;
  /**
   * Refresh token digest: sha256 of the current refresh token id; a refresh token that does not match is a replay and revokes the session.
   */
  refreshHash: string;
  /**
   * Expires at
   */
  expireTime: string;
  /**
   * Revoked at
   */
  revokedTime?: string | null;
  /**
   * IP
   */
  ip?: string | null;
}

/**
 * System user (`base/sys/user`): a row as the API returns it.
 */
export interface BaseSysUser {
  /**
   * ID
   */
  id: number;
  /**
   * Department
   */
  departmentId?: number | null;
  /**
   * Creator ID
   */
  userId?: number | null;
  /**
   * Name
   */
  name?: string | null;
  /**
   * Username
   */
  username: string;
  /**
   * Password version: Raised on every password change so that older tokens stop working.
   */
  passwordV: number;
  /**
   * Super admin: Explicit super-admin flag; never settable through a request body.
   */
  isSuper: boolean;
  /**
   * Nickname
   */
  nickName?: string | null;
  /**
   * Avatar
   */
  headImg?: string | null;
  /**
   * Phone
   */
  phone?: string | null;
  /**
   * Email
   */
  email?: string | null;
  /**
   * Remark
   */
  remark?: string | null;
  /**
   * Status
   */
  status: 0 | 1;
  /**
   * Socket ID
   */
  socketId?: string | null;
  /**
   * Tenant ID
   */
  tenantId?: number | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * System user (`base/sys/user`): the add request body.
 */
export interface BaseSysUserInput {
  /**
   * Department
   */
  departmentId?: number | null;
  /**
   * Name
   */
  name?: string | null;
  /**
   * Username
   */
  username: string;
  /**
   * Password: Plain password in requests (6-16 characters); the column stores a hash. Not required here: the add handler enforces it; empty on update = unchanged.
   */
  password?: string | null;
  /**
   * Nickname
   */
  nickName?: string | null;
  /**
   * Avatar
   */
  headImg?: string | null;
  /**
   * Phone
   */
  phone?: string | null;
  /**
   * Email
   */
  email?: string | null;
  /**
   * Remark
   */
  remark?: string | null;
  /**
   * Status
   */
  status?: 0 | 1;
  /**
   * Socket ID
   */
  socketId?: string | null;
}

/**
 * User role (`base/sys/userRole`): a row as the API returns it.
 */
export interface BaseSysUserRole {
  /**
   * ID
   */
  id: number;
  /**
   * User ID
   */
  userId: number;
  /**
   * Role ID
   */
  roleId: number;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * User role (`base/sys/userRole`): the add request body.
 */
export interface BaseSysUserRoleInput {
  /**
   * User ID
   */
  userId: number;
  /**
   * Role ID
   */
  roleId: number;
}

/**
 * User setting (`base/sys/userSetting`): a row as the API returns it.
 */
export interface BaseSysUserSetting {
  /**
   * ID
   */
  id: number;
  /**
   * User ID
   */
  userId: number;
  /**
   * Key
   */
  key: string;
  /**
   * Value
   */
  value?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * User setting (`base/sys/userSetting`): the add request body.
 */
export interface BaseSysUserSettingInput {
  /**
   * User ID
   */
  userId: number;
  /**
   * Key
   */
  key: string;
  /**
   * Value
   */
  value?: {
    [k: string]: unknown | undefined;
  } | null;
}

/**
 * Saved views (`base/sys/view`): a row as the API returns it.
 */
export interface BaseSysView {
  /**
   * ID
   */
  id: number;
  /**
   * Owner
   */
  userId: number;
  /**
   * Screen: Entity id of the generic screen
   */
  screen: string;
  /**
   * Name
   */
  name: string;
  /**
   * View state: { keyWord, filters, where, order, sort, size, columns }
   */
  state?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Shared with role
   */
  shareRoleId?: number | null;
  /**
   * Shared with department
   */
  shareDepartmentId?: number | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Saved views (`base/sys/view`): the add request body.
 */
export interface BaseSysViewInput {
  /**
   * Owner
   */
  userId: number;
  /**
   * Screen: Entity id of the generic screen
   */
  screen: string;
  /**
   * Name
   */
  name: string;
  /**
   * View state: { keyWord, filters, where, order, sort, size, columns }
   */
  state?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Shared with role
   */
  shareRoleId?: number | null;
  /**
   * Shared with department
   */
  shareDepartmentId?: number | null;
}

/**
 * Goods (`demo/goods`): a row as the API returns it.
 */
export interface DemoGoods {
  /**
   * ID
   */
  id: number;
  /**
   * Title
   */
  title: string;
  /**
   * Price
   */
  price: string;
  /**
   * Description
   */
  description?: string | null;
  /**
   * Main image
   */
  mainImage?: string | null;
  /**
   * Type
   */
  type?: number | null;
  /**
   * Status
   */
  status: 0 | 1;
  /**
   * Example images
   *
   * @maxItems 20
   */
  exampleImages?:
    | []
    | [string]
    | [string, string]
    | [string, string, string]
    | [string, string, string, string]
    | [string, string, string, string, string]
    | [string, string, string, string, string, string]
    | [string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string, string, string, string, string]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
    | null;
  /**
   * Stock
   */
  stock: number;
  /**
   * Tenant ID
   */
  tenantId?: number | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Goods (`demo/goods`): the add request body.
 */
export interface DemoGoodsInput {
  /**
   * Title
   */
  title: string;
  /**
   * Price
   */
  price?: number | string;
  /**
   * Description
   */
  description?: string | null;
  /**
   * Main image
   */
  mainImage?: string | null;
  /**
   * Type
   */
  type?: number | null;
  /**
   * Status
   */
  status?: 0 | 1;
  /**
   * Example images
   *
   * @maxItems 20
   */
  exampleImages?:
    | []
    | [string]
    | [string, string]
    | [string, string, string]
    | [string, string, string, string]
    | [string, string, string, string, string]
    | [string, string, string, string, string, string]
    | [string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string, string, string, string, string]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
    | null;
  /**
   * Stock
   */
  stock?: number;
}

/**
 * Orders (`demo/order`): a row as the API returns it.
 */
export interface DemoOrder {
  /**
   * ID
   */
  id: number;
  /**
   * Goods
   */
  goodsId: number;
  /**
   * Customer
   */
  userId?: number | null;
  /**
   * Quantity
   */
  quantity: number;
  /**
   * Amount
   */
  amount: string;
  /**
   * Status
   */
  status: 0 | 1;
  /**
   * Paid at
   */
  payTime?: string | null;
  /**
   * Tenant ID
   */
  tenantId?: number | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Orders (`demo/order`): the add request body.
 */
export interface DemoOrderInput {
  /**
   * Goods
   */
  goodsId: number;
  /**
   * Customer
   */
  userId?: number | null;
  /**
   * Quantity
   */
  quantity?: number;
  /**
   * Amount
   */
  amount?: number | string;
  /**
   * Status
   */
  status?: 0 | 1;
  /**
   * Paid at
   */
  payTime?: string | null;
}

/**
 * Dictionary item (`dict/info`): a row as the API returns it.
 */
export interface DictInfo {
  /**
   * ID
   */
  id: number;
  /**
   * Dictionary type
   */
  typeId: number;
  /**
   * Name
   */
  name: string;
  /**
   * Value
   */
  value?: string | null;
  /**
   * Sort order
   */
  orderNum: number;
  /**
   * Remark
   */
  remark?: string | null;
  /**
   * Parent
   */
  parentId?: number | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Dictionary item (`dict/info`): the add request body.
 */
export interface DictInfoInput {
  /**
   * Dictionary type
   */
  typeId: number;
  /**
   * Name
   */
  name: string;
  /**
   * Value
   */
  value?: string | null;
  /**
   * Sort order
   */
  orderNum?: number;
  /**
   * Remark
   */
  remark?: string | null;
  /**
   * Parent
   */
  parentId?: number | null;
}

/**
 * Dictionary type (`dict/type`): a row as the API returns it.
 */
export interface DictType {
  /**
   * ID
   */
  id: number;
  /**
   * Name
   */
  name: string;
  /**
   * Key
   */
  key: string;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Dictionary type (`dict/type`): the add request body.
 */
export interface DictTypeInput {
  /**
   * Name
   */
  name: string;
  /**
   * Key
   */
  key: string;
}

/**
 * Device command log (`lock/command`): a row as the API returns it.
 */
export interface LockCommand {
  /**
   * ID
   */
  id: number;
  /**
   * Device ID
   */
  deviceId: number;
  /**
   * Command
   */
  command: "clearPassword" | "getWallpaper" | "wallpaper" | "limitApp" | "loss";
  /**
   * Parameters
   */
  params?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Succeeded
   */
  success: boolean;
  /**
   * Result: The driver's answer: { data } on success, { error } on failure.
   */
  result?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Driver
   */
  driver: string;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Device command log (`lock/command`): the add request body.
 */
export interface LockCommandInput {
  /**
   * Device ID
   */
  deviceId: number;
  /**
   * Command
   */
  command: "clearPassword" | "getWallpaper" | "wallpaper" | "limitApp" | "loss";
  /**
   * Parameters
   */
  params?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Succeeded
   */
  success?: boolean;
  /**
   * Result: The driver's answer: { data } on success, { error } on failure.
   */
  result?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Driver
   */
  driver: string;
}

/**
 * Device lock (`lock/deviceLockController`): a row as the API returns it.
 */
export interface DeviceLock {
  /**
   * ID
   */
  id: number;
  /**
   * User number
   */
  userNumber?: string | null;
  /**
   * User name
   */
  userName?: string | null;
  /**
   * Serial number
   */
  serialNumber: string;
  /**
   * Channel
   */
  channel?: string | null;
  /**
   * Phone
   */
  phone?: string | null;
  /**
   * Lock type
   */
  lockType?: number | null;
  /**
   * Lock manufacturer
   */
  lockFactory?: string | null;
  /**
   * Callback info
   */
  callbackInfo?: string | null;
  /**
   * Loss mode
   */
  lossMode: boolean;
  /**
   * Wallpaper
   */
  wallpaper?: string | null;
  /**
   * Limited apps
   */
  limitedApps?: string[] | null;
  /**
   * Last command time
   */
  lastCommandTime?: string | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Device lock (`lock/deviceLockController`): the add request body.
 */
export interface DeviceLockInput {
  /**
   * User number
   */
  userNumber?: string | null;
  /**
   * User name
   */
  userName?: string | null;
  /**
   * Serial number
   */
  serialNumber: string;
  /**
   * Channel
   */
  channel?: string | null;
  /**
   * Phone
   */
  phone?: string | null;
  /**
   * Lock type
   */
  lockType?: number | null;
  /**
   * Lock manufacturer
   */
  lockFactory?: string | null;
  /**
   * Callback info
   */
  callbackInfo?: string | null;
}

/**
 * Plugin (`plugin/info`): a row as the API returns it.
 */
export interface PluginInfo {
  /**
   * ID
   */
  id: number;
  /**
   * Name
   */
  name: string;
  /**
   * Description
   */
  description?: string | null;
  /**
   * Key
   */
  keyName: string;
  /**
   * Hook
   */
  hook?: string | null;
  /**
   * Readme
   */
  readme?: string | null;
  /**
   * Version
   */
  version?: string | null;
  /**
   * Logo: Base64 image.
   */
  logo?: string | null;
  /**
   * Author
   */
  author?: string | null;
  /**
   * Status
   */
  status: 0 | 1;
  /**
   * Content: Compiled plugin code: { type, data }.
   */
  content?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * TypeScript source
   */
  tsContent?: string | null;
  /**
   * plugin.json
   */
  pluginJson?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Configuration
   */
  config?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Plugin (`plugin/info`): the add request body.
 */
export interface PluginInfoInput {
  /**
   * Name
   */
  name: string;
  /**
   * Description
   */
  description?: string | null;
  /**
   * Key
   */
  keyName: string;
  /**
   * Hook
   */
  hook?: string | null;
  /**
   * Readme
   */
  readme?: string | null;
  /**
   * Version
   */
  version?: string | null;
  /**
   * Logo: Base64 image.
   */
  logo?: string | null;
  /**
   * Author
   */
  author?: string | null;
  /**
   * Status
   */
  status?: 0 | 1;
  /**
   * Content: Compiled plugin code: { type, data }.
   */
  content?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * TypeScript source
   */
  tsContent?: string | null;
  /**
   * plugin.json
   */
  pluginJson?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Configuration
   */
  config?: {
    [k: string]: unknown | undefined;
  } | null;
}

/**
 * Recycle bin (`recycle/data`): a row as the API returns it.
 */
export interface RecycleData {
  /**
   * ID
   */
  id: number;
  /**
   * Entity info: Which entity the rows belong to.
   */
  entityInfo: {
    [k: string]: unknown | undefined;
  };
  /**
   * Operator
   */
  userId?: number | null;
  /**
   * Deleted data: The deleted rows (secret columns excluded).
   */
  data: {
    [k: string]: unknown | undefined;
  }[];
  /**
   * Request URL
   */
  url?: string | null;
  /**
   * Request parameters
   */
  params?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Deleted count
   */
  count: number;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Recycle bin (`recycle/data`): the add request body.
 */
export interface RecycleDataInput {
  /**
   * Entity info: Which entity the rows belong to.
   */
  entityInfo: {
    [k: string]: unknown | undefined;
  };
  /**
   * Operator
   */
  userId?: number | null;
  /**
   * Deleted data: The deleted rows (secret columns excluded).
   */
  data: {
    [k: string]: unknown | undefined;
  }[];
  /**
   * Request URL
   */
  url?: string | null;
  /**
   * Request parameters
   */
  params?: {
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Deleted count
   */
  count?: number;
}

/**
 * File space (`space/info`): a row as the API returns it.
 */
export interface SpaceInfo {
  /**
   * ID
   */
  id: number;
  /**
   * URL
   */
  url: string;
  /**
   * Type: File group derived from the extension.
   */
  type?: string | null;
  /**
   * Category
   */
  classifyId?: number | null;
  /**
   * File ID
   */
  fileId?: string | null;
  /**
   * File name
   */
  name?: string | null;
  /**
   * File size: Bytes.
   */
  size?: number | null;
  /**
   * Version
   */
  version: number;
  /**
   * Storage key
   */
  key?: string | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * File space (`space/info`): the add request body.
 */
export interface SpaceInfoInput {
  /**
   * URL
   */
  url: string;
  /**
   * Type: File group derived from the extension.
   */
  type?: string | null;
  /**
   * Category
   */
  classifyId?: number | null;
  /**
   * File ID
   */
  fileId?: string | null;
  /**
   * File name
   */
  name?: string | null;
  /**
   * File size: Bytes.
   */
  size?: number | null;
  /**
   * Version
   */
  version?: number;
  /**
   * Storage key
   */
  key?: string | null;
}

/**
 * File category (`space/type`): a row as the API returns it.
 */
export interface SpaceType {
  /**
   * ID
   */
  id: number;
  /**
   * Name
   */
  name: string;
  /**
   * Parent category
   */
  parentId?: number | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * File category (`space/type`): the add request body.
 */
export interface SpaceTypeInput {
  /**
   * Name
   */
  name: string;
  /**
   * Parent category
   */
  parentId?: number | null;
}

/**
 * Task (`task/info`): a row as the API returns it.
 */
export interface TaskInfo {
  /**
   * ID
   */
  id: number;
  /**
   * Job ID
   */
  jobId?: string | null;
  /**
   * Repeat options: JSON text of the repeat options in force, plus count (runs since the last start), which limit is checked against. Written by the scheduler only.
   */
  repeatConf?: string | null;
  /**
   * Name
   */
  name: string;
  /**
   * Cron expression
   */
  cron?: string | null;
  /**
   * Maximum runs: Empty means unlimited.
   */
  limit?: number | null;
  /**
   * Interval (ms): Interval in milliseconds, whole seconds (schedules have one-second resolution); ignored when cron is set.
   */
  every?: number | null;
  /**
   * Remark
   */
  remark?: string | null;
  /**
   * Status
   */
  status: 0 | 1;
  /**
   * Start time
   */
  startDate?: string | null;
  /**
   * End time
   */
  endDate?: string | null;
  /**
   * Arguments
   */
  data?: string | null;
  /**
   * Service: e.g. taskDemoService.test()
   */
  service?: string | null;
  /**
   * Type
   */
  type: 0 | 1;
  /**
   * Next run time
   */
  nextRunTime?: string | null;
  /**
   * Schedule type
   */
  taskType: 0 | 1;
  /**
   * Last run time
   */
  lastExecuteTime?: string | null;
  /**
   * Lock expiry time
   */
  lockExpireTime?: string | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Task (`task/info`): the add request body.
 */
export interface TaskInfoInput {
  /**
   * Job ID
   */
  jobId?: string | null;
  /**
   * Name
   */
  name: string;
  /**
   * Cron expression
   */
  cron?: string | null;
  /**
   * Maximum runs: Empty means unlimited.
   */
  limit?: number | null;
  /**
   * Interval (ms): Interval in milliseconds, whole seconds (schedules have one-second resolution); ignored when cron is set.
   */
  every?: number | null;
  /**
   * Remark
   */
  remark?: string | null;
  /**
   * Status
   */
  status?: 0 | 1;
  /**
   * Start time
   */
  startDate?: string | null;
  /**
   * End time
   */
  endDate?: string | null;
  /**
   * Arguments
   */
  data?: string | null;
  /**
   * Service: e.g. taskDemoService.test()
   */
  service?: string | null;
  /**
   * Type
   */
  type?: 0 | 1;
  /**
   * Schedule type
   */
  taskType?: 0 | 1;
}

/**
 * Task log (`task/log`): a row as the API returns it.
 */
export interface TaskLog {
  /**
   * ID
   */
  id: number;
  /**
   * Task ID
   */
  taskId: number;
  /**
   * Status
   */
  status: 0 | 1;
  /**
   * Detail
   */
  detail?: string | null;
  /**
   * Duration (ms)
   */
  duration?: number | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Task log (`task/log`): the add request body.
 */
export interface TaskLogInput {
  /**
   * Task ID
   */
  taskId: number;
  /**
   * Status
   */
  status?: 0 | 1;
  /**
   * Detail
   */
  detail?: string | null;
  /**
   * Duration (ms)
   */
  duration?: number | null;
}

/**
 * Address (`user/address`): a row as the API returns it.
 */
export interface UserAddress {
  /**
   * ID
   */
  id: number;
  /**
   * User ID
   */
  userId: number;
  /**
   * Contact
   */
  contact: string;
  /**
   * Phone
   */
  phone: string;
  /**
   * Province
   */
  province?: string | null;
  /**
   * City
   */
  city?: string | null;
  /**
   * District
   */
  district?: string | null;
  /**
   * Address
   */
  address: string;
  /**
   * Default
   */
  isDefault: boolean;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * Address (`user/address`): the add request body.
 */
export interface UserAddressInput {
  /**
   * User ID
   */
  userId: number;
  /**
   * Contact
   */
  contact: string;
  /**
   * Phone
   */
  phone: string;
  /**
   * Province
   */
  province?: string | null;
  /**
   * City
   */
  city?: string | null;
  /**
   * District
   */
  district?: string | null;
  /**
   * Address
   */
  address: string;
  /**
   * Default
   */
  isDefault?: boolean;
}

/**
 * App user (`user/info`): a row as the API returns it.
 */
export interface UserInfo {
  /**
   * ID
   */
  id: number;
  /**
   * Login unique ID
   */
  unionid?: string | null;
  /**
   * Avatar
   */
  avatarUrl?: string | null;
  /**
   * Nickname
   */
  nickName?: string | null;
  /**
   * Phone
   */
  phone?: string | null;
  /**
   * Gender
   */
  gender: 0 | 1 | 2;
  /**
   * Status
   */
  status: 0 | 1 | 2;
  /**
   * Login method
   */
  loginType: 0 | 1 | 2;
  /**
   * Introduction
   */
  description?: string | null;
  /**
   * Balance
   */
  balance: string;
  /**
   * Source
   */
  source?: string | null;
  /**
   * Created at
   */
  createTime: string;
  /**
   * Updated at
   */
  updateTime: string;
}

/**
 * App user (`user/info`): the add request body.
 */
export interface UserInfoInput {
  /**
   * Login unique ID
   */
  unionid?: string | null;
  /**
   * Avatar
   */
  avatarUrl?: string | null;
  /**
   * Nickname
   */
  nickName?: string | null;
  /**
   * Phone
   */
  phone?: string | null;
  /**
   * Gender
   */
  gender?: 0 | 1 | 2;
  /**
   * Status
   */
  status?: 0 | 1 | 2;
  /**
   * Login method
   */
  loginType?: 0 | 1 | 2;
  /**
   * Password: Plain password in requests (6-16 characters); the column stores a hash.
   */
  password?: string | null;
  /**
   * Introduction
   */
  description?: string | null;
  /**
   * Balance
   */
  balance?: number | string;
  /**
   * Source
   */
  source?: string | null;
}
