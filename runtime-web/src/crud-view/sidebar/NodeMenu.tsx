/** The node menu of a sidebar tree, in the table's context-menu look (crud.css `.crud-context`). */
import { useTranslation } from 'react-i18next';
import type { Row } from '../../crud/types';
import type { MenuAt } from './useNodeMenu';

export interface NodeOp {
  key: string;
  run(r: Row): void;
}

export function NodeMenu({ at, label, ops, onPick }: { at: MenuAt; label: string; ops: NodeOp[]; onPick(): void }) {
  const { t: ts } = useTranslation('screens');
  return (
    <div className="crud-context" role="menu" aria-label={ts('nodeMenu', { name: label })} style={{ left: at.x, top: at.y }} data-testid="tree-context-menu">
      {ops.map((o) => (
        <button key={o.key} type="button" role="menuitem" data-op={o.key} className={o.key === 'delete' ? 'crud-context__danger' : undefined} onClick={() => (onPick(), o.run(at.row))}>
          {ts(o.key)}
        </button>
      ))}
    </div>
  );
}
