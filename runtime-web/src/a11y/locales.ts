import { registerMessages } from '../core/i18n';

/** Names that only assistive technology reads (namespace `a11y`), plus the pager's visible texts. */
registerMessages('a11y', {
  'zh-cn': { pagination: '分页', page: '第 {{page}} 页', prev: '上一页', next: '下一页', pageOf: '{{page}} / {{pages}}', pageSize: '每页条数', perPage: '{{n}} 条/页', showPassword: '显示密码', hidePassword: '隐藏密码' },
  'zh-tw': { pagination: '分頁', page: '第 {{page}} 頁', prev: '上一頁', next: '下一頁', pageOf: '{{page}} / {{pages}}', pageSize: '每頁筆數', perPage: '{{n}} 筆/頁', showPassword: '顯示密碼', hidePassword: '隱藏密碼' },
  en: { pagination: 'Pagination', page: 'Page {{page}}', prev: 'Previous page', next: 'Next page', pageOf: '{{page}} / {{pages}}', pageSize: 'Rows per page', perPage: '{{n}} / page', showPassword: 'Show password', hidePassword: 'Hide password' },
});
