import { defineMessages } from '../../core/i18n.js';

/** The user module's server messages (merged into the catalog at boot: ModuleDefinition.messages). */
export const messages = defineMessages({
  'zh-cn': {
    'address.phoneFormat': '手机号（phone）必须是 11 位数字，收到「{value}」',
    'address.userNotFound': '用户不存在（userId={id}）',
  },
  'zh-tw': {
    'address.phoneFormat': '手機號碼（phone）必須是 11 位數字，收到「{value}」',
    'address.userNotFound': '使用者不存在（userId={id}）',
  },
  en: {
    'address.phoneFormat': 'Phone (phone) must be exactly 11 digits, got "{value}"',
    'address.userNotFound': 'User not found (userId={id})',
  },
});

declare module '../../locales/moduleKeys.js' {
  interface ModuleMessageKeys extends Record<keyof typeof messages.en, true> {}
}
