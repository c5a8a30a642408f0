/**
 * `/demo/crud`: what the generic renderer does, on live data — a paged table (goods), a tree table (menus),
 * and one form with every registered widget, validated by the same rules as the server's.
 */
import { useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, TabPane, Tabs, Toast } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../core/stores/context';
import { buildScreenModel } from '../../crud/model';
import type { EntitySchema, FieldMeta, Row } from '../../crud/types';
import { CrudScreen } from '../../crud-view/CrudScreen';
import { EntityForm } from '../../crud-view/form/EntityForm';
import type { EntityFormHandle } from '../../crud-view/form/EntityForm';
import { registerMessages } from '../../core/i18n';

registerMessages('crudDemo', {
  'zh-cn': { table: '分页表格', tree: '树形表格', form: '表单控件', validate: '校验并提交', valid: '校验通过', value: '当前值' },
  'zh-tw': { table: '分頁表格', tree: '樹狀表格', form: '表單控制項', validate: '驗證並送出', valid: '驗證通過', value: '目前的值' },
  en: { table: 'Paged table', tree: 'Tree table', form: 'Form widgets', validate: 'Validate and submit', valid: 'Valid', value: 'Current value' },
});

const L = (zh: string, tw: string, en: string) => ({ 'zh-cn': zh, 'zh-tw': tw, en });
const f = (name: string, type: string, label: ReturnType<typeof L>, schema: Record<string, unknown>, extra: Partial<FieldMeta> = {}): FieldMeta => ({ name, type, label, schema, nullable: true, ...extra });

const BASIC = L('基本', '基本', 'Basics');
const TIME = L('时间', '時間', 'Time');
const MEDIA = L('图标与图片', '圖示與圖片', 'Icon and images');
const MORE = L('更多', '更多', 'More');

/** A made-up entity holding one field of every kind the widgets cover, in tabs. */
const SHOWCASE: EntitySchema = {
  id: 'demo/showcase',
  module: 'demo',
  prefix: '/admin/demo/showcase',
  label: L('控件示例', '控制項範例', 'Widget showcase'),
  required: ['title', 'price'],
  actions: [],
  fields: [
    f('title', 'string', L('标题', '標題', 'Title'), { type: 'string', minLength: 2, maxLength: 20 }, { nullable: false }),
    f('price', 'decimal', L('价格', '價格', 'Price'), { type: ['number', 'string'], minimum: 0, maximum: 9999.99 }, { precision: 6, scale: 2, nullable: false }),
    f('stock', 'integer', L('库存', '庫存', 'Stock'), { type: ['integer', 'null'], minimum: 0, maximum: 1000 }),
    f('status', 'integer', L('状态', '狀態', 'Status'), { type: 'integer', enum: [0, 1] }, { options: [{ value: 0, label: L('禁用', '停用', 'Off') }, { value: 1, label: L('启用', '啟用', 'On') }] }),
    f('level', 'integer', L('等级', '等級', 'Level'), { type: ['integer', 'null'], enum: [1, 2, 3, null] }, { options: [1, 2, 3].map((v) => ({ value: v, label: L(`${v} 级`, `${v} 級`, `Level ${v}`) })) }),
    f('onSale', 'boolean', L('在售', '在售', 'On sale'), { type: ['boolean', 'null'] }),
    f('day', 'date', L('日期', '日期', 'Date'), { type: ['string', 'null'], format: 'date' }),
    f('at', 'datetime', L('时间', '時間', 'Date and time'), { type: ['string', 'null'], format: 'datetime' }),
    f('icon', 'string', L('图标', '圖示', 'Icon'), { type: ['string', 'null'], maxLength: 50 }),
    f('cover', 'string', L('封面图', '封面圖', 'Cover image'), { type: ['string', 'null'], maxLength: 500 }),
    f('images', 'json', L('图片集', '圖片集', 'Images'), { type: ['array', 'null'], items: { type: 'string' }, maxItems: 3 }),
    f('cron', 'string', L('定时规则', '排程規則', 'Cron'), { type: ['string', 'null'], maxLength: 100 }),
    f('meta', 'json', L('扩展数据', '擴充資料', 'Extra data'), { type: ['object', 'null'] }),
    f('password', 'string', L('密码', '密碼', 'Password'), { type: ['string', 'null'], minLength: 6, maxLength: 16 }, { secret: true }),
    f('remark', 'text', L('备注', '備註', 'Remark'), { type: ['string', 'null'], maxLength: 500 }),
    f('content', 'longtext', L('正文', '內文', 'Content'), { type: ['string', 'null'] }),
  ],
  screen: {
    formLayout: 'tabs',
    form: [
      ...['title', 'price', 'stock', 'status', 'level', 'onSale'].map((field) => ({ field, group: BASIC })),
      ...['day', 'at', 'cron'].map((field) => ({ field, group: TIME })),
      ...['icon', 'cover', 'images'].map((field) => ({ field, group: MEDIA })),
      { field: 'password', group: MORE },
      { field: 'meta', span: 24, group: MORE },
      { field: 'remark', span: 24, group: MORE },
      { field: 'content', span: 24, component: 'richtext', group: MORE },
    ],
  },
};

const FormShowcase = observer(function FormShowcase() {
  const { t } = useTranslation('crudDemo');
  const { app } = useStores();
  const model = useMemo(() => buildScreenModel(SHOWCASE), []);
  const [data, setData] = useState<Row>({ status: 1, price: '12.50' });
  const form = useRef<EntityFormHandle>(null);
  return (
    <div className="crud-demo-form">
      <EntityForm ref={form} items={model.form} required={SHOWCASE.required} mode="add" locale={app.locale} data={data} layout={model.formLayout} onChange={setData} onSubmit={() => Toast.success(t('valid'))} />
      <Button theme="solid" type="primary" onClick={() => form.current?.submit()} data-testid="crud-demo-validate">
        {t('validate')}
      </Button>
      <h4>{t('value')}</h4>
      <pre className="crud-json" data-testid="crud-demo-value">
        {JSON.stringify(data, null, 2)}
      </pre>
    </div>
  );
});

export default function CrudDemo() {
  const { t } = useTranslation('crudDemo');
  return (
    <div className="crud-demo" data-testid="view-crud-demo">
      <Tabs type="line" lazyRender>
        <TabPane tab={t('table')} itemKey="table">
          <CrudScreen prefix="/admin/demo/goods" syncUrl={false} />
        </TabPane>
        <TabPane tab={t('tree')} itemKey="tree">
          <CrudScreen prefix="/admin/base/sys/menu" syncUrl={false} />
        </TabPane>
        <TabPane tab={t('form')} itemKey="form">
          <FormShowcase />
        </TabPane>
      </Tabs>
    </div>
  );
}
