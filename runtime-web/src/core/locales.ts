/** Strings of the headless core (request layer, session, start-up), namespace `core`. */
export const coreMessages = {
  'zh-cn': {
    sessionExpired: '登录状态已失效，请重新登录',
    epsError: 'Eps 错误，请检查后端代码配置',
    requestTimeout: '请求超时（{{ms}} 毫秒）',
    requestFailed: '请求失败，状态码 {{status}}',
    networkError: '网络错误，无法连接服务器',
    pageError: '页面存在错误：{{message}}',
    captchaError: '获取验证码失败',
    menuGroupEmpty: '{{name}} 下没有菜单，请先添加',
    home: '首页',
    theme: { default: '钴蓝', cuilv: '翠绿', zitan: '紫檀', jincheng: '金橙', yingtao: '樱桃', bohe: '薄荷', qinghui: '青灰', shanhu: '珊瑚', custom: '自定义' },
  },
  'zh-tw': {
    sessionExpired: '登入狀態已失效，請重新登入',
    epsError: 'Eps 錯誤，請檢查後端程式設定',
    requestTimeout: '請求逾時（{{ms}} 毫秒）',
    requestFailed: '請求失敗，狀態碼 {{status}}',
    networkError: '網路錯誤，無法連線伺服器',
    pageError: '頁面存在錯誤：{{message}}',
    captchaError: '取得驗證碼失敗',
    menuGroupEmpty: '{{name}} 下沒有選單，請先新增',
    home: '首頁',
    theme: { default: '鈷藍', cuilv: '翠綠', zitan: '紫檀', jincheng: '金橙', yingtao: '櫻桃', bohe: '薄荷', qinghui: '青灰', shanhu: '珊瑚', custom: '自訂' },
  },
  en: {
    sessionExpired: 'Your session has expired, please sign in again',
    epsError: 'Eps error, please set in backend code',
    requestTimeout: 'Request timed out after {{ms}} ms',
    requestFailed: 'Request failed with status code {{status}}',
    networkError: 'Network error: the server cannot be reached',
    pageError: 'The page has an error: {{message}}',
    captchaError: 'Failed to obtain verification code',
    menuGroupEmpty: 'There is no menu under {{name}}; add one first',
    home: 'Home',
    theme: { default: 'Cobalt', cuilv: 'Emerald', zitan: 'Rosewood', jincheng: 'Orange', yingtao: 'Cherry', bohe: 'Mint', qinghui: 'Slate', shanhu: 'Coral', custom: 'Custom' },
  },
} as const;

export type CoreMessageKey = keyof (typeof coreMessages)['en'];
