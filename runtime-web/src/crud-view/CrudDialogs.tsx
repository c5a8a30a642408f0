/** The dialogs, panels and drawers of a generic screen, shown as its screen state says; heavy ones load on first use. */
import { lazy, Suspense } from 'react';
import { observer } from 'mobx-react-lite';
import { Toast } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { HistoryDrawer } from './HistoryDrawer';
import type { ScreenState } from './useScreenActions';

// The form stack (rjsf, ajv, pickers) loads on the first add/edit, not with the list.
const FormDialog = lazy(() => import('./FormDialog'));
const ActionDialog = lazy(() => import('./ActionDialog'));
const ExportDialog = lazy(() => import('./ExportDialog'));
const BulkEditDialog = lazy(() => import('./BulkEditDialog'));
const ImportDialog = lazy(() => import('./ImportDialog'));

export const CrudDialogs = observer(function CrudDialogs({ ui, locale }: { ui: ScreenState; locale: string }) {
  const { t } = useTranslation('crud');
  const { store } = ui;
  const closePanel = () => ui.setPanel(undefined);
  const custom = ui.custom;
  return (
    <>
      {ui.formLoaded ? (
        <Suspense fallback={null}>
          <FormDialog store={store} state={ui.dialog} onClose={ui.closeDialog} />
        </Suspense>
      ) : null}
      {ui.panel ? (
        <Suspense fallback={null}>
          {ui.panel === 'import' ? <ImportDialog store={store} onClose={closePanel} /> : null}
          {ui.panel === 'bulk' ? <BulkEditDialog store={store} onClose={closePanel} /> : null}
          {ui.panel === 'export' ? <ExportDialog store={store} columns={ui.columns} onClose={closePanel} /> : null}
        </Suspense>
      ) : null}
      <HistoryDrawer store={store} row={ui.historyRow} onClose={() => ui.setHistoryRow(undefined)} />
      {custom?.handler.dialog ? (
        <Suspense fallback={null}>
          <custom.handler.dialog
            ctx={custom.ctx}
            onClose={(changed) => {
              ui.setCustom(undefined);
              if (changed) void store.refresh();
            }}
          />
        </Suspense>
      ) : null}
      {ui.asking ? (
        <Suspense fallback={null}>
          <ActionDialog
            store={store}
            action={ui.asking.action}
            rows={ui.asking.rows}
            locale={locale}
            onClose={() => ui.setAsking(undefined)}
            onDone={() => {
              ui.setAsking(undefined);
              Toast.success(t('actionSuccess'));
              void store.refresh();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
});
