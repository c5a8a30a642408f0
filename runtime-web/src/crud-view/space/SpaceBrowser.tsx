/**
 * The file space (docs/reference/frontend-reference.md §5.10): categories on the left (the `space/type` sidebar), files of the
 * chosen category and type group as a grid with thumbnails or type icons, click and drag-and-drop upload with
 * progress, preview / copy link / delete. In pick mode a click selects, numbered in order, up to `limit`.
 * One component for the `/space/list` screen and the picker the upload widgets open.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Empty, ImagePreview, Modal, Progress, Select, Spin, Toast, Tooltip } from '@douyinfe/semi-ui';
import { Drawer } from '../../a11y/Drawer';
import { Pager } from '../../a11y/Pager';
import { IconCopy, IconDelete, IconEyeOpened, IconFile, IconVideo, IconMusic, IconUpload } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../core/stores/context';
import { labelIn } from '../../crud/model';
import type { OptionMeta, Row } from '../../crud/types';
import { checkUpload, uploadKey } from '../../extensions/upload/check';
import { imageSrc } from '../cells';
import { Sidebar } from '../Sidebar';
import { loadEntitySchema } from '../../crud/controller';
import { CrudScreen } from '../CrudScreen';
import '../modules/locales';

const PREFIX = '/admin/space/info';
const PAGE_SIZE = 40;

export interface SpaceBrowserProps {
  /** pick: clicks select files for a form (numbered, at most `limit`); manage: the file space screen. */
  mode: 'pick' | 'manage';
  limit?: number;
  /** Only this type group (`image` for image widgets). */
  type?: string;
  onSelect?: (urls: string[]) => void;
}

const ICONS: Record<string, typeof IconFile> = { video: IconVideo, audio: IconMusic };

export const SpaceBrowser = observer(function SpaceBrowser({ mode, limit = 9, type: fixedType, onSelect }: SpaceBrowserProps) {
  const { t } = useTranslation('modules');
  const stores = useStores();
  const { app, menu, request } = stores;
  const locale = app.locale;
  const [types, setTypes] = useState<OptionMeta[]>([]);
  const [classifyId, setClassifyId] = useState<number | undefined>();
  const [type, setType] = useState<string | undefined>(fixedType);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [picked, setPicked] = useState<Row[]>([]);
  const [upload, setUpload] = useState<{ done: number; total: number; name: string } | undefined>();
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<string | undefined>();
  const [managing, setManaging] = useState(false);
  const [sidebarKey, setSidebarKey] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const may = (op: string) => menu.hasPerm(`space:info:${op}`);

  useEffect(() => {
    void loadEntitySchema(stores.request, PREFIX).then((e) => setTypes(e.fields.find((f) => f.name === 'type')?.options ?? []), () => setTypes([]));
  }, [stores]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await request<{ list: Row[]; pagination: { total: number } }>({
        url: `${PREFIX}/page`,
        method: 'POST',
        data: { page, size: PAGE_SIZE, order: 'createTime', sort: 'desc', ...(classifyId ? { classifyId } : {}), ...(type ? { type } : {}) },
        progress: false,
      });
      setRows(res.list ?? []);
      setTotal(Number(res.pagination?.total) || 0);
    } catch (e) {
      Toast.error((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [request, page, classifyId, type]);
  useEffect(() => void load(), [load]);

  const send = async (files: File[]) => {
    if (!files.length) return;
    const problem = checkUpload(files);
    if (problem) return void Toast.warning(t(`app:${problem.key}`, problem.params));
    setUpload({ done: 0, total: files.length, name: files[0]!.name });
    try {
      const added: { url: string; name: string; classifyId?: number }[] = [];
      for (const [i, f] of files.entries()) {
        setUpload({ done: i, total: files.length, name: f.name });
        const form = new FormData();
        form.append('key', uploadKey(f.name));
        form.append('file', f);
        const url = await request<string | string[]>({ url: '/admin/base/comm/upload', method: 'POST', data: form, progress: false });
        added.push({ url: Array.isArray(url) ? url[0]! : url, name: f.name, ...(classifyId ? { classifyId } : {}) });
      }
      setUpload({ done: files.length, total: files.length, name: '' });
      await request({ url: `${PREFIX}/add`, method: 'POST', data: added, progress: false });
      setPage(1);
      await load();
    } catch (e) {
      Toast.error((e as Error).message);
    } finally {
      setUpload(undefined);
    }
  };

  const toggle = (row: Row) => {
    const i = picked.findIndex((p) => p.id === row.id);
    let next: Row[];
    if (i >= 0) next = picked.filter((p) => p.id !== row.id);
    else if (limit === 1) next = [row];
    else if (picked.length >= limit) return void Toast.warning(t('space.limit', { limit }));
    else next = [...picked, row];
    setPicked(next);
    onSelect?.(next.map((r) => String(r.url)));
  };

  const remove = (list: Row[]) =>
    Modal.warning({
      title: t('space.delete'),
      content: t('space.confirmDelete', { n: list.length }),
      hasCancel: true,
      okText: t('space.confirm'),
      cancelText: t('space.cancel'),
      onOk: async () => {
        try {
          await request({ url: `${PREFIX}/delete`, method: 'POST', data: { ids: list.map((r) => r.id) } });
          setPicked((p) => p.filter((x) => !list.some((r) => r.id === x.id)));
          await load();
        } catch (e) {
          Toast.error((e as Error).message);
          throw e;
        }
      },
    });

  const copy = (url: string) => {
    const full = new URL(url, window.location.href).href;
    void navigator.clipboard?.writeText(full).then(
      () => Toast.success(t('space.copied')),
      () => Toast.info(full),
    );
  };

  const typeLabel = (v: unknown) => labelIn(types.find((o) => o.value === v)?.label, locale, String(v ?? ''));
  const isImage = (r: Row) => r.type === 'image' || /\.(png|jpe?g|gif|webp|bmp|svg)$/i.test(String(r.url));
  const mayUpload = may('add');

  // Files by type group, in the order the schema lists the groups, each headed by its label when several show.
  const groups = [...new Set(rows.map((r) => String(r.type ?? 'file')))]
    .sort((a, b) => types.findIndex((o) => o.value === a) - types.findIndex((o) => o.value === b))
    .map((type) => ({ type, label: typeLabel(type), rows: rows.filter((r) => String(r.type ?? 'file') === type) }));
  const item = (r: Row) => {
    const order = picked.findIndex((p) => p.id === r.id);
    const Icon = ICONS[String(r.type)] ?? IconFile;
    return (
      <div
        key={String(r.id)}
        className={order >= 0 ? 'space__item space__item--on' : 'space__item'}
        data-file-id={String(r.id)}
        role="button"
        tabIndex={0}
        aria-pressed={order >= 0}
        aria-label={String(r.name ?? r.url)}
        onClick={() => toggle(r)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            toggle(r);
          }
        }}
      >
        <div className="space__thumb">
          {isImage(r) ? <img src={imageSrc(String(r.url))} alt="" loading="lazy" /> : <Icon size="extra-large" />}
          {order >= 0 && <span className="space__badge">{limit === 1 ? '✓' : order + 1}</span>}
        </div>
        <div className="space__name" title={String(r.name ?? '')}>
          {String(r.name ?? String(r.url).split('/').pop())}
        </div>
        <div className="space__meta">
          <span>{typeLabel(r.type)}</span>
          <span className="space__ops" onClick={(e) => e.stopPropagation()}>
            <Tooltip content={t('space.preview')}>
              <Button size="small" theme="borderless" icon={<IconEyeOpened />} aria-label={t('space.preview')} onClick={() => (isImage(r) ? setPreview(imageSrc(String(r.url))) : window.open(String(r.url), '_blank', 'noopener'))} />
            </Tooltip>
            <Tooltip content={t('space.copy')}>
              <Button size="small" theme="borderless" icon={<IconCopy />} aria-label={t('space.copy')} onClick={() => copy(String(r.url))} />
            </Tooltip>
            {may('delete') && (
              <Tooltip content={t('space.delete')}>
                <Button size="small" theme="borderless" type="danger" icon={<IconDelete />} aria-label={t('space.delete')} onClick={() => remove([r])} />
              </Tooltip>
            )}
          </span>
        </div>
      </div>
    );
  };

  return (
    <div className={app.screen === 'xs' ? 'space space--narrow' : 'space'} data-testid={`space-${mode}`}>
      <Sidebar
        key={sidebarKey}
        entity="space/type"
        filter="classifyId"
        title={t('space.categories')}
        value={classifyId}
        onSelect={(v) => {
          setClassifyId(typeof v === 'number' ? v : undefined);
          setPage(1);
        }}
        {...(mode === 'manage' && ['add', 'update', 'delete'].some((op) => menu.hasPerm(`space:type:${op}`)) ? { onManage: () => setManaging(true) } : {})}
      />
      <div
        className={dragging ? 'space__main space__main--drop' : 'space__main'}
        onDragOver={(e) => {
          if (!mayUpload) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          if (mayUpload) void send([...e.dataTransfer.files]);
        }}
        data-testid="space-drop"
      >
        <div className="crud-toolbar">
          {mayUpload && (
            <Button theme="solid" type="primary" icon={<IconUpload />} onClick={() => input.current?.click()} loading={!!upload} data-testid="space-upload">
              {t('space.upload')}
            </Button>
          )}
          {mode === 'manage' && may('delete') && (
            <Button type="danger" icon={<IconDelete />} disabled={!picked.length} onClick={() => remove(picked)}>
              {t('space.delete')}
              {picked.length ? ` (${picked.length})` : ''}
            </Button>
          )}
          {!fixedType && (
            <Select
              style={{ width: 150 }}
              showClear
              placeholder={t('space.typeAll')}
              aria-label={t('space.typeAll')}
              value={type}
              optionList={types.map((o) => ({ value: o.value as string, label: labelIn(o.label, locale) }))}
              onChange={(v) => {
                setType((v as string | undefined) ?? undefined);
                setPage(1);
              }}
            />
          )}
          <span className="crud-flex1" />
          {mode === 'pick' && (
            <span className="crud-muted" data-testid="space-count">
              {t('space.selected', { n: picked.length, limit })}
            </span>
          )}
          <input
            ref={input}
            type="file"
            hidden
            multiple
            accept={fixedType === 'image' ? 'image/*' : undefined}
            data-testid="space-file-input"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              void send(files);
            }}
          />
        </div>
        {upload && (
          <div className="space__progress" role="status">
            <span className="crud-muted">{t('space.uploading', { name: upload.name })}</span>
            <Progress percent={Math.round((upload.done / upload.total) * 100)} showInfo aria-label={t('space.uploading', { name: upload.name })} />
          </div>
        )}
        <Spin spinning={loading}>
          {!rows.length ? (
            <Empty description={mayUpload ? t('space.drop') : t('space.empty')} style={{ padding: 32 }} />
          ) : (
            groups.map((g) => (
              <section key={g.type} className="space__group" aria-label={g.label}>
                {groups.length > 1 && <h4 className="space__group-title">{g.label}</h4>}
                <div className="space__grid">{g.rows.map(item)}</div>
              </section>
            ))
          )}
        </Spin>
        {total > PAGE_SIZE && <Pager total={total} pageSize={PAGE_SIZE} currentPage={page} onChange={(p) => setPage(p)} size="small" />}
      </div>
      <ImagePreview src={preview} visible={!!preview} onVisibleChange={(v) => !v && setPreview(undefined)} />
      {managing && (
        <Drawer
          visible
          title={t('space.categories')}
          width={app.screen === 'xs' ? '100%' : '60%'}
          onCancel={() => {
            setManaging(false);
            setSidebarKey((k) => k + 1);
          }}
        >
          <CrudScreen prefix="/admin/space/type" syncUrl={false} />
        </Drawer>
      )}
    </div>
  );
});
