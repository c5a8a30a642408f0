/** An import's preview: the server's row counts and first errors, and the choices made before it starts. */
import { Radio, RadioGroup, Select, Typography } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { labelIn } from '../crud/model';
import type { FieldMeta } from '../crud/types';
import '../crud/dataLocales';

export interface Preview {
  id: number;
  total: number;
  valid: number;
  invalid: number;
  unknown: string[];
  errors: { row: number; column: string; message: string }[];
}

export function ImportPreview({
  preview,
  mode,
  onMode,
  keyColumn,
  onKeyColumn,
  keyChoices,
  locked,
  locale,
}: {
  preview: Preview;
  mode: 'all' | 'skip';
  onMode(mode: 'all' | 'skip'): void;
  keyColumn?: string;
  onKeyColumn(name: string | undefined): void;
  keyChoices: FieldMeta[];
  /** The job has started: the choices are fixed. */
  locked: boolean;
  locale: string;
}) {
  const { t } = useTranslation('data');
  return (
    <div className="crud-import__preview" data-testid="import-preview">
      <Typography.Text>{t('importCounts', { total: preview.total, valid: preview.valid, invalid: preview.invalid })}</Typography.Text>
      {preview.unknown.length ? <Typography.Text type="warning">{t('importUnknown', { columns: preview.unknown.join(', ') })}</Typography.Text> : null}
      {preview.errors.length ? (
        <ul className="crud-import__errors">
          {preview.errors.slice(0, 20).map((e, i) => (
            <li key={i}>
              <Typography.Text type="danger" size="small">
                {t('importRowError', { row: e.row, column: e.column, message: e.message })}
              </Typography.Text>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="crud-export__row">
        <Typography.Text strong>{t('importMode')}</Typography.Text>
        <RadioGroup value={mode} onChange={(e) => onMode(e.target.value as 'all' | 'skip')} disabled={locked} aria-label={t('importMode')}>
          <Radio value="all">{t('importAll')}</Radio>
          <Radio value="skip">{t('importSkip')}</Radio>
        </RadioGroup>
      </div>
      <div className="crud-export__row">
        <Typography.Text strong>{t('importKey')}</Typography.Text>
        <Select
          showClear
          style={{ width: 240 }}
          placeholder={t('importKeyNone')}
          aria-label={t('importKey')}
          disabled={locked}
          value={keyColumn}
          optionList={keyChoices.map((f) => ({ value: f.name, label: labelIn(f.label, locale, f.name) }))}
          onChange={(v) => onKeyColumn((v as string | undefined) ?? undefined)}
        />
      </div>
    </div>
  );
}
