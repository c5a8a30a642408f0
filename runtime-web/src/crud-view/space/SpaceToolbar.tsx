/** The file space's toolbar: upload, delete the picked files, the type group filter, the pick count. */
import type { RefObject } from 'react';
import { Button, Select } from '@douyinfe/semi-ui';
import { IconDelete, IconUpload } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../core/stores/context';
import { labelIn } from '../../crud/model';
import type { OptionMeta } from '../../crud/types';

export function SpaceToolbar({
  mode,
  limit,
  fixedType,
  type,
  types,
  picked,
  uploading,
  input,
  onType,
  onFiles,
  onUpload,
  onDeletePicked,
}: {
  mode: 'pick' | 'manage';
  limit: number;
  fixedType?: string;
  type?: string;
  types: OptionMeta[];
  /** How many files are picked. */
  picked: number;
  uploading: boolean;
  input: RefObject<HTMLInputElement>;
  onType(type: string | undefined): void;
  onFiles(files: File[]): void;
  /** Absent without the add permission. */
  onUpload?: () => void;
  /** Absent outside the managing screen or without the delete permission. */
  onDeletePicked?: () => void;
}) {
  const { t } = useTranslation('modules');
  const locale = useStores().app.locale;
  return (
    <div className="crud-toolbar">
      {onUpload && (
        <Button theme="solid" type="primary" icon={<IconUpload />} onClick={onUpload} loading={uploading} data-testid="space-upload">
          {t('space.upload')}
        </Button>
      )}
      {onDeletePicked && (
        <Button type="danger" icon={<IconDelete />} disabled={!picked} onClick={onDeletePicked}>
          {t('space.delete')}
          {picked ? ` (${picked})` : ''}
        </Button>
      )}
      {!fixedType && (
        <Select
          style={{ width: 150 }}
          showClear
          placeholder={t('space.typeAll')}
          aria-label={t('space.typeAll')}
          value={type}
          optionList={types.map((o) => ({ value: o.value as string, label: labelIn(o.label, locale) }))}
          onChange={(v) => onType((v as string | undefined) ?? undefined)}
        />
      )}
      <span className="crud-flex1" />
      {mode === 'pick' && (
        <span className="crud-muted" data-testid="space-count">
          {t('space.selected', { n: picked, limit })}
        </span>
      )}
      <input
        ref={input}
        type="file"
        hidden
        multiple
        accept={fixedType === 'image' ? 'image/*' : undefined}
        data-testid="space-file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          onFiles(files);
        }}
      />
    </div>
  );
}
