import { defineMessages } from '../../core/i18n.js';

/** The space module's server messages (merged into the catalog at boot: ModuleDefinition.messages). */
export const messages = defineMessages({
  'zh-cn': {
    'space.fileNotFound': '文件不存在：{url}，请重新上传',
    'space.parentNotFound': '上级分类不存在（id={id}）',
    'space.typeCycle': '不能把分类移到它自己或它的下级分类之下（id={id}）',
    'space.typeNotFound': '文件分类不存在（id={id}）',
    'space.urlRefused': '只能添加本站上传的文件（/upload/日期/文件名），不接受该地址：{url}',
    'space.storageCheckFailed': '上传插件「{keyName}」的文件存储无法检查该文件：{url}，请稍后重试',
    'space.urlNotInStorage': '只能添加本站上传的文件，文件存储「{keyName}」中没有该文件，不接受该地址：{url}',
  },
  'zh-tw': {
    'space.fileNotFound': '檔案不存在：{url}，請重新上傳',
    'space.parentNotFound': '上級分類不存在（id={id}）',
    'space.typeCycle': '不能把分類移到它自己或它的下級分類之下（id={id}）',
    'space.typeNotFound': '檔案分類不存在（id={id}）',
    'space.urlRefused': '只能加入本站上傳的檔案（/upload/日期/檔名），不接受該網址：{url}',
    'space.storageCheckFailed': '上傳外掛「{keyName}」的檔案儲存無法檢查該檔案：{url}，請稍後再試',
    'space.urlNotInStorage': '只能加入本站上傳的檔案，檔案儲存「{keyName}」中沒有該檔案，不接受該網址：{url}',
  },
  en: {
    'space.fileNotFound': 'File not found: {url}; please upload it again',
    'space.parentNotFound': 'Parent category not found (id={id})',
    'space.typeCycle': 'A category cannot move under itself or one of its sub-categories (id={id})',
    'space.typeNotFound': 'File category not found (id={id})',
    'space.urlRefused': 'Only files uploaded to this server (/upload/<date>/<name>) can be added; refused: {url}',
    'space.storageCheckFailed': 'The file storage of upload plugin "{keyName}" could not check {url}; please try again later',
    'space.urlNotInStorage': 'Only files uploaded to this server can be added, and the file storage "{keyName}" holds no such file; refused: {url}',
  },
});

declare module '../../locales/moduleKeys.js' {
  interface ModuleMessageKeys extends Record<keyof typeof messages.en, true> {}
}
