import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Card, Descriptions, Empty, List, Select, TabPane, Table, Tabs, Toast, Upload } from '@douyinfe/semi-ui';
import type { customRequestArgs } from '@douyinfe/semi-ui/lib/es/upload';
import { IconImage, IconUpload } from '@douyinfe/semi-icons';
import { useStores } from '../../core/stores/context';
import type { Request } from '../../core/request';
import { buildScreenModel } from '../../crud/model';
import type { EntitySchema, FieldMeta, Row } from '../../crud/types';
import { CrudScreen } from '../../crud-view/CrudScreen';
import { EntityForm } from '../../crud-view/form/EntityForm';
import '../../crud/locales';
import { uploadKey } from '../../extensions/upload/check';
import { UPLOAD_DEFAULTS } from '../../extensions/upload/config';
import './pluginDemoLocales';
import './plugin-demos.css';

const L = (zh: string, tw: string, en: string) => ({ 'zh-cn': zh, 'zh-tw': tw, en });
const field = (name: string, label: ReturnType<typeof L>, schema: Record<string, unknown>): FieldMeta => ({ name, type: 'string', label, schema, nullable: true });

/** The upload widgets of the generic forms, one field per demo (image, images, small image, files). */
const UPLOADS: EntitySchema = {
  id: 'demo/uploads',
  module: 'demo',
  prefix: '/admin/demo/uploads',
  label: L('上传示例', '上傳範例', 'Upload demos'),
  required: [],
  actions: [],
  fields: [
    field('cover', L('封面', '封面', 'Cover'), { type: ['string', 'null'], maxLength: 500 }),
    field('gallery', L('图集', '圖集', 'Gallery'), { type: ['array', 'null'], items: { type: 'string' }, maxItems: 6 }),
    field('thumb', L('缩略图', '縮圖', 'Thumbnail'), { type: ['string', 'null'], maxLength: 500 }),
    field('attachments', L('附件', '附件', 'Attachments'), { type: ['array', 'null'], items: { type: 'string' }, maxItems: 5 }),
  ],
  screen: {
    form: [
      { field: 'cover', component: 'image', span: 24 },
      { field: 'gallery', component: 'images', span: 24 },
      { field: 'thumb', component: 'image', span: 24 },
      { field: 'attachments', component: 'files', span: 24 },
    ],
  },
};

async function uploadOne(request: Request, file: File): Promise<string> {
  const form = new FormData();
  form.append('key', uploadKey(file.name));
  form.append('file', file);
  const url = await request<string | string[]>({ url: '/admin/base/comm/upload', method: 'POST', data: form, progress: false });
  return Array.isArray(url) ? (url[0] ?? '') : url;
}

/** Semi's Upload posting through our request layer (token, locale, envelope). */
function useCustomRequest(onDone: (url: string) => void) {
  const { request } = useStores();
  const { t } = useTranslation('pluginDemo');
  return (args: customRequestArgs) => {
    uploadOne(request, args.fileInstance)
      .then((url) => {
        args.onSuccess({ url });
        onDone(url);
        Toast.success(t('uploaded', { url }));
      })
      .catch((err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        args.onError({ status: 0 }, new Event(message) as unknown as ProgressEvent);
        Toast.error(t('failed', { message }));
      });
  };
}

function FieldDemo({ name }: { name: string }) {
  const { t } = useTranslation('pluginDemo');
  const { app } = useStores();
  const model = useMemo(() => buildScreenModel(UPLOADS), []);
  const [data, setData] = useState<Row>({});
  const items = model.form.filter((i) => i.field === name);
  return (
    <div className={name === 'thumb' ? 'plugin-demo plugin-demo--small' : 'plugin-demo'} data-testid={`demo-${name}`}>
      <EntityForm items={items} required={[]} mode="add" locale={app.locale} data={data} layout="grid" onChange={setData} onSubmit={() => {}} />
      <div className="plugin-demo__value">
        {t('value')}: <code data-testid={`demo-${name}-value`}>{JSON.stringify(data[name] ?? null)}</code>
      </div>
    </div>
  );
}

function DragDemo() {
  const { t } = useTranslation('pluginDemo');
  const [urls, setUrls] = useState<string[]>([]);
  const customRequest = useCustomRequest((url) => setUrls((u) => [...u, url]));
  return (
    <div className="plugin-demo" data-testid="demo-drag">
      <Upload action="" customRequest={customRequest} draggable dragMainText={t('dragText')} dragSubText={t('dragHint', { mb: UPLOAD_DEFAULTS.limit.size })} />
      <Value urls={urls} />
    </div>
  );
}

function CustomDemo() {
  const { t } = useTranslation('pluginDemo');
  const [urls, setUrls] = useState<string[]>([]);
  const customRequest = useCustomRequest((url) => setUrls([url]));
  return (
    <div className="plugin-demo" data-testid="demo-custom">
      <Upload action="" customRequest={customRequest} accept="image/*" showUploadList={false} limit={1}>
        <div className="plugin-demo__custom">
          {urls[0] ? <img src={urls[0]} alt={t('customText')} /> : <IconImage size="extra-large" />}
          <strong>{t('customText')}</strong>
          <span>{t('customHint')}</span>
        </div>
      </Upload>
      <Value urls={urls} />
    </div>
  );
}

const CHECK_KB = 200;
function CheckDemo() {
  const { t } = useTranslation('pluginDemo');
  const [urls, setUrls] = useState<string[]>([]);
  const customRequest = useCustomRequest((url) => setUrls((u) => [...u, url]));
  return (
    <div className="plugin-demo" data-testid="demo-check">
      <Upload
        action=""
        customRequest={customRequest}
        accept=".png,.jpg,.jpeg"
        // Semi drops files outside `accept` before beforeUpload: say why instead of ignoring them.
        onAcceptInvalid={(files: File[]) => files.forEach((f) => Toast.warning(t('checkRefused', { name: f.name, reason: t('notImage') })))}
        beforeUpload={({ file }) => {
          const f = file.fileInstance as File;
          const reason = !/\.(png|jpe?g)$/i.test(f.name) ? t('notImage') : f.size > CHECK_KB * 1024 ? t('tooBig', { kb: CHECK_KB }) : undefined;
          if (reason) {
            Toast.warning(t('checkRefused', { name: f.name, reason }));
            return { shouldUpload: false, status: 'validateFail', validateMessage: reason };
          }
          return true;
        }}
        prompt={<span className="plugin-demo__hint">{t('checkText', { kb: CHECK_KB })}</span>}
      >
        <span className="semi-button semi-button-primary semi-button-light plugin-demo__button">
          <IconUpload /> {t('check')}
        </span>
      </Upload>
      <Value urls={urls} />
    </div>
  );
}

function Value({ urls }: { urls: string[] }) {
  const { t } = useTranslation('pluginDemo');
  return (
    <div className="plugin-demo__value">
      {t('value')}: <code data-testid="demo-upload-value">{JSON.stringify(urls)}</code>
    </div>
  );
}

interface DictType {
  id: number;
  name: string;
  key: string;
}

/** Left: the dictionary types; right: the items of the chosen one (view-group layout). */
function LeftRightDemo() {
  const { t } = useTranslation('pluginDemo');
  const { request } = useStores();
  const [types, setTypes] = useState<DictType[]>([]);
  const [chosen, setChosen] = useState<DictType>();
  const [items, setItems] = useState<{ id: number; name: string; value: unknown }[]>([]);
  useEffect(() => {
    void request<DictType[]>({ url: '/admin/dict/type/list', method: 'POST', data: {} }).then(setTypes);
  }, [request]);
  useEffect(() => {
    if (!chosen) return;
    void request<Record<string, { id: number; name: string; value: unknown }[]>>({ url: '/admin/dict/info/data', method: 'POST', data: { types: [chosen.key] } }).then((d) =>
      setItems(d[chosen.key] ?? []),
    );
  }, [chosen, request]);
  return (
    <div className="plugin-demo-lr" data-testid="demo-left-right">
      <Card title={t('dictTypes')} className="plugin-demo-lr__left" bodyStyle={{ padding: 0 }}>
        <List
          dataSource={types}
          renderItem={(d) => (
            <List.Item
              className={chosen?.id === d.id ? 'plugin-demo-lr__item plugin-demo-lr__item--on' : 'plugin-demo-lr__item'}
              onClick={() => setChosen(d)}
              main={
                <span>
                  {d.name} <code>{d.key}</code>
                </span>
              }
            />
          )}
        />
      </Card>
      <Card title={chosen ? `${t('dictItems')} · ${chosen.name}` : t('dictItems')} className="plugin-demo-lr__right">
        {chosen ? (
          <Table size="small" rowKey="id" pagination={false} dataSource={items} columns={[{ title: t('colName'), dataIndex: 'name' }, { title: t('colValue'), dataIndex: 'value' }]} data-testid="demo-dict-items" />
        ) : (
          <Empty description={t('pickType')} />
        )}
      </Card>
    </div>
  );
}

interface Goods {
  id: number;
  title: string;
  price: string;
  stock: number;
  status: number;
  createTime: string;
}

/** A record's detail on top, its related rows below (goods and their orders). */
function TopDetailDemo() {
  const { t } = useTranslation('pluginDemo');
  const { request } = useStores();
  const [goods, setGoods] = useState<Goods[]>([]);
  const [chosen, setChosen] = useState<Goods>();
  const [orders, setOrders] = useState<Row[]>([]);
  useEffect(() => {
    void request<{ list: Goods[] }>({ url: '/admin/demo/goods/page', method: 'POST', data: { page: 1, size: 50 } }).then((d) => {
      setGoods(d.list);
      setChosen(d.list[0]);
    });
  }, [request]);
  useEffect(() => {
    if (!chosen) return;
    void request<{ list: Row[] }>({ url: '/admin/demo/order/page', method: 'POST', data: { goodsId: chosen.id, page: 1, size: 20 } }).then((d) => setOrders(d.list));
  }, [chosen, request]);
  if (!goods.length) return <Empty description={t('noGoods')} />;
  return (
    <div className="plugin-demo-top" data-testid="demo-top-detail">
      <Card
        title={t('goods')}
        headerExtraContent={
          <Select
            value={chosen?.id}
            onChange={(v) => setChosen(goods.find((g) => g.id === v))}
            optionList={goods.map((g) => ({ value: g.id, label: g.title }))}
            aria-label={t('pickGoods')}
            style={{ width: 200 }}
          />
        }
      >
        {chosen && (
          <Descriptions
            row
            data={[
              { key: t('colTitle'), value: chosen.title },
              { key: t('colPrice'), value: chosen.price },
              { key: t('colStock'), value: chosen.stock },
              { key: t('colCreated'), value: chosen.createTime },
            ]}
          />
        )}
      </Card>
      <Card title={t('orders')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={orders}
          empty={<Empty description={t('noOrders')} />}
          columns={[
            { title: t('colOrder'), dataIndex: 'id' },
            { title: t('colAmount'), dataIndex: 'amount' },
            { title: t('colStatus'), dataIndex: 'status', render: (v: number) => (v === 1 ? t('paid') : t('unpaid')) },
            { title: t('colPaid'), dataIndex: 'payTime' },
          ]}
        />
      </Card>
    </div>
  );
}

/** `/demo/plugins` (modules/demo/views/plugins/index.vue): the plugin demo pages with the labels of docs/reference/product-spec.md §2. */
const PluginDemos = observer(function PluginDemos() {
  const { t } = useTranslation('pluginDemo');
  const tabs: [string, ReactNode][] = [
    ['basic', <FieldDemo name="cover" />],
    ['multi', <FieldDemo name="gallery" />],
    ['small', <FieldDemo name="thumb" />],
    ['file', <FieldDemo name="attachments" />],
    ['drag', <DragDemo />],
    ['custom', <CustomDemo />],
    ['check', <CheckDemo />],
    ['space', <CrudScreen prefix="/admin/space/info" syncUrl={false} />],
    ['leftRight', <LeftRightDemo />],
    ['topDetail', <TopDetailDemo />],
  ];
  return (
    <div className="plugin-demos" data-testid="view-plugin-demos">
      {/* Not `collapsible`: Semi puts its scroll buttons inside the tablist, where only tabs may be; the bar scrolls instead. */}
      <Tabs type="line" lazyRender>
        {tabs.map(([key, node]) => (
          <TabPane key={key} itemKey={key} tab={t(key)}>
            <div className="plugin-demos__pane">{node}</div>
          </TabPane>
        ))}
      </Tabs>
    </div>
  );
});

export default PluginDemos;
