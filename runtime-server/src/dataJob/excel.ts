import type ExcelJSModule from 'exceljs';
import { loadOnce } from '../core/loadOnce.js';

/**
 * ExcelJS, loaded at the first .xlsx import, export or template: it is one of the largest libraries the
 * server uses (megabytes of heap and start-up time, docs/benchmark.md), and most processes never need it.
 */
export const excel: () => Promise<typeof ExcelJSModule> = loadOnce(() => import('exceljs').then((m) => m.default));
