/** The answer of `GET /admin/demo/dashboard/summary` (runtime-server/src/modules/demo/dashboard.ts). */
export type ChartRange = 'today' | 'week' | 'month' | 'year';

export interface DashboardSummary {
  date: string;
  views: { total: number; today: number };
  visitors: { today: number };
  users: { total: number; today: number };
  payments: { total: number; today: number; yesterday: number };
  sales: { total: string; today: string; yesterday: string; week: string; lastWeek: string; dayOverDay: number | null; weekOverWeek: number | null };
  conversionRate: number | null;
  category: { type: number | null; name: string | null; amount: string; count: number }[];
  ranking: { goodsId: number; title: string; amount: string; quantity: number }[];
  charts: Record<ChartRange, { key: string; amount: string; count: number }[]>;
}
