import type { WidgetProps } from '@rjsf/utils';
import { ctxOf } from './common';
import { FileListWidget } from './FileListWidget';
import { RichTextWidget } from './RichTextWidget';
import { TextareaWidget } from './TextareaWidget';

/**
 * A value whose editor follows another field (`x-screen.form[].props.by`, default `dataType`): 0 text,
 * 1 rich text, 2 files — the parameter screen's `data`.
 */
export function ByTypeWidget(p: WidgetProps) {
  const by = (p.options.by as string | undefined) ?? 'dataType';
  const kind = Number((ctxOf(p).data as Record<string, unknown> | undefined)?.[by] ?? 0);
  if (kind === 1) return <RichTextWidget {...p} />;
  if (kind === 2) return <FileListWidget {...p} />;
  return <TextareaWidget {...p} />;
}
