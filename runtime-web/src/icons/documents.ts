import { circle, line, path, type IconShape, type ShapeNode } from './shape';

/** The sheet every document icon shares: a page with a folded corner. */
const sheet: ShapeNode[] = [path('M6 3h8l5 5v13H6z'), path('M14 3v5h5')];

/** Document types (docs/reference/product-spec.md §1): image, video, audio, pdf, word, excel, ppt, archive, plus a plain one. */
export const DOCUMENT_ICONS = {
  doc: [...sheet, line(9, 12, 16, 12), line(9, 15.5, 16, 15.5), line(9, 19, 13, 19)],
  'doc-image': [...sheet, circle(10, 12, 1.4), path('M6.5 19.5l3.5-3.5 2.5 2.5 2-2 3.5 3.5')],
  'doc-video': [...sheet, path('M10.5 11.5v6l5-3z')],
  'doc-audio': [...sheet, path('M11 18V11.5l5-1.5v6.5'), circle(9.6, 18, 1.4), circle(14.6, 16.5, 1.4)],
  'doc-pdf': [
    ...sheet,
    path('M9 18c1.8-2.5 3.2-5.3 3-7.2-.1-.9-1.1-.8-1.1.1 0 2.4 2.7 5.4 5.1 6.3.9.3 1.2-.6.4-.9-1.8-.6-4.9-.1-7.4 1.7z'),
  ],
  'doc-word': [...sheet, path('M8.5 11.5l1.3 6 2.2-4.5 2.2 4.5 1.3-6')],
  'doc-excel': [...sheet, path('M9.5 11.5l6 6M15.5 11.5l-6 6')],
  'doc-ppt': [...sheet, path('M10.5 18v-6.5h2.5a2 2 0 010 4h-2.5')],
  'doc-archive': [...sheet, path('M11 4v1.5h1.5V7H11v1.5h1.5V10H11'), path('M10.5 12.5h2.5v4h-2.5z')],
} satisfies Record<string, IconShape>;
