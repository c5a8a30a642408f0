/** Under 768 px a card per row instead of a wide table: the first column as the title, the rest as label/value lines. */
import { observer } from 'mobx-react-lite';
import { Button, Checkbox, Empty, Spin } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { labelIn, shownFor } from '../crud/model';
import type { ColumnModel } from '../crud/model';
import type { CrudStore } from '../crud/store';
import type { Row } from '../crud/types';
import { Cell } from './cells';
import type { RowOps } from './DataTable';

export const CardList = observer(function CardList({ store, columns, ops }: { store: CrudStore; columns: (ColumnModel & { hidden: boolean })[]; ops: RowOps }) {
  const { t } = useTranslation('crud');
  const { app } = useStores();
  const shown = columns.filter((c) => !c.hidden);
  const [head, ...rest] = shown;
  const can = store.can;
  return (
    <Spin spinning={store.loading}>
      <div className="crud-cards" data-testid="crud-cards">
        {!store.rows.length && <Empty description={store.error ? t('loadError', { message: store.error.message }) : t('empty')} />}
        {store.rows.map((row: Row) => (
          <div key={String(row.id)} className="crud-card" data-row-id={String(row.id)}>
            <div className="crud-card__head">
              {store.selectable && <Checkbox checked={store.isSelected(row)} onChange={(e) => store.select([row], !!e.target.checked)} aria-label={t('check')} />}
              <strong>{head ? <Cell value={row[head.key]} row={row} column={head} store={store} /> : `#${String(row.id)}`}</strong>
            </div>
            {rest.map((c) => (
              <div key={c.key} className="crud-card__line">
                <span className="crud-card__label">{labelIn(c.label, app.locale, c.key)}</span>
                <span className="crud-card__value">
                  <Cell value={row[c.key]} row={row} column={c} store={store} />
                </span>
              </div>
            ))}
            <div className="crud-card__ops">
              {can.update ? (
                <Button size="small" onClick={() => ops.edit(row)} data-op="edit">
                  {t('edit')}
                </Button>
              ) : can.info ? (
                <Button size="small" onClick={() => ops.info(row)} data-op="info">
                  {t('info')}
                </Button>
              ) : null}
              {/* The entity's row actions too: a phone reaches every operation the table offers. */}
              {store.model.rowActions
                .filter((a) => store.canAction(a.name) && shownFor(a, row))
                .map((a) => (
                  <Button key={a.name} size="small" onClick={() => ops.action(a, row)} data-op={`action:${a.name}`}>
                    {labelIn(a.label, app.locale, a.name)}
                  </Button>
                ))}
              {can.history && (
                <Button size="small" onClick={() => ops.history(row)} data-op="history">
                  {t('history')}
                </Button>
              )}
              {can.delete && (
                <Button size="small" type="danger" onClick={() => ops.remove([row])} data-op="delete">
                  {t('delete')}
                </Button>
              )}
            </div>
          </div>
        ))}
      </div>
    </Spin>
  );
});
