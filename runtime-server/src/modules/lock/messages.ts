import { defineMessages } from '../../core/i18n.js';

/** The lock module's server messages (merged into the catalog at boot: ModuleDefinition.messages). */
export const messages = defineMessages({
  'zh-cn': {
    'lock.callbackRefused': '设备回调被拒绝：序列号或密钥不正确',
    'lock.commandFailed': '设备指令 {command} 执行失败：{error}',
    'lock.unknownDriver': '未知的锁厂商“{factory}”：没有对应的设备驱动',
  },
  'zh-tw': {
    'lock.callbackRefused': '裝置回呼被拒絕：序號或金鑰不正確',
    'lock.commandFailed': '裝置指令 {command} 執行失敗：{error}',
    'lock.unknownDriver': '未知的鎖廠商「{factory}」：沒有對應的裝置驅動',
  },
  en: {
    'lock.callbackRefused': 'Device callback refused: wrong serial number or secret',
    'lock.commandFailed': 'Device command {command} failed: {error}',
    'lock.unknownDriver': 'Unknown lock manufacturer "{factory}": no device driver is registered for it',
  },
});

declare module '../../locales/moduleKeys.js' {
  interface ModuleMessageKeys extends Record<keyof typeof messages.en, true> {}
}
