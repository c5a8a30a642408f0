import { circle, dot, line, path, rect, type IconShape } from './shape';

/** Business-domain icons (docs/reference/product-spec.md §1: workbench, tasks, orders, goods, team, stats, rank, trend, VIP, …). */
export const DOMAIN_ICONS = {
  workbench: [rect(3, 3, 8, 8, 2), rect(13, 3, 8, 5, 2), rect(13, 10, 8, 11, 2), rect(3, 13, 8, 8, 2)],
  task: [rect(5, 4, 14, 17, 2), rect(9, 2.5, 6, 3.5, 1), path('M9 13l2 2 4-4.5')],
  order: [path('M6 3h12v18l-3-2-3 2-3-2-3 2z'), line(9, 8, 15, 8), line(9, 12, 15, 12), line(9, 16, 12.5, 16)],
  goods: [path('M12 3l8 4.5v9L12 21l-8-4.5v-9z'), path('M4 7.5l8 4.5 8-4.5'), line(12, 12, 12, 21), path('M8 5.25l8 4.5')],
  team: [
    circle(9, 8, 3.2),
    path('M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6'),
    circle(17, 9, 2.5),
    path('M16.5 14.1c2.6.4 4.5 2.7 4.5 5.4'),
  ],
  stats: [path('M4 20h16'), path('M4 20V4'), rect(7, 12, 3, 8), rect(12, 7, 3, 13), rect(17, 14, 3, 6)],
  rank: [
    path('M3 21h18'),
    rect(9, 10, 6, 11),
    rect(3, 14, 6, 7),
    rect(15, 16, 6, 5),
    path('M12 2.8l1 2 2.2.3-1.6 1.5.4 2.2-2-1-2 1 .4-2.2-1.6-1.5 2.2-.3z'),
  ],
  trend: [path('M3 17l6-6 4 4 8-8'), path('M15 7h6v6')],
  vip: [path('M3 8l4.5 4L12 5l4.5 7L21 8l-2 10H5z'), line(6, 21, 18, 21), dot(12, 14.5, 1.2)],
  reward: [
    rect(3, 8, 18, 4, 1),
    rect(5, 12, 14, 9, 1),
    line(12, 8, 12, 21),
    path('M12 8c-1.5-3.5-5-4.2-5.2-2.1C6.6 7.8 9.6 8 12 8zM12 8c1.5-3.5 5-4.2 5.2-2.1.2 1.9-2.8 2.1-5.2 2.1z'),
  ],
  medal: [
    circle(12, 15, 5),
    path('M8.5 11.5L6 3h4l2 5 2-5h4l-2.5 8.5'),
    path('M12 12.8l.7 1.4 1.5.2-1.1 1 .3 1.5-1.4-.7-1.4.7.3-1.5-1.1-1 1.5-.2z'),
  ],
  notice: [path('M3 10v4h3l7 5V5l-7 5z'), path('M16 9.2a4 4 0 010 5.6'), path('M18.6 6.6a7.6 7.6 0 010 10.8')],
  bell: [path('M6 16V11a6 6 0 0112 0v5l1.5 2h-15z'), path('M10 20.5a2 2 0 004 0'), line(12, 3, 12, 5)],
  message: [path('M4 5h16v11H9.5L5 20v-4H4z'), dot(8.5, 10.5), dot(12, 10.5), dot(15.5, 10.5)],
  tutorial: [
    path('M12 6.5C10 5 7 4.5 3.5 5v14c3.5-.5 6.5 0 8.5 1.5 2-1.5 5-2 8.5-1.5V5C17 4.5 14 5 12 6.5z'),
    line(12, 6.5, 12, 20.5),
  ],
  iot: [rect(7, 7, 10, 10, 2), rect(10, 10, 4, 4, 0.5), path('M10 3v4M14 3v4M10 17v4M14 17v4M3 10h4M3 14h4M17 10h4M17 14h4')],
  device: [rect(7, 2.5, 10, 19, 2), line(11, 18, 13, 18)],
  monitor: [rect(3, 4, 18, 12, 2), path('M8 20h8'), line(12, 16, 12, 20), path('M6 10h3l1.5-3 2 6 1.5-3H18')],
  map: [path('M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2z'), line(9, 4, 9, 18), line(15, 6, 15, 20)],
  location: [path('M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21z'), circle(12, 9.5, 2.5)],
  calendar: [rect(3.5, 5, 17, 15.5, 2), path('M3.5 10h17M8 3v4M16 3v4'), dot(8, 14), dot(12, 14), dot(16, 14)],
  cart: [path('M3 4h2.5l2.2 11h10.6L20.5 7H7'), circle(9, 19, 1.5), circle(17, 19, 1.5)],
  wallet: [path('M4 7.5A2.5 2.5 0 016.5 5H18v3'), rect(4, 8, 16, 12, 2), path('M20 12h-4a2 2 0 000 4h4'), dot(16, 14)],
  chart: [circle(12, 12, 8.5), path('M12 3.5V12h8.5'), path('M12 12l-6 6')],
} satisfies Record<string, IconShape>;
