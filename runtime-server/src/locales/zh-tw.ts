import type { Messages } from './zh-cn.js';

export const zhTw: Messages = {
  'error.badJson': '請求內容不是合法的 JSON：{detail}',
  'error.bodyTooLarge': '請求內容過大（上限 {limit}）',
  'error.batchTooLarge': '一次最多提交 {max} 筆資料',
  'error.duplicate': '{label}已存在',
  'error.idsRequired': '參數 ids 不能為空，應為 id 陣列',
  'error.internal': '伺服器內部錯誤，請稍後再試',
  'error.listTooLarge': '結果超過 {max} 筆，請使用分頁查詢',
  'error.noUpdatableField': '沒有可更新的欄位',
  'error.notFoundRoute': '{path} 不存在',
  'error.orderColumn': '不能依「{column}」排序，可用：{allowed}',
  'error.parameter': '參數格式錯誤：{detail}',
  'error.recordNotFound': '資料不存在（id={id}）',
  'error.sortMismatch': '排序參數不正確：order 與 sort 的數量不一致',
  'error.tooLong': '{label}過長',
  'error.validation': '{label}：{message}',
  success: 'success',
};
