/** The space picker of the upload widgets: the file space in pick mode inside a dialog; OK hands the chosen URLs back in order. */
import { useState } from 'react';
import { Button, Modal } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../core/stores/context';
import { SpaceBrowser } from './SpaceBrowser';

export default function SpacePicker({ limit, type, onPick, onClose }: { limit: number; type?: string; onPick(urls: string[]): void; onClose(): void }) {
  const { t } = useTranslation('modules');
  const { app } = useStores();
  const [urls, setUrls] = useState<string[]>([]);
  return (
    <Modal
      visible
      className="space-picker"
      title={t('space.pickTitle', { limit })}
      width={app.screen === 'xs' ? '100%' : 1000}
      onCancel={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('space.cancel')}</Button>
          <Button
            theme="solid"
            type="primary"
            disabled={!urls.length}
            data-testid="space-pick-ok"
            onClick={() => {
              onPick(urls);
              onClose();
            }}
          >
            {t('space.confirm')}
            {urls.length ? ` (${urls.length})` : ''}
          </Button>
        </>
      }
    >
      <SpaceBrowser mode="pick" limit={limit} {...(type ? { type } : {})} onSelect={setUrls} />
    </Modal>
  );
}
