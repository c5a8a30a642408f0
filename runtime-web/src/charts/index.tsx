import { lazy, Suspense } from 'react';
import { Skeleton } from '@douyinfe/semi-ui';
import type { ChartSpec } from './spec';

export type { ChartSpec } from './spec';

const Chart = lazy(() => import('./Chart'));

/** A chart, its library loaded on first use; a skeleton of the same height until then. */
export function LazyChart(props: { spec: ChartSpec; dark: boolean; height?: number; label: string }) {
  const height = props.height ?? 300;
  return (
    <Suspense fallback={<Skeleton.Image style={{ width: '100%', height }} />}>
      <Chart {...props} />
    </Suspense>
  );
}
