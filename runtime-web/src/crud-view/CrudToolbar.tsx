/** A generic screen's toolbar: the standard buttons the user may use, the schema's toolbar actions, views, columns, search. */
import { lazy, Suspense } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Toast } from '@douyinfe/semi-ui';
import { IconDelete, IconDownload, IconEdit, IconPlus, IconRefresh, IconTreeTriangleDown, IconTreeTriangleRight, IconUpload } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { labelIn } from '../crud/model';
import type { ActionModel } from '../crud/model';
import type { ColumnSetting } from '../crud/columnSettings';
import type { Row } from '../crud/types';
import { ColumnSettingsButton } from './ColumnSettings';
import { useRegistry } from './useRegistry';
import { SearchBar } from './SearchBar';
import type { ScreenState } from './useScreenActions';

const ViewsMenu = lazy(() => import('./ViewsMenu'));

export interface ToolbarProps {
  ui: ScreenState;
  locale: string;
  narrow: boolean;
  /** Whether a standard button is listed (`x-screen.buttons`; all when absent). */
  showButton(name: string): boolean;
  runAction(a: ActionModel): void;
  askDelete(rows: Row[]): void;
}

export const CrudToolbar = observer(function CrudToolbar({ ui, locale, narrow, showButton, runAction, askDelete }: ToolbarProps) {
  const { t } = useTranslation('crud');
  const registry = useRegistry();
  const { store } = ui;
  const { model, can } = store;
  const selectedCount = store.selected.size;
  const toolbarActions = model.toolbarActions.filter((a) => store.canAction(a.name));
  const mayList = (model.ops.page || model.ops.list) && (store.canAction('page') || store.canAction('list'));
  const save = (next: ColumnSetting[] | null) => void ui.saveSettings(next).catch((e: Error) => Toast.error(e.message));
  return (
    <div className="crud-toolbar" role="toolbar">
      {showButton('refresh') && (
        <Button icon={<IconRefresh />} aria-label={t('refresh')} onClick={() => void store.refresh()} data-testid="crud-refresh">
          {narrow ? null : t('refresh')}
        </Button>
      )}
      {can.add && showButton('add') && (
        <Button theme="solid" type="primary" icon={<IconPlus />} onClick={ui.openAdd} data-testid="crud-add">
          {t('add')}
        </Button>
      )}
      {can.delete && showButton('delete') && (
        <Button type="danger" icon={<IconDelete />} disabled={!selectedCount} onClick={() => askDelete([...store.selected.values()])} data-testid="crud-multi-delete">
          {t('delete')}
          {selectedCount ? ` (${selectedCount})` : ''}
        </Button>
      )}
      {toolbarActions.map((a) => {
        const render = registry.action(model.entity.id, a.name)?.render;
        if (render) return <span key={a.name} data-action={a.name}>{render({ store, rows: [...store.selected.values()] })}</span>;
        return (
          <Button key={a.name} onClick={() => runAction(a)} data-action={a.name}>
            {labelIn(a.label, locale, a.name)}
          </Button>
        );
      })}
      {model.view === 'tree-table' && (
        <>
          <Button icon={<IconTreeTriangleDown />} onClick={() => ui.expandAll()}>
            {t('expandAll')}
          </Button>
          <Button icon={<IconTreeTriangleRight />} onClick={() => ui.setExpanded([])}>
            {t('collapseAll')}
          </Button>
        </>
      )}
      {can.add && store.paged && (
        <Button icon={<IconUpload />} aria-label={t('data:import')} onClick={() => ui.setPanel('import')} data-testid="crud-import">
          {narrow ? null : t('data:import')}
        </Button>
      )}
      {can.update && store.paged && (
        <Button icon={<IconEdit />} aria-label={t('data:bulkEdit')} onClick={() => ui.setPanel('bulk')} data-testid="crud-bulk-edit">
          {narrow ? null : t('data:bulkEdit')}
        </Button>
      )}
      {mayList && (
        <Button icon={<IconDownload />} aria-label={t('data:export')} onClick={() => ui.setPanel('export')} data-testid="crud-export">
          {narrow ? null : t('data:export')}
        </Button>
      )}
      {mayList && ui.settings !== undefined && (
        <Suspense fallback={null}>
          <ViewsMenu store={store} columns={ui.settings} onColumns={save} />
        </Suspense>
      )}
      <ColumnSettingsButton columns={ui.columns} locale={locale} onChange={save} onReset={() => save(null)} />
      <span className="crud-flex1" />
      <SearchBar store={store} />
    </div>
  );
});
