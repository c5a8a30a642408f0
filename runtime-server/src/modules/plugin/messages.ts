import { defineMessages } from '../../core/i18n.js';

/** The plugin module's server messages (merged into the catalog at boot: ModuleDefinition.messages). */
export const messages = defineMessages({
  'zh-cn': {
    'plugin.exists': '插件「{name}」已安装（已安装版本 {installed}，本次版本 {version}），继续安装将覆盖，保留其配置和启用状态',
    'plugin.hookConflict': '已启用的插件「{other}」使用相同的钩子「{hook}」。可以继续安装，但同一钩子只能启用一个插件，新插件将以禁用状态安装',
    'plugin.loadFailed': '插件「{keyName}」启动失败，未做任何更改：{detail}',
    'plugin.noFile': '请选择要安装的 .cool 插件文件（表单字段 files）',
    'plugin.notFound': '插件不存在（id={id}）',
  },
  'zh-tw': {
    'plugin.exists': '外掛「{name}」已安裝（已安裝版本 {installed}，本次版本 {version}），繼續安裝將覆蓋，保留其設定和啟用狀態',
    'plugin.hookConflict': '已啟用的外掛「{other}」使用相同的鉤子「{hook}」。可以繼續安裝，但同一鉤子只能啟用一個外掛，新外掛將以停用狀態安裝',
    'plugin.loadFailed': '外掛「{keyName}」啟動失敗，未做任何變更：{detail}',
    'plugin.noFile': '請選擇要安裝的 .cool 外掛檔案（表單欄位 files）',
    'plugin.notFound': '外掛不存在（id={id}）',
  },
  en: {
    'plugin.exists': 'Plugin "{name}" is already installed (installed version {installed}, this package {version}); continuing overwrites it, keeping its config and enabled state',
    'plugin.hookConflict': 'The enabled plugin "{other}" uses the same hook "{hook}". You can continue, but only one plugin per hook can be enabled: the new plugin will be installed disabled',
    'plugin.loadFailed': 'Plugin "{keyName}" failed to start; nothing was changed: {detail}',
    'plugin.noFile': 'Choose the .cool plugin file to install (form field files)',
    'plugin.notFound': 'Plugin not found (id={id})',
  },
});

declare module '../../locales/moduleKeys.js' {
  interface ModuleMessageKeys extends Record<keyof typeof messages.en, true> {}
}
