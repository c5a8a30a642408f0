import { ICON_NAMES, iconSearchTerms, type IconName } from './registry';

/**
 * Icons whose name, alias or translated label contains the query (case-insensitive, spaces ignored).
 * `label` gives the label in the current language.
 */
export function filterIcons(query: string, label: (name: IconName) => string): IconName[] {
  const q = query.replace(/\s+/g, '').toLowerCase();
  if (!q) return [...ICON_NAMES];
  return ICON_NAMES.filter((name) =>
    [...iconSearchTerms(name), label(name)].some((term) => term.replace(/\s+/g, '').toLowerCase().includes(q)),
  );
}
