import { DOCUMENT_ICONS } from './documents';
import { DOMAIN_ICONS } from './domain';
import type { IconShape } from './shape';
import { SYSTEM_ICONS } from './system';

export const ICONS = { ...SYSTEM_ICONS, ...DOMAIN_ICONS, ...DOCUMENT_ICONS } as const satisfies Record<string, IconShape>;
export type IconName = keyof typeof ICONS;

/** Every icon name, in picker order (console first, then domains, then documents). */
export const ICON_NAMES = Object.keys(ICONS) as IconName[];

/** Other spellings menus may carry (plurals, the reference's names, file extensions). */
const ALIASES: Readonly<Record<string, IconName>> = {
  dashboard: 'workbench',
  tasks: 'task',
  orders: 'order',
  product: 'goods',
  members: 'team',
  group: 'team',
  statistics: 'stats',
  stat: 'stats',
  ranking: 'rank',
  crown: 'vip',
  gift: 'reward',
  notices: 'notice',
  announcement: 'notice',
  messages: 'message',
  chat: 'message',
  tutorials: 'tutorial',
  docs: 'tutorial',
  chip: 'iot',
  phone: 'device',
  position: 'location',
  settings: 'setting',
  parameter: 'param',
  trash: 'recycle',
  folder: 'file',
  dept: 'department',
  moon: 'dark',
  sun: 'light',
  i18n: 'language',
  image: 'doc-image',
  video: 'doc-video',
  audio: 'doc-audio',
  pdf: 'doc-pdf',
  word: 'doc-word',
  excel: 'doc-excel',
  ppt: 'doc-ppt',
  archive: 'doc-archive',
  zip: 'doc-archive',
  // Names of the reference family's icon set that the seeded menus use (so its clients show them too).
  auth: 'role',
  params: 'param',
  delete: 'recycle',
  upload: 'file',
  favor: 'plugin',
  component: 'plugin',
  fx: 'ai',
  news: 'tutorial',
  earth: 'language',
  list: 'menu',
};

/** Normalises a stored icon name ('icon-user', 'User', 'orders') to a set name, or undefined if none fits. */
export function resolveIconName(name: string | null | undefined): IconName | undefined {
  if (typeof name !== 'string') return undefined;
  const key = name
    .trim()
    .toLowerCase()
    .replace(/^icon[-_]/, '');
  if (Object.prototype.hasOwnProperty.call(ICONS, key)) return key as IconName;
  return Object.prototype.hasOwnProperty.call(ALIASES, key) ? ALIASES[key] : undefined;
}

/** Names the picker search matches against: the name itself and its aliases. */
export function iconSearchTerms(name: IconName): string[] {
  return [name, ...Object.keys(ALIASES).filter((a) => ALIASES[a] === name)];
}
