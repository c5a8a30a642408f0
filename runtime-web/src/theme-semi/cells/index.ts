/** The named cells of the Semi theme (`x-screen.columns[].component`, listed in crud/names.json). */
import type { ComponentType } from 'react';
import type { CellProps } from '../../crud-view/registry';
import { ImageCell } from './ImagesCell';
import { JsonCell } from './JsonCell';

export const cells: Readonly<Record<string, ComponentType<CellProps>>> = {
  'json-popover': JsonCell,
  image: ImageCell,
};
