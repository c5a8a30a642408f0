import type { ProjectPaths } from '@schema-admin/generator';
import { inlineProject } from './inlineProject.js';

/** A new module written as one schema file, no x-screen: the proof that a bare schema gets a menu and a screen. */
export const WIDGET_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'shop/widget',
  title: 'Widget',
  type: 'object',
  'x-label': { 'zh-cn': '小部件', 'zh-tw': '小部件', en: 'Widgets' },
  'x-table': 'shop_widget',
  'x-api': ['add', 'delete', 'update', 'info', 'list', 'page'],
  'x-query': { keyWordLikeFields: ['name'], fieldEq: ['color'], fieldLike: [] },
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 60, 'x-label': { 'zh-cn': '名称', 'zh-tw': '名稱', en: 'Name' } },
    price: { type: 'number', minimum: 0, default: 0, 'x-column': { type: 'decimal', precision: 8, scale: 2 }, 'x-label': { 'zh-cn': '价格', 'zh-tw': '價格', en: 'Price' } },
    color: {
      type: 'integer', enum: [1, 2], default: 1,
      'x-options': [{ value: 1, label: { 'zh-cn': '红', 'zh-tw': '紅', en: 'Red' } }, { value: 2, label: { 'zh-cn': '蓝', 'zh-tw': '藍', en: 'Blue' } }],
      'x-label': { 'zh-cn': '颜色', 'zh-tw': '顏色', en: 'Colour' },
    },
  },
  required: ['name'],
};

/** A scratch project holding the shipped schemas plus shop/widget.json, generated as `npm run generate` would. */
export function widgetProject(): Promise<ProjectPaths> {
  return inlineProject({ 'shop/widget.json': WIDGET_SCHEMA, 'shop/module.json': { label: { 'zh-cn': '商店', 'zh-tw': '商店', en: 'Shop' } } });
}
