import type { ColumnProps } from '@douyinfe/semi-ui/lib/es/table';
import type { CrudStore } from '../../crud/store';
import type { Row } from '../../crud/types';

/** The row-number column (`x-screen.index`), numbered across pages: page 2 of 20 starts at 21. */
export function indexColumn(store: CrudStore, label: string): ColumnProps<Row> {
  const first = store.paged ? (store.params.page - 1) * store.params.size : 0;
  // Wide enough for the page's last number on one line (page 10 000 of a large table: six digits).
  const digits = String(first + (store.paged ? store.params.size : store.rows.length)).length;
  return {
    key: '__index',
    width: Math.max(60, 28 + digits * 9),
    fixed: 'left',
    align: 'center',
    title: '#',
    render: (_: unknown, _row: Row, i: number) => <span className="crud-muted">{first + i + 1}</span>,
    onHeaderCell: () => ({ 'data-column': '__index', 'aria-label': label }) as never,
  };
}
