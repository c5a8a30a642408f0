import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Dropdown } from '@douyinfe/semi-ui';
import { IconMore } from '@douyinfe/semi-icons';
import type { CrudStore } from '../../crud/store';
import type { Row } from '../../crud/types';

export interface RowButtonSpec {
  key: string;
  label: string;
  danger?: boolean;
  run(): void;
}

/** A row's operation buttons: the first three shown, the rest in a "more" menu. A function, not a component: no hooks per row. */
export function rowOps(buttons: RowButtonSpec[], more: string): ReactNode {
    const shown = buttons.slice(0, 3);
    const rest = buttons.slice(3);
    return (
      <span className="crud-ops">
        {shown.map((b) => (
          <RowButton key={b.key} op={b.key} label={b.label} danger={b.danger} onClick={b.run} />
        ))}
        {rest.length ? (
          <Dropdown
            trigger="click"
            position="bottomRight"
            render={
              <Dropdown.Menu>
                {rest.map((b) => (
                  <Dropdown.Item key={b.key} type={b.danger ? 'danger' : undefined} onClick={b.run} data-op={b.key}>
                    {b.label}
                  </Dropdown.Item>
                ))}
              </Dropdown.Menu>
            }
          >
            <Button size="small" theme="borderless" icon={<IconMore />} aria-label={more} onClick={(e) => e.stopPropagation()} />
          </Dropdown>
        ) : null}
      </span>
    );
}

/**
 * Row controls are plain elements in Semi's look: a virtual list mounts a row's controls on every scroll step,
 * and Semi's Button and Checkbox each build a foundation object per mount (garbage, long tasks).
 */
export function RowButton({ op, label, danger, onClick }: { op: string; label: string; danger?: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      className={`semi-button semi-button-${danger ? 'danger' : 'primary'} semi-button-size-small semi-button-borderless crud-op`}
      onClick={(e) => (e.stopPropagation(), onClick())}
      data-op={op}
    >
      <span className="semi-button-content">{label}</span>
    </button>
  );
}

export const SelectCell = observer(function SelectCell({ store, row, label }: { store: CrudStore; row: Row; label: string }) {
  return (
    <input
      type="checkbox"
      className="crud-check"
      aria-label={label}
      checked={store.isSelected(row)}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => store.select([row], e.target.checked)}
    />
  );
});

/** Selects or clears the rows on screen (other pages' selections stay). */
export const SelectAll = observer(function SelectAll({ store, label }: { store: CrudStore; label: string }) {
  const on = store.rows.filter((r) => store.isSelected(r)).length;
  const all = store.rows.length > 0 && on === store.rows.length;
  const partly = on > 0 && !all;
  // Native like the row boxes, so header and rows look alike; `indeterminate` is a DOM property only.
  return (
    <input
      type="checkbox"
      className="crud-check"
      aria-label={label}
      checked={all}
      ref={(el) => {
        if (el) el.indeterminate = partly;
      }}
      onChange={(e) => store.select(store.rows, e.target.checked)}
    />
  );
});
