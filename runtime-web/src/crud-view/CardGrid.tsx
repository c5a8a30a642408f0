/**
 * `x-screen.view: "cards"`: one card per record in a responsive grid, with an add card last. The entity's
 * registered card body draws a record (a screen module's `cards`); without one the narrow-screen card is used.
 */
import { observer } from 'mobx-react-lite';
import { Empty, Spin } from '@douyinfe/semi-ui';
import { IconPlus } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import type { ColumnModel } from '../crud/model';
import type { CrudStore } from '../crud/store';
import type { Row } from '../crud/types';
import { CardList } from './CardList';
import type { RowOps } from './DataTable';
import { useRegistry } from './useRegistry';

export const CardGrid = observer(function CardGrid({
  store,
  columns,
  ops,
  onAdd,
}: {
  store: CrudStore;
  columns: (ColumnModel & { hidden: boolean })[];
  ops: RowOps;
  onAdd?: () => void;
}) {
  const { t } = useTranslation('crud');
  const Card = useRegistry().card(store.model.entity.id);
  if (!Card) return <CardList store={store} columns={columns} ops={ops} />;
  const run = (row: Row) => (name: string) => {
    if (name === 'edit') return ops.edit(row);
    if (name === 'info') return ops.info(row);
    if (name === 'delete') return ops.remove([row]);
    if (name === 'history') return ops.history(row);
    const action = store.model.rowActions.find((a) => a.name === name);
    if (action) ops.action(action, row);
  };
  return (
    <Spin spinning={store.loading}>
      <div className="crud-grid" data-testid="crud-grid">
        {store.rows.map((row) => (
          <div key={String(row.id)} className="crud-grid__card" data-row-id={String(row.id)}>
            <Card row={row} store={store} run={run(row)} />
          </div>
        ))}
        {onAdd && (
          <button type="button" className="crud-grid__card crud-grid__add" onClick={onAdd} data-testid="crud-grid-add">
            <IconPlus size="extra-large" />
            <span>{t('add')}</span>
          </button>
        )}
      </div>
      {!store.rows.length && !onAdd && <Empty description={store.error ? t('loadError', { message: store.error.message }) : t('empty')} />}
    </Spin>
  );
});
