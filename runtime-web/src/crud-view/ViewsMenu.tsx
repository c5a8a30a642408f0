/**
 * The toolbar control 视图 / Views of a generic screen: the saved views the user may load (own and shared), and
 * save, save as, rename, share, default and delete (crud/views.ts). A view checked by the server may come back
 * without fields the schema lost: the user is told which.
 */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Dropdown, Input, Modal, Select, Toast, Typography } from '@douyinfe/semi-ui';
import { IconBookmark, IconStar, IconTick } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import type { ColumnSetting } from '../crud/columnSettings';
import type { CrudStore } from '../crud/store';
import { stateOf, ViewsStore } from '../crud/views';
import type { SavedView } from '../crud/views';
import '../crud/dataLocales';

interface Props {
  store: CrudStore;
  /** The column layout on show (null = the schema's default). */
  columns: ColumnSetting[] | null;
  /** Applies a view's column layout. */
  onColumns(columns: ColumnSetting[] | null): void;
}

// Semi's ButtonProps type lacks data attributes, which the button does pass through.
const OK_PROPS = { 'data-testid': 'view-ok' } as object;

type Dialog = { kind: 'saveAs' | 'rename'; name: string } | { kind: 'share'; roleId: number | null; departmentId: number | null } | undefined;

export const ViewsMenu = observer(function ViewsMenu({ store, columns, onColumns }: Props) {
  const { t } = useTranslation('data');
  const stores = useStores();
  const narrow = stores.app.screen === 'xs';
  const [views] = useState(() => new ViewsStore(stores.request, store.model.entity.prefix));
  const [dialog, setDialog] = useState<Dialog>();
  const [choices, setChoices] = useState<{ roles: { value: number; label: string }[]; departments: { value: number; label: string }[] }>({ roles: [], departments: [] });

  const apply = (v: SavedView) => {
    views.setActive(v.id);
    const s = v.state;
    void store.applyParams({ keyWord: s.keyWord ?? undefined, filters: s.filters ?? {}, where: s.where ?? undefined, order: s.order ?? undefined, sort: s.sort ?? undefined, ...(s.size ? { size: s.size } : {}) });
    if (s.columns) onColumns(s.columns.length ? s.columns : null);
    if (v.dropped.length) Toast.warning(t('viewDropped', { name: v.name, fields: v.dropped.join(', ') }));
  };

  useEffect(() => {
    let alive = true;
    views.load().then(
      () => {
        // A visit without list parameters in the URL starts with the user's default view.
        const def = views.defaultView;
        if (alive && def && !window.location.search) apply(def);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
    // Once per screen mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [views]);

  const run = (p: Promise<unknown>, done?: string) =>
    p.then(
      () => {
        if (done) Toast.success(done);
        setDialog(undefined);
      },
      (e: Error) => Toast.error(e.message),
    );

  const openShare = (v: SavedView) => {
    setDialog({ kind: 'share', roleId: v.shareRoleId, departmentId: v.shareDepartmentId });
    const get = (url: string) => stores.request<Record<string, unknown>[]>({ url, method: 'POST', data: {}, progress: false }).catch(() => [] as Record<string, unknown>[]);
    void Promise.all([get('/admin/base/sys/role/list'), get('/admin/base/sys/department/list')]).then(([roles, departments]) =>
      setChoices({
        roles: roles.map((r) => ({ value: Number(r.id), label: String(r.name ?? r.id) })),
        departments: departments.map((d) => ({ value: Number(d.id), label: String(d.name ?? d.id) })),
      }),
    );
  };

  const active = views.active;
  const menu = (
    <Dropdown.Menu>
      {views.list.length ? (
        views.list.map((v) => (
          <Dropdown.Item key={v.id} onClick={() => apply(v)} data-view={v.name} icon={v.id === views.activeId ? <IconTick /> : <span className="crud-views__blank" />}>
            <span className="crud-views__name">{v.name}</span>
            {v.isDefault ? <IconStar className="crud-views__default" aria-label={t('viewDefault')} /> : null}
            {!v.mine ? <Typography.Text type="tertiary" size="small">{t('viewShared')}</Typography.Text> : null}
          </Dropdown.Item>
        ))
      ) : (
        <Dropdown.Item disabled>{t('viewNone')}</Dropdown.Item>
      )}
      <Dropdown.Divider />
      <Dropdown.Item disabled={!active?.mine} onClick={() => active && void run(views.update(active, stateOf(store, columns)), t('viewSaved'))} data-testid="view-save">
        {t('viewSave')}
      </Dropdown.Item>
      <Dropdown.Item onClick={() => setDialog({ kind: 'saveAs', name: '' })} data-testid="view-save-as">
        {t('viewSaveAs')}
      </Dropdown.Item>
      <Dropdown.Item disabled={!active?.mine} onClick={() => active && setDialog({ kind: 'rename', name: active.name })} data-testid="view-rename">
        {t('viewRename')}
      </Dropdown.Item>
      <Dropdown.Item disabled={!active?.mine} onClick={() => active && openShare(active)} data-testid="view-share">
        {t('viewShare')}
      </Dropdown.Item>
      <Dropdown.Item disabled={!active} onClick={() => active && void run(views.setDefault(active.isDefault ? undefined : active), t('viewSaved'))} data-testid="view-default">
        {active?.isDefault ? t('viewClearDefault') : t('viewSetDefault')}
      </Dropdown.Item>
      <Dropdown.Item
        type="danger"
        disabled={!active?.mine}
        onClick={() =>
          active &&
          Modal.confirm({
            title: t('viewDelete'),
            content: t('viewDeleteConfirm', { name: active.name }),
            onOk: () => run(views.remove(active)),
          })
        }
        data-testid="view-delete"
      >
        {t('viewDelete')}
      </Dropdown.Item>
    </Dropdown.Menu>
  );

  return (
    <>
      <Dropdown trigger="click" clickToHide position="bottomLeft" render={menu}>
        <Button icon={<IconBookmark />} aria-label={t('views')} data-testid="crud-views">
          {narrow ? null : active ? t('viewsActive', { name: active.name }) : t('views')}
        </Button>
      </Dropdown>
      {dialog && dialog.kind !== 'share' ? (
        <Modal
          visible
          title={dialog.kind === 'saveAs' ? t('viewSaveAs') : t('viewRename')}
          onCancel={() => setDialog(undefined)}
          okText={t('viewOk')}
          cancelText={t('close')}
          okButtonProps={OK_PROPS}
          onOk={() => {
            const name = dialog.name.trim();
            if (!name) return void Toast.warning(t('viewNameRequired'));
            if (dialog.kind === 'saveAs') void run(views.create(name, stateOf(store, columns)), t('viewSaved'));
            else if (active) void run(views.rename(active, name), t('viewSaved'));
          }}
        >
          <Input autoFocus value={dialog.name} maxLength={50} aria-label={t('viewName')} placeholder={t('viewName')} onChange={(name) => setDialog({ ...dialog, name })} data-testid="view-name" />
        </Modal>
      ) : null}
      {dialog?.kind === 'share' && active ? (
        <Modal visible title={t('viewShareTitle', { name: active.name })} onCancel={() => setDialog(undefined)} okText={t('viewOk')} cancelText={t('close')} okButtonProps={OK_PROPS} onOk={() => void run(views.share(active, dialog.roleId, dialog.departmentId), t('viewSaved'))}>
          <div className="crud-views__share">
            <Typography.Text>{t('viewShareRole')}</Typography.Text>
            <Select showClear filter style={{ width: '100%' }} aria-label={t('viewShareRole')} optionList={choices.roles} value={dialog.roleId ?? undefined} onChange={(v) => setDialog({ ...dialog, roleId: (v as number | undefined) ?? null })} data-testid="view-share-role" />
            <Typography.Text>{t('viewShareDepartment')}</Typography.Text>
            <Select showClear filter style={{ width: '100%' }} aria-label={t('viewShareDepartment')} optionList={choices.departments} value={dialog.departmentId ?? undefined} onChange={(v) => setDialog({ ...dialog, departmentId: (v as number | undefined) ?? null })} data-testid="view-share-department" />
            <Typography.Text type="tertiary" size="small">
              {t('viewShareHint')}
            </Typography.Text>
          </div>
        </Modal>
      ) : null}
    </>
  );
});

export default ViewsMenu;
