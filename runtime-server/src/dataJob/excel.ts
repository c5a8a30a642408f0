import type ExcelJSModule from 'exceljs';

let loading: Promise<typeof ExcelJSModule> | undefined;

/**
 * ExcelJS, loaded at the first .xlsx import, export or template: it is one of the largest libraries the
 * server uses (megabytes of heap and start-up time, README "Benchmark"), and most processes never need it.
 */
export function excel(): Promise<typeof ExcelJSModule> {
  loading ??= import('exceljs').then((m) => m.default);
  return loading;
}
