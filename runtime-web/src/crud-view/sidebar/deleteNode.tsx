/**
 * Deleting a sidebar node: a plain confirmation, or — when the delete body has a `deleteUser` switch — a choice of
 * what happens to the node's members.
 */
import { Button, Modal, Toast } from '@douyinfe/semi-ui';
import type { TFunction } from 'i18next';
import type { Stores } from '../../core/stores';
import type { Row } from '../../crud/types';
import { confirmDelete } from '../confirmDelete';

export interface DeleteNode {
  request: Stores['request'];
  entity: string;
  t: TFunction;
  ts: TFunction;
  row: Row;
  label: string;
  asksMembers: boolean;
  /** After a successful delete (the deleted ids' branch is handled by the caller). */
  done(): void;
}

export function deleteNode({ request, entity, t, ts, row, label, asksMembers, done }: DeleteNode): void {
  const send = async (deleteUser?: boolean) => {
    try {
      await request({
        url: `/admin/${entity}/delete`,
        method: 'POST',
        data: {
          ids: [row.id],
          ...(deleteUser === undefined ? {} : { deleteUser }),
        },
      });
      Toast.success(deleteUser === false ? ts('usersMoved') : ts('deleted'));
      done();
    } catch (e) {
      Toast.error((e as Error).message);
    }
  };
  if (!asksMembers) {
    confirmDelete(t, () => send());
    return;
  }
  // Three outcomes: delete the members too, keep them (moved to the parent), or nothing.
  const m = Modal.warning({
    title: ts('deleteTitle', { name: label }),
    content: ts('deleteContent'),
    footer: (
      <div className="crud-sidebar__delete-choices">
        <Button onClick={() => m.destroy()} data-testid="tree-delete-cancel">
          {ts('cancel')}
        </Button>
        <Button type="danger" onClick={() => (m.destroy(), void send(true))} data-testid="tree-delete-users">
          {ts('deleteWithUsers')}
        </Button>
        <Button theme="solid" type="primary" onClick={() => (m.destroy(), void send(false))} data-testid="tree-delete-keep">
          {ts('keepUsers')}
        </Button>
      </div>
    ),
  });
}
