/** The file space screen replaces the `space/info` table; it loads when first shown. */
import { lazy, Suspense } from 'react';
import { Spin } from '@douyinfe/semi-ui';
import type { ScreenModule } from '../registry';

const SpaceView = lazy(() => import('../space/SpaceView'));

function SpaceScreen() {
  return (
    <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '64px auto' }} />}>
      <SpaceView />
    </Suspense>
  );
}

export const spaceScreens: ScreenModule = { views: { 'space/info': SpaceScreen } };
