import { createElement, type CSSProperties, type ReactElement } from 'react';
import { ICONS, resolveIconName, type IconName } from './registry';

export interface IconProps {
  /** Set name or a stored menu icon name ('icon-user'); unknown names draw the fallback. */
  name: string | null | undefined;
  /** Width and height; '1em' follows the surrounding font size like Semi's icons. */
  size?: number | string;
  /** Icon drawn for unknown or empty names; null draws nothing. */
  fallback?: IconName | null;
  /** Accessible name; without it the icon is decorative (aria-hidden). */
  title?: string;
  className?: string;
  style?: CSSProperties;
  strokeWidth?: number;
}

/** Semi clones icons it hosts (Nav, Button…) with its own size names; they mean these pixel sizes. */
const SEMI_SIZES: Readonly<Record<string, number>> = { small: 12, default: 16, large: 20, 'extra-large': 24 };

function pixelSize(size: number | string): number | string {
  return typeof size === 'string' && Object.prototype.hasOwnProperty.call(SEMI_SIZES, size) ? SEMI_SIZES[size]! : size;
}

/** An icon of the set as inline SVG in `currentColor`, so it takes the text colour of light and dark themes. */
export function Icon({
  name,
  size = '1em',
  fallback = 'app',
  title,
  className,
  style,
  strokeWidth = 1.8,
}: IconProps): ReactElement | null {
  const resolved = resolveIconName(name);
  const shown = resolved ?? fallback;
  if (!shown) return null;
  // createElement rather than JSX keeps this file loadable by the Node test runner without a JSX transform.
  const children: ReactElement[] = ICONS[shown].map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }));
  if (title) children.unshift(createElement('title', { key: 'title' }, title));
  return createElement(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: '0 0 24 24',
      width: pixelSize(size),
      height: pixelSize(size),
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      className: ['sa-icon', className].filter(Boolean).join(' '),
      style: { flexShrink: 0, verticalAlign: '-0.125em', ...style },
      role: title ? 'img' : undefined,
      'aria-hidden': title ? undefined : true,
      'data-icon': shown,
      'data-icon-missing': resolved ? undefined : name ? String(name) : '',
    },
    ...children,
  );
}
