import { Popover } from '@douyinfe/semi-ui';
import { jsonPreview } from '../../crud-view/format';
import type { CellProps } from '../../crud-view/registry';

const empty = (v: unknown) => v === null || v === undefined || v === '';

/** A JSON value as a short preview opening the pretty text (request parameters of the recycle bin, `json-popover`). */
export function JsonCell({ value }: Pick<CellProps, 'value'>) {
  if (empty(value)) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  let pretty = text;
  if (typeof value === 'string') {
    try {
      pretty = JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      /* plain text stays as it is */
    }
  }
  return (
    <Popover content={<pre className="crud-json">{pretty}</pre>} position="top" showArrow trigger="click">
      {/* A real button: the popover marks its trigger expanded/collapsed, which a text span may not carry. */}
      <button type="button" className="crud-json-trigger">
        {jsonPreview(value)}
      </button>
    </Popover>
  );
}
