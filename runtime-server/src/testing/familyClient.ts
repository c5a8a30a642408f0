/**
 * What an unchanged cool-admin-vue 7.x console ships, as far as our seed touches it (docs/decisions.md,
 * "Wire compatibility"): kept in one place for the contract tests.
 */
/** View files of cool-admin-vue 7.x that our seeded pages name (the client loads '/src/' + viewPath). */
export const FAMILY_VIEWS = new Set([
  'modules/demo/views/home/index.vue',
  'modules/base/views/user/index.vue',
  'modules/base/views/role.vue',
  'modules/base/views/menu/index.vue',
  'modules/base/views/param.vue',
  'modules/base/views/log.vue',
  'modules/base/views/info.vue',
  'modules/task/views/list.vue',
  'modules/dict/views/list.vue',
  'modules/recycle/views/data.vue',
  'modules/space/views/list.vue',
  'modules/user/views/list.vue',
  'modules/user/views/address.vue',
  'modules/helper/views/plugins/serve.vue',
  'modules/helper/views/ai-code.vue',
  'modules/demo/views/crud/index.vue',
]);
/** Pages of server-side modules that client has no view for (documented, left as they are). */
export const OURS_ONLY = new Set(['modules/base/views/audit/index.vue', 'modules/lock/views/device/index.vue', 'modules/demo/views/goods/index.vue', 'modules/demo/views/order/index.vue', 'modules/demo/views/tenant.vue', 'modules/demo/views/plugins/index.vue']);
/** Icon names of that client's svg set used by the seed. */
export const FAMILY_ICONS = new Set([
  'icon-home', 'icon-system', 'icon-auth', 'icon-user', 'icon-menu', 'icon-params', 'icon-log', 'icon-task', 'icon-dict', 'icon-delete',
  'icon-upload', 'icon-favor', 'icon-component', 'icon-fx', 'icon-map', 'icon-device', 'icon-phone', 'icon-goods', 'icon-news', 'icon-earth',
]);
