import { Image, ImagePreview } from '@douyinfe/semi-ui';

/**
 * An image value as a source: URLs and paths as they are; bare base64 (plugin logos, as the reference family
 * stores them) as a data URL — the browser sniffs png, jpg, gif and webp alike.
 */
export function imageSrc(v: string): string {
  return /^(https?:|data:|blob:|\/|\.)/i.test(v) || !/^[A-Za-z0-9+/\s]{32,}={0,2}$/.test(v) ? v : `data:image/png;base64,${v.replace(/\s+/g, '')}`;
}

export function ImagesCell({ value }: { value: unknown }) {
  const raw = typeof value === 'string' && value.startsWith('data:') ? [value] : value;
  const list = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : []).filter((v): v is string => typeof v === 'string' && !!v).map(imageSrc);
  if (!list.length) return null;
  return (
    <ImagePreview>
      <span className="crud-thumbs">
        {list.slice(0, 4).map((src) => (
          <Image key={src} src={src} width={32} height={32} className="crud-thumb" />
        ))}
      </span>
    </ImagePreview>
  );
}

const empty = (v: unknown) => v === null || v === undefined || v === '';

/** A text column holding one picture (`image`: a plugin's base64 logo is a longtext). */
export function ImageCell({ value }: { value: unknown }) {
  return empty(value) ? null : <ImagesCell value={[value]} />;
}
