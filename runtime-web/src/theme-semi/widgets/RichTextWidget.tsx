import { lazy, Suspense } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { invalid } from './common';
import { TextareaWidget } from './TextareaWidget';

// The editor (ProseMirror) is large: it loads the first time a rich-text field shows.
const RichText = lazy(() => import('../../crud-view/form/RichText'));

export function RichTextWidget(p: WidgetProps) {
  return (
    <Suspense fallback={<TextareaWidget {...p} />}>
      <RichText id={p.id} label={p.label} value={(p.value as string | undefined) ?? ''} disabled={p.disabled || p.readonly} invalid={invalid(p)} onChange={(v) => p.onChange(v)} />
    </Suspense>
  );
}
