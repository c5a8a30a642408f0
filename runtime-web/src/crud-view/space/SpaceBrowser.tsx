/**
 * The file space (docs/reference/frontend-reference.md §5.10): categories on the left (the `space/type` sidebar), files of the
 * chosen category and type group as a grid with thumbnails or type icons, click and drag-and-drop upload with
 * progress, preview / copy link / delete. In pick mode a click selects, numbered in order, up to `limit`.
 * One component for the `/space/list` screen and the picker the upload widgets open.
 */
import { useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Empty, ImagePreview, Modal, Progress, Spin, Toast } from '@douyinfe/semi-ui';
import { Drawer } from '../../a11y/Drawer';
import { Pager } from '../../a11y/Pager';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../core/stores/context';
import { labelIn } from '../../crud/model';
import type { Row } from '../../crud/types';
import { Sidebar } from '../Sidebar';
import { CrudScreen } from '../CrudScreen';
import { SpaceItem } from './SpaceItem';
import { SpaceToolbar } from './SpaceToolbar';
import { PAGE_SIZE, PREFIX, useSpaceFiles } from './useSpaceFiles';
import { useSpacePick } from './useSpacePick';
import { useSpaceUpload } from './useSpaceUpload';
import '../modules/locales';

export interface SpaceBrowserProps {
  /** pick: clicks select files for a form (numbered, at most `limit`); manage: the file space screen. */
  mode: 'pick' | 'manage';
  limit?: number;
  /** Only this type group (`image` for image widgets). */
  type?: string;
  onSelect?: (urls: string[]) => void;
}

export const SpaceBrowser = observer(function SpaceBrowser({ mode, limit = 9, type: fixedType, onSelect }: SpaceBrowserProps) {
  const { t } = useTranslation('modules');
  const stores = useStores();
  const { app, menu, request } = stores;
  const locale = app.locale;
  const [classifyId, setClassifyId] = useState<number | undefined>();
  const [type, setType] = useState<string | undefined>(fixedType);
  const [page, setPage] = useState(1);
  const { picked, setPicked, toggle } = useSpacePick(limit, onSelect);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<string | undefined>();
  const [managing, setManaging] = useState(false);
  const [sidebarKey, setSidebarKey] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const may = (op: string) => menu.hasPerm(`space:info:${op}`);
  const { types, rows, total, loading, load } = useSpaceFiles(stores, page, classifyId, type);
  const { upload, send } = useSpaceUpload(request, classifyId, async () => {
    setPage(1);
    await load();
  });

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

  const typeLabel = (v: unknown) => labelIn(types.find((o) => o.value === v)?.label, locale, String(v ?? ''));
  const mayUpload = may('add');

  // Files by type group, in the order the schema lists the groups, each headed by its label when several show.
  const groups = [...new Set(rows.map((r) => String(r.type ?? 'file')))]
    .sort((a, b) => types.findIndex((o) => o.value === a) - types.findIndex((o) => o.value === b))
    .map((type) => ({ type, label: typeLabel(type), rows: rows.filter((r) => String(r.type ?? 'file') === type) }));
  const item = (r: Row) => (
    <SpaceItem
      key={String(r.id)}
      row={r}
      order={picked.findIndex((p) => p.id === r.id)}
      limit={limit}
      typeLabel={typeLabel(r.type)}
      onToggle={() => toggle(r)}
      onPreview={setPreview}
      {...(may('delete') ? { onDelete: () => remove([r]) } : {})}
    />
  );

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
        <SpaceToolbar
          mode={mode}
          limit={limit}
          fixedType={fixedType}
          type={type}
          types={types}
          picked={picked.length}
          uploading={!!upload}
          input={input}
          onType={(v) => {
            setType(v);
            setPage(1);
          }}
          onFiles={(files) => void send(files)}
          {...(mayUpload ? { onUpload: () => input.current?.click() } : {})}
          {...(mode === 'manage' && may('delete') ? { onDeletePicked: () => remove(picked) } : {})}
        />
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
