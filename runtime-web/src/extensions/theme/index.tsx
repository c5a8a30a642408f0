import { useEffect } from 'react';
import { reaction } from 'mobx';
import { useStores } from '../../core/stores/context';
import type { ExtensionEntry } from '../types';

/** Paints the stored theme on start and whenever colour or mode changes (Semi reads CSS variables). */
function ThemePainter() {
  const { app } = useStores();
  useEffect(() => {
    app.paint();
    return reaction(
      () => [app.theme.color, app.dark],
      () => app.paint(),
    );
  }, [app]);
  return null;
}

export const themeExtension: Omit<ExtensionEntry, 'index'> = {
  name: 'theme',
  enable: true,
  order: 99,
  component: ThemePainter,
};
