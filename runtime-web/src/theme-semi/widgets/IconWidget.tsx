import { lazy, Suspense } from 'react';
import type { WidgetProps } from '@rjsf/utils';

const IconPicker = lazy(() => import('../../icons/IconPicker').then((m) => ({ default: m.IconPicker })));

export function IconWidget(p: WidgetProps) {
  return (
    <Suspense fallback={null}>
      <IconPicker value={(p.value as string | undefined) ?? undefined} onChange={(v) => p.onChange(v || undefined)} />
    </Suspense>
  );
}
