/** One file of the file space grid: thumbnail or type icon, pick badge, and preview / copy link / delete. */
import { Button, Toast, Tooltip } from '@douyinfe/semi-ui';
import { IconCopy, IconDelete, IconEyeOpened, IconFile, IconMusic, IconVideo } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../crud/types';
import { imageSrc } from '../../theme-semi/cells/ImagesCell';

const ICONS: Record<string, typeof IconFile> = { video: IconVideo, audio: IconMusic };

export const isImage = (r: Row) => r.type === 'image' || /\.(png|jpe?g|gif|webp|bmp|svg)$/i.test(String(r.url));

export function SpaceItem({
  row: r,
  order,
  limit,
  typeLabel,
  onToggle,
  onPreview,
  onDelete,
}: {
  row: Row;
  /** The row's place among the picked files, -1 when not picked. */
  order: number;
  limit: number;
  typeLabel: string;
  onToggle(): void;
  onPreview(src: string): void;
  /** Absent without the delete permission. */
  onDelete?: () => void;
}) {
  const { t } = useTranslation('modules');
  const Icon = ICONS[String(r.type)] ?? IconFile;
  const copy = (url: string) => {
    const full = new URL(url, window.location.href).href;
    void navigator.clipboard?.writeText(full).then(
      () => Toast.success(t('space.copied')),
      () => Toast.info(full),
    );
  };
  return (
    <div
      className={order >= 0 ? 'space__item space__item--on' : 'space__item'}
      data-file-id={String(r.id)}
      role="button"
      tabIndex={0}
      aria-pressed={order >= 0}
      aria-label={String(r.name ?? r.url)}
      onClick={onToggle}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onToggle();
        }
      }}
    >
      <div className="space__thumb">
        {isImage(r) ? <img src={imageSrc(String(r.url))} alt="" loading="lazy" /> : <Icon size="extra-large" />}
        {order >= 0 && <span className="space__badge">{limit === 1 ? '✓' : order + 1}</span>}
      </div>
      <div className="space__name" title={String(r.name ?? '')}>
        {String(r.name ?? String(r.url).split('/').pop())}
      </div>
      <div className="space__meta">
        <span>{typeLabel}</span>
        <span className="space__ops" onClick={(e) => e.stopPropagation()}>
          <Tooltip content={t('space.preview')}>
            <Button size="small" theme="borderless" icon={<IconEyeOpened />} aria-label={t('space.preview')} onClick={() => (isImage(r) ? onPreview(imageSrc(String(r.url))) : window.open(String(r.url), '_blank', 'noopener'))} />
          </Tooltip>
          <Tooltip content={t('space.copy')}>
            <Button size="small" theme="borderless" icon={<IconCopy />} aria-label={t('space.copy')} onClick={() => copy(String(r.url))} />
          </Tooltip>
          {onDelete && (
            <Tooltip content={t('space.delete')}>
              <Button size="small" theme="borderless" type="danger" icon={<IconDelete />} aria-label={t('space.delete')} onClick={onDelete} />
            </Tooltip>
          )}
        </span>
      </div>
    </div>
  );
}
