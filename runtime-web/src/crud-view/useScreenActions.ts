/** A generic screen's actions: delete with confirmation, standard and registered actions, the row operations, module hooks. */
import { useCallback, useEffect } from 'react';
import { reaction } from 'mobx';
import { Modal, Toast } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { actionContext } from '../crud/actionContext';
import { labelIn } from '../crud/model';
import type { ActionModel } from '../crud/model';
import type { CrudScreenState } from '../crud/screenState';
import type { Row } from '../crud/types';
import { confirmDelete } from './confirmDelete';
import type { RowOps } from './DataTable';
import { useRegistry } from './useRegistry';
import type { ActionContext, ActionHandler } from './registry';

/** A registered action's own dialog, open in the screen. */
export interface CustomDialog {
  handler: ActionHandler;
  ctx: ActionContext;
}
export type ScreenState = CrudScreenState<CustomDialog>;

export function useScreenActions(ui: ScreenState): { runAction(a: ActionModel, row?: Row): void; askDelete(rows: Row[]): void; ops: RowOps } {
  const { t } = useTranslation('crud');
  const stores = useStores();
  const registry = useRegistry();
  const locale = stores.app.locale;
  const store = ui.store;
  const entityId = store.model.entity.id;

  useEffect(() => {
    const hook = registry.refreshHook(entityId);
    if (!hook) return;
    return reaction(
      () => store.rows,
      () => void Promise.resolve(hook(stores)).catch(() => undefined),
    );
  }, [store, entityId, stores, registry]);
  useEffect(() => {
    const event = registry.reloadEvent(entityId);
    if (!event) return;
    const reload = () => void store.refresh();
    window.addEventListener(event, reload);
    return () => window.removeEventListener(event, reload);
  }, [store, entityId, registry]);

  const askDelete = useCallback(
    (rows: Row[]) => {
      if (!rows.length) return;
      confirmDelete(t, () =>
        store.remove(rows.map((r) => r.id as number)).then(
          () => Toast.success(t('deleteSuccess')),
          (e: Error) => {
            Toast.error(e.message);
            throw e;
          },
        ),
      );
    },
    [store, t],
  );

  const runAction = useCallback(
    (a: ActionModel, row?: Row) => {
      const rows = row ? [row] : [...store.selected.values()];
      const custom = registry.action(entityId, a.name);
      const body = store.model.entity.actions.find((x) => x.name === a.name)?.body;
      const ctx = actionContext(body, rows);
      if (!custom && ctx.missingIds) return void Toast.warning(t('selectFirst'));
      if (!custom && ctx.asked.length) return ui.setAsking({ action: a, rows });
      const go = async () => {
        try {
          if (custom?.dialog) return ui.setCustom({ handler: custom, ctx: { store, ...(row ? { row } : {}), rows } });
          if (custom) {
            const r = await custom.run({ store, ...(row ? { row } : {}), rows });
            if (r === false) return;
          } else {
            await store.provider.action(a.name, ctx.values);
          }
          store.written(rows);
          Toast.success(t('actionSuccess'));
          await store.refresh();
        } catch (e) {
          Toast.error((e as Error).message);
        }
      };
      const name = labelIn(a.label, locale, a.name);
      if (a.confirm) Modal.confirm({ title: t('tip'), content: t('confirmAction', { name }), okText: t('confirm'), cancelText: t('cancel'), onOk: go });
      else void go();
    },
    [store, ui, entityId, locale, t],
  );

  const ops: RowOps = {
    edit: (row) => ui.openDialog({ mode: 'update', row }),
    info: (row) => ui.openDialog({ mode: 'info', row }),
    remove: askDelete,
    history: ui.setHistoryRow,
    ...(store.model.view === 'tree-table' ? { append: (row: Row) => ui.openDialog({ mode: 'append', prefill: { parentId: row.id } }) } : {}),
    action: (a, row) => runAction(a, row),
  };
  return { runAction, askDelete, ops };
}
