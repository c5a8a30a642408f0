/** The sidebar tree in reorder mode: nodes dragged before, after or inside another change the draft order. */
import { Tree } from '@douyinfe/semi-ui';
import type { Row } from '../../crud/types';
import { moveNode } from '../treeOrder';
import type { DropPlace } from '../treeOrder';

export function OrderTree({ tree, draft, onDraft }: { tree: unknown[]; draft: Row[]; onDraft(rows: Row[]): void }) {
  return (
    <Tree
      key="order"
      draggable
      expandAll
      treeData={tree as never}
      onDrop={(info) => {
        const node = info.node as unknown as { key: string; pos?: string };
        const rel =
          info.dropPosition -
          Number(
            String(node.pos ?? '0')
              .split('-')
              .pop(),
          );
        const place: DropPlace = !info.dropToGap ? 'inside' : rel < 0 ? 'before' : 'after';
        const id = (key: string) => draft.find((r) => String(r.id) === key)?.id;
        onDraft(moveNode(draft, id(String(info.dragNode.key)), id(node.key), place));
      }}
    />
  );
}
