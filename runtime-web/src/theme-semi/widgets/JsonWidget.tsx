import { useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { TextArea } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { common, invalid } from './common';

/** JSON typed as text; a parse error is shown as 'Parameter format error' and the last valid value is kept. */
export function JsonWidget(p: WidgetProps) {
  const { t } = useTranslation('crud');
  const [text, setText] = useState(() => (p.value === undefined ? '' : JSON.stringify(p.value, null, 2)));
  const [bad, setBad] = useState(false);
  const last = useRef(p.value);
  useEffect(() => {
    if (p.value !== last.current) {
      last.current = p.value;
      setText(p.value === undefined ? '' : JSON.stringify(p.value, null, 2));
    }
  }, [p.value]);
  return (
    <div>
      <TextArea
        {...common(p)}
        className="crud-code"
        autosize={{ minRows: 3, maxRows: 12 }}
        value={text}
        validateStatus={bad || invalid(p) ? 'error' : 'default'}
        onChange={(v) => {
          setText(v);
          if (!v.trim()) {
            setBad(false);
            last.current = undefined;
            p.onChange(undefined);
            return;
          }
          try {
            const parsed = JSON.parse(v) as unknown;
            setBad(false);
            last.current = parsed;
            p.onChange(parsed);
          } catch {
            setBad(true);
          }
        }}
      />
      {bad ? (
        <div className="crud-field-error" role="alert">
          {t('errors.json')}
        </div>
      ) : null}
    </div>
  );
}
