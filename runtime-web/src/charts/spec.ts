/** What a view tells the chart module (charts/Chart.tsx); library-neutral on purpose. */
export type ChartSpec =
  | { kind: 'bar' | 'line'; name: string; labels: string[]; values: number[]; colors?: string[]; format?: (v: unknown) => string }
  | { kind: 'pie'; slices: { name: string; value: number }[]; colors?: string[]; format?: (v: unknown) => string };
