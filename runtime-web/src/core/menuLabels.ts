import type { Locale } from './i18n';

/**
 * Menus are rows an admin edits, so their names are stored once (in the seed's language, zh-cn).
 * The console shows the seeded names in the chosen language; a name an admin typed is shown as typed.
 */
const SEEDED: Record<string, { 'zh-tw': string; en: string }> = {
  首页: { 'zh-tw': '首頁', en: 'Home' },
  系统管理: { 'zh-tw': '系統管理', en: 'System' },
  权限管理: { 'zh-tw': '權限管理', en: 'Access control' },
  菜单列表: { 'zh-tw': '選單列表', en: 'Menus' },
  角色列表: { 'zh-tw': '角色列表', en: 'Roles' },
  用户列表: { 'zh-tw': '使用者列表', en: 'Users' },
  参数配置: { 'zh-tw': '參數設定', en: 'Parameters' },
  参数列表: { 'zh-tw': '參數列表', en: 'Parameter list' },
  监控管理: { 'zh-tw': '監控管理', en: 'Monitoring' },
  变更记录: { 'zh-tw': '變更記錄', en: 'Change audit' },
  请求日志: { 'zh-tw': '請求日誌', en: 'Request log' },
  任务管理: { 'zh-tw': '任務管理', en: 'Tasks' },
  任务列表: { 'zh-tw': '任務列表', en: 'Task list' },
  字典管理: { 'zh-tw': '字典管理', en: 'Dictionaries' },
  数据管理: { 'zh-tw': '資料管理', en: 'Data' },
  数据回收站: { 'zh-tw': '資料回收站', en: 'Recycle bin' },
  文件管理: { 'zh-tw': '檔案管理', en: 'Files' },
  扩展管理: { 'zh-tw': '擴充管理', en: 'Extensions' },
  插件列表: { 'zh-tw': '外掛列表', en: 'Plugins' },
  AI编码: { 'zh-tw': 'AI 編碼', en: 'AI coding' },
  用户管理: { 'zh-tw': '使用者管理', en: 'End users' },
  收货地址: { 'zh-tw': '收貨地址', en: 'Addresses' },
  示例管理: { 'zh-tw': '範例管理', en: 'Demos' },
  商品列表: { 'zh-tw': '商品列表', en: 'Goods' },
  订单列表: { 'zh-tw': '訂單列表', en: 'Orders' },
  'crud 示例': { 'zh-tw': 'crud 範例', en: 'CRUD demo' },
  多租户示例: { 'zh-tw': '多租戶示例', en: 'Tenant demo' },
  插件示例: { 'zh-tw': '外掛範例', en: 'Plugin demos' },
  设备管理: { 'zh-tw': '裝置管理', en: 'Devices' },
  设备锁: { 'zh-tw': '裝置鎖', en: 'Device lock' },
  个人中心: { 'zh-tw': '個人中心', en: 'My profile' },
  通用: { 'zh-tw': '通用', en: 'General' },
  框架教程: { 'zh-tw': '框架教學', en: 'Tutorials' },
  文档官网: { 'zh-tw': '文件官網', en: 'Documentation' },
};

/** A menu's name in the given language: seeded names are translated, admin-typed names shown as they are. */
export function menuLabel(name: string, locale: Locale): string {
  if (locale === 'zh-cn') return name;
  return SEEDED[name.trim()]?.[locale] ?? ENTITY[name.trim()]?.[locale] ?? name;
}

/**
 * Menus the server creates for new entities carry the entity's zh-cn label: their other languages come from
 * the entity labels in EPS (registered when EPS loads).
 */
const ENTITY: Record<string, Partial<Record<Locale, string>>> = {};
export function registerEntityLabels(labels: Iterable<Partial<Record<Locale, string>>>): void {
  for (const l of labels) if (l['zh-cn'] && !SEEDED[l['zh-cn']]) ENTITY[l['zh-cn']] = l;
}

/** Every seeded name has all three languages (checked by a test against the seed file). */
export const SEEDED_MENU_NAMES: readonly string[] = Object.keys(SEEDED);
