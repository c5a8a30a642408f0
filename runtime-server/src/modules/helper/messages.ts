import { defineMessages } from '../../core/i18n.js';

/** The helper module's server messages (merged into the catalog at boot: ModuleDefinition.messages). */
export const messages = defineMessages({
  'zh-cn': {
    'coding.draftNoFields': '描述中没有找到字段；请列出字段，例如 "title:string:50 price:decimal" 或 "a product with title, price and stock"',
    'helper.ai.badBaseUrl': 'AI 服务地址必须是 http(s) 网址',
    'helper.ai.badOutput': 'AI 服务的回答中没有可用的 JSON schema',
    'helper.ai.local': '未配置 AI 服务：由本地规则根据描述生成草稿',
    'helper.ai.providerFailed': 'AI 服务调用失败：{detail}',
    'helper.ai.remote': '正在请求 AI 服务（{model}）',
  },
  'zh-tw': {
    'coding.draftNoFields': '描述中沒有找到欄位；請列出欄位，例如 "title:string:50 price:decimal" 或 "a product with title, price and stock"',
    'helper.ai.badBaseUrl': 'AI 服務位址必須是 http(s) 網址',
    'helper.ai.badOutput': 'AI 服務的回答中沒有可用的 JSON schema',
    'helper.ai.local': '未設定 AI 服務：由本機規則根據描述產生草稿',
    'helper.ai.providerFailed': 'AI 服務呼叫失敗：{detail}',
    'helper.ai.remote': '正在請求 AI 服務（{model}）',
  },
  en: {
    'coding.draftNoFields': 'No fields found in the description; list them, e.g. "title:string:50 price:decimal" or "a product with title, price and stock"',
    'helper.ai.badBaseUrl': 'The AI base URL must be an http(s) URL',
    'helper.ai.badOutput': 'The AI provider answered without a usable JSON schema',
    'helper.ai.local': 'No AI provider configured: drafted locally from the description',
    'helper.ai.providerFailed': 'The AI provider failed: {detail}',
    'helper.ai.remote': 'Asking the AI provider ({model})',
  },
});

declare module '../../locales/moduleKeys.js' {
  interface ModuleMessageKeys extends Record<keyof typeof messages.en, true> {}
}
