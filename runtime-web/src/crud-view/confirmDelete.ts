import { Modal } from '@douyinfe/semi-ui';
import type { TFunction } from 'i18next';

/** The one "delete these?" confirmation of the table and the sidebar tree (the `crud` texts); `onOk` may reject to keep it open. */
export function confirmDelete(t: TFunction, onOk: () => void | Promise<unknown>): void {
  Modal.warning({
    title: t('tip'),
    content: t('confirmDelete'),
    okText: t('confirm'),
    cancelText: t('cancel'),
    hasCancel: true,
    onOk,
  });
}
