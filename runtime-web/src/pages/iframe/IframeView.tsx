import { Button } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';

/** A menu entry whose view path is a URL, embedded in the main frame (docs/reference/product-spec.md §2). */
export default function IframeView({ url, title }: { url: string; title?: string }) {
  const { t } = useTranslation('app');
  return (
    <div data-testid="view-iframe" style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 480 }}>
      <div style={{ textAlign: 'right', marginBottom: 8 }}>
        <Button theme="borderless" size="small" onClick={() => window.open(url, '_blank', 'noopener,noreferrer')}>
          {t('iframe.open')}
        </Button>
      </div>
      <iframe
        src={url}
        title={title ?? url}
        style={{ flex: 1, width: '100%', minHeight: 440, border: 0, borderRadius: 8, background: 'var(--semi-color-bg-0)' }}
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      />
    </div>
  );
}
