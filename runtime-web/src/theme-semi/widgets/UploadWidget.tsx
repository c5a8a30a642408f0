import { lazy, Suspense, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Button, Image, Toast } from '@douyinfe/semi-ui';
import { IconClose, IconFolderOpen, IconUpload } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../core/stores/context';
import type { Stores } from '../../core/stores';
import { checkUpload, uploadKey } from '../../extensions/upload/check';
import '../../crud-view/modules/locales';
import { metaOf } from './common';

// The file space opens from any upload widget; it loads on first use.
const SpacePicker = lazy(() => import('../../crud-view/space/SpacePicker'));

async function upload(stores: Stores, file: File): Promise<string> {
  const form = new FormData();
  form.append('key', uploadKey(file.name));
  form.append('file', file);
  const url = await stores.request<string | string[]>({ url: '/admin/base/comm/upload', method: 'POST', data: form, progress: false });
  return Array.isArray(url) ? url[0]! : url;
}

/** Image (one URL), images (URL array) or file upload through `comm/upload`, with the docs/reference/product-spec.md §5 limits. */
export function UploadWidget(p: WidgetProps) {
  const stores = useStores();
  const { t } = useTranslation('crud');
  const { t: ta } = useTranslation('app');
  const meta = metaOf(p);
  const many = p.schema.type === 'array' || (Array.isArray(p.schema.type) && p.schema.type.includes('array'));
  const image = (p.options.kind as string | undefined) !== 'file';
  const limit = many ? Number((p.schema.maxItems as number | undefined) ?? 9) : 1;
  const list: string[] = many ? ((p.value as string[] | undefined) ?? []) : p.value ? [String(p.value)] : [];
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const { t: ts } = useTranslation('modules');
  const pick = async (files: File[]) => {
    if (list.length + files.length > limit) return Toast.warning(t('uploadLimit', { limit }));
    const problem = checkUpload(files);
    if (problem) return Toast.warning(ta(problem.key, problem.params));
    setBusy(true);
    try {
      const urls: string[] = [];
      for (const f of files) urls.push(await upload(stores, f));
      p.onChange(many ? [...list, ...urls] : urls[0]);
    } catch (err) {
      Toast.error(t('uploadFailed', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      setBusy(false);
    }
  };
  const remove = (i: number) => {
    const next = list.filter((_, j) => j !== i);
    p.onChange(many ? (next.length ? next : meta.nullable ? null : []) : undefined);
  };
  return (
    <div className="crud-upload" data-field={meta.name}>
      {list.map((url, i) => (
        <span key={`${url}-${i}`} className={image ? 'crud-upload__item' : 'crud-upload__file'}>
          {image ? <Image src={url} width={72} height={72} /> : <a href={url} target="_blank" rel="noopener noreferrer">{url.split('/').pop()}</a>}
          {!(p.disabled || p.readonly) && (
            <Button size="small" theme="borderless" type="danger" icon={<IconClose />} aria-label={t('delete')} className="crud-upload__remove" onClick={() => remove(i)} />
          )}
        </span>
      ))}
      {!(p.disabled || p.readonly) && list.length < limit && (
        <Button icon={<IconUpload />} loading={busy} aria-label={`${t('upload')} ${p.label}`} onClick={() => input.current?.click()}>
          {t('upload')}
        </Button>
      )}
      {!(p.disabled || p.readonly) && list.length < limit && (
        <Button icon={<IconFolderOpen />} aria-label={`${ts('space.pick')} ${p.label}`} onClick={() => setPicking(true)} data-testid="space-pick">
          {ts('space.pick')}
        </Button>
      )}
      {picking && (
        <Suspense fallback={null}>
          <SpacePicker
            limit={limit - list.length}
            {...(image ? { type: 'image' } : {})}
            onPick={(urls) => p.onChange(many ? [...list, ...urls] : urls[0])}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      )}
      <input
        ref={input}
        type="file"
        hidden
        multiple={many}
        accept={image ? 'image/*' : undefined}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) void pick(files);
        }}
      />
    </div>
  );
}
