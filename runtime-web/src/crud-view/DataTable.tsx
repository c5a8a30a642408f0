/**
 * The table (docs/reference/frontend-reference.md §5.4): cells by kind, server-side sort, selection kept across pages, row
 * operations gated by permission, a row context menu, tree rows, resizable columns, virtualised rows on
 * long pages, sticky header with the height fitted to the screen.
 */
import { useState } from 'react';
import type { MouseEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Empty, Table } from '@douyinfe/semi-ui';
import type { ColumnProps } from '@douyinfe/semi-ui/lib/es/table';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { labelIn, shownFor } from '../crud/model';
import type { ActionModel, ColumnModel } from '../crud/model';
import type { CrudStore } from '../crud/store';
import type { Row } from '../crud/types';
import { Cell } from './cells';
import { rowOps, SelectAll, SelectCell } from './table/rowControls';
import type { RowButtonSpec } from './table/rowControls';
import { useCloseOnOutside } from './table/useCloseOnOutside';
import { useFitHeight } from './table/useFitHeight';
import { indexColumn } from './table/indexColumn';

export interface RowOps {
  edit(row: Row): void;
  info(row: Row): void;
  remove(rows: Row[]): void;
  history(row: Row): void;
  append?(row: Row): void;
  action(a: ActionModel, row: Row): void;
}

type Col = ColumnModel & { hidden: boolean };

/** Every column has a width: with a fixed header Semi aligns header and body cells only then. */
const WIDTHS: Partial<Record<ColumnModel['kind'], number>> = {
  datetime: 176, date: 120, decimal: 130, number: 100, boolean: 90, image: 90, images: 150, options: 110, dict: 130, json: 200, longtext: 240, ref: 150, file: 180,
};
export function widthOf(c: ColumnModel): number {
  if (c.width) return c.width;
  const fixed = WIDTHS[c.kind];
  if (fixed) return fixed;
  const len = c.field?.length ?? 100;
  return len <= 20 ? 120 : len <= 100 ? 160 : 200;
}

const ariaSort = (order: string | false): 'ascending' | 'descending' | 'none' => (order === 'ascend' ? 'ascending' : order === 'descend' ? 'descending' : 'none');

/** Rows from which the table switches to virtual scrolling. */
const VIRTUAL_FROM = 200;
const ROW_HEIGHT = 44;

export const DataTable = observer(function DataTable(props: {
  store: CrudStore;
  columns: Col[];
  ops: RowOps;
  expanded: (string | number)[];
  onExpand(keys: (string | number)[]): void;
  onResize(key: string, width: number): void;
}) {
  const { store, columns, ops } = props;
  const { t } = useTranslation('crud');
  const { app } = useStores();
  const locale = app.locale;
  const [wrap, height] = useFitHeight();
  const [menu, setMenu] = useState<{ x: number; y: number; row: Row; column?: Col } | undefined>();
  useCloseOnOutside(menu, () => setMenu(undefined));

  const can = store.can;
  const rowActions = store.model.rowActions.filter((a) => store.canAction(a.name));
  const tree = store.model.view === 'tree-table';
  const data = tree ? store.tree : store.rows;
  const virtual = !tree && data.length >= VIRTUAL_FROM;

  const rowButtons = (row: Row): RowButtonSpec[] => {
    const list: RowButtonSpec[] = [];
    if (tree && can.add && ops.append) list.push({ key: 'append', label: t('append'), run: () => ops.append!(row) });
    if (can.update) list.push({ key: 'edit', label: t('edit'), run: () => ops.edit(row) });
    else if (can.info) list.push({ key: 'info', label: t('info'), run: () => ops.info(row) });
    for (const a of rowActions) if (shownFor(a, row)) list.push({ key: `action:${a.name}`, label: labelIn(a.label, locale, a.name), run: () => ops.action(a, row) });
    if (can.history) list.push({ key: 'history', label: t('history'), run: () => ops.history(row) });
    if (can.delete) list.push({ key: 'delete', label: t('delete'), danger: true, run: () => ops.remove([row]) });
    return list;
  };

  const selectable = store.selectable;
  const sortOrder = (key: string) => (store.params.order === key ? (store.params.sort === 'asc' ? 'ascend' : 'descend') : false);
  const tableColumns: ColumnProps<Row>[] = columns
    .filter((c) => !c.hidden)
    .map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: labelIn(c.label, locale, c.key),
      width: widthOf(c),
      align: c.align,
      fixed: c.fixed,
      ellipsis: c.kind === 'text',
      sorter: c.sortable ? true : undefined,
      sortOrder: c.sortable ? (sortOrder(c.key) as 'ascend' | 'descend' | false) : undefined,
      render: (value: unknown, row: Row) => <Cell value={value} row={row} column={c} store={store} />,
      // Screen readers announce the sort through the header's aria-sort (Semi sets none).
      onHeaderCell: () => ({ 'data-column': c.key, ...(c.sortable ? { 'aria-sort': ariaSort(sortOrder(c.key)) } : {}) }) as never,
    }));
  // Row numbers across pages (`x-screen.index`): page 2 of 20 starts at 21.
  const indexed = store.model.index && !tree;
  if (indexed) tableColumns.unshift(indexColumn(store, t('index')));
  // Our own selection column: Semi's rowSelection re-checks every row of the page on each render, which
  // costs long tasks on a 10 000-row virtual list; these cells read one Map entry each.
  if (selectable) {
    tableColumns.unshift({
      // In a tree, Semi puts the expand icon and the indent in the first column that is not one of its own
      // (selection, expand): under its selection key ours is skipped, so they go to the first data column
      // instead of stacking above the checkbox. Flat lists keep our key: Semi deep-compares the props of
      // selection cells on every render, which the 10 000-row virtual list cannot afford (trees are not virtual).
      key: tree ? Table.DEFAULT_KEY_COLUMN_SELECTION : '__select',
      width: 48,
      fixed: 'left',
      title: <SelectAll store={store} label={t('check')} />,
      render: (_: unknown, row: Row) => <SelectCell store={store} row={row} label={t('check')} />,
    });
  }
  // From the buttons the screen offers (not from a row): the width is fixed at the first render, rows or not.
  const sample = rowButtons({});
  if (sample.length) {
    // Wide enough for the three buttons shown (by their text) and the "more" menu.
    const text = sample.slice(0, 3).reduce((n, b) => n + 30 + b.label.length * (locale === 'en' ? 8.5 : 14), 0);
    tableColumns.push({ key: '__op', title: t('op'), fixed: 'right', width: Math.ceil(Math.max(120, text + (sample.length > 3 ? 40 : 0) + 40)), render: (_: unknown, row: Row) => rowOps(rowButtons(row), t('more')) });
  }

  const contextItems = (row: Row, column?: Col) => {
    const items: RowButtonSpec[] = [{ key: 'refresh', label: t('refresh'), run: () => void store.refresh() }];
    if (selectable) {
      const on = store.isSelected(row);
      items.push({ key: 'check', label: on ? t('uncheck') : t('check'), run: () => store.select([row], !on) });
    }
    items.push(...rowButtons(row));
    if (column?.sortable) {
      const l = labelIn(column.label, locale, column.key);
      items.push({ key: 'order-asc', label: t('orderAsc', { label: l }), run: () => void store.setSort(column.key, 'asc') });
      items.push({ key: 'order-desc', label: t('orderDesc', { label: l }), run: () => void store.setSort(column.key, 'desc') });
    }
    return items;
  };

  return (
    <div ref={wrap} className="crud-table" data-testid="crud-table">
      <Table<Row>
        rowKey="id"
        size="small"
        columns={tableColumns}
        dataSource={data}
        loading={store.loading}
        pagination={false}
        bordered
        resizable={{ onResizeStop: (col: ColumnProps<Row>) => col.key && col.width && props.onResize(String(col.key), Number(col.width)) } as never}
        scroll={{ y: height, x: tableColumns.reduce((n, c) => n + (Number(c.width) || 0), 0) }}
        {...(virtual ? { virtualized: { itemSize: ROW_HEIGHT } } : {})}
        {...(tree ? { expandedRowKeys: props.expanded, onExpandedRowsChange: (rows?: readonly Row[]) => props.onExpand((rows ?? []).map((r) => r.id as number)) } : {})}
        onChange={({ sorter }) => {
          if (!sorter) return;
          const order = sorter.sortOrder === 'ascend' ? 'asc' : sorter.sortOrder === 'descend' ? 'desc' : undefined;
          void store.setSort(order ? String(sorter.dataIndex ?? sorter.key) : undefined, order);
        }}
        onRow={(row) =>
          ({
            onContextMenu: (e: MouseEvent) => {
              e.preventDefault();
              const key = (e.target as HTMLElement).closest('td')?.cellIndex;
              const visible = columns.filter((c) => !c.hidden);
              const column = key !== undefined ? visible[key - (selectable ? 1 : 0) - (indexed ? 1 : 0)] : undefined;
              setMenu({ x: e.clientX, y: e.clientY, row: row!, ...(column ? { column } : {}) });
            },
            'data-row-id': String(row?.id),
          }) as never
        }
        empty={store.error ? <Empty description={t('loadError', { message: store.error.message })} /> : <Empty description={t('empty')} />}
      />
      {menu ? (
        <div className="crud-context" role="menu" style={{ left: menu.x, top: menu.y }} data-testid="crud-context-menu">
          {contextItems(menu.row, menu.column).map((i) => (
            <button key={i.key} role="menuitem" type="button" className={i.danger ? 'crud-context__danger' : undefined} onClick={i.run}>
              {i.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
});
