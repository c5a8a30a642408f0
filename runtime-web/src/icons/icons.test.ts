import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Icon } from './Icon';
import { iconMessages } from './locales';
import { ICONS, ICON_NAMES, resolveIconName, type IconName } from './registry';
import { filterIcons } from './search';

const seedFile = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../schemas/base/seed/menus.json');

function seededIconNames(): string[] {
  const out = new Set<string>();
  const walk = (nodes: unknown): void => {
    if (!Array.isArray(nodes)) return;
    for (const n of nodes as Array<{ icon?: string | null; childMenus?: unknown }>) {
      if (n.icon) out.add(n.icon);
      walk(n.childMenus);
    }
  };
  walk((JSON.parse(fs.readFileSync(seedFile, 'utf8')) as { menus: unknown }).menus);
  return [...out].sort();
}

const render = (props: Parameters<typeof Icon>[0]) => renderToStaticMarkup(createElement(Icon, props));

describe('icon set', () => {
  it('maps every icon name the seeded menus carry', () => {
    const names = seededIconNames();
    assert.ok(names.length >= 15, `expected the seeded menus to carry icons, got ${names.join(',')}`);
    const missing = names.filter((n) => !resolveIconName(n));
    assert.deepEqual(missing, []);
  });

  it('covers the domains and document types of docs/reference/product-spec.md §1', () => {
    const wanted = [
      'workbench',
      'tasks',
      'orders',
      'goods',
      'team',
      'stats',
      'rank',
      'trend',
      'vip',
      'reward',
      'notices',
      'messages',
      'tutorials',
      'iot',
      'monitor',
      'map',
      'location',
      'image',
      'video',
      'audio',
      'pdf',
      'word',
      'excel',
      'ppt',
      'archive',
      'language',
      'light',
      'dark',
    ];
    assert.deepEqual(
      wanted.filter((n) => !resolveIconName(n)),
      [],
    );
  });

  it('draws each icon differently, on the 24×24 grid', () => {
    const seen = new Map<string, IconName>();
    for (const name of ICON_NAMES) {
      const shape = ICONS[name];
      assert.ok(shape.length > 0, name);
      const key = JSON.stringify(shape);
      assert.equal(seen.get(key), undefined, `${name} repeats ${seen.get(key)}`);
      seen.set(key, name);
      for (const [tag, attrs] of shape) {
        for (const [k, v] of Object.entries(attrs)) {
          if (typeof v === 'number') assert.ok(v >= 0 && v <= 24, `${name} ${tag}.${k}=${v}`);
          if (k === 'd') assert.match(String(v), /^[MmLlHhVvCcSsQqAaZz0-9.,\s-]+$/, `${name} path`);
        }
      }
    }
  });

  it('renders inline SVG in currentColor and resolves stored names', () => {
    const html = render({ name: 'icon-user', title: 'User' });
    assert.match(html, /^<svg[^>]*viewBox="0 0 24 24"/);
    assert.match(html, /stroke="currentColor"/);
    assert.match(html, /data-icon="user"/);
    assert.match(html, /<title>User<\/title>/);
    assert.match(html, /role="img"/);
    assert.doesNotMatch(html, /data-icon-missing/);
    assert.match(render({ name: 'Orders' }), /data-icon="order"/);
    assert.match(render({ name: 'icon-home' }), /aria-hidden="true"/);
    // Semi hosts (Nav, Button) clone their icons with size names.
    assert.match(render({ name: 'home', size: 'large' }), /width="20" height="20"/);
    assert.match(render({ name: 'home', size: 18 }), /width="18" height="18"/);
    assert.match(render({ name: 'home' }), /width="1em"/);
  });

  it('falls back gracefully for unknown or empty names', () => {
    const html = render({ name: 'icon-no-such-thing' });
    assert.match(html, /data-icon="app"/);
    assert.match(html, /data-icon-missing="icon-no-such-thing"/);
    assert.match(render({ name: undefined }), /data-icon="app"/);
    assert.match(render({ name: 'nope', fallback: 'doc' }), /data-icon="doc"/);
    assert.equal(render({ name: 'nope', fallback: null }), '');
    assert.equal(resolveIconName('__proto__'), undefined);
    assert.equal(resolveIconName('constructor'), undefined);
  });

  it('has a label for every icon in zh-cn, zh-tw and en', () => {
    for (const locale of ['zh-cn', 'zh-tw', 'en'] as const) {
      const labels = iconMessages[locale].names as Record<string, string>;
      assert.deepEqual(Object.keys(labels).sort(), [...ICON_NAMES].sort(), locale);
      for (const n of ICON_NAMES) assert.ok(labels[n]?.trim(), `${locale} ${n}`);
    }
  });

  it('searches names, aliases and translated labels', () => {
    const zh = (n: IconName) => iconMessages['zh-cn'].names[n];
    assert.deepEqual(filterIcons('订单', zh), ['order']);
    assert.ok(filterIcons('zip', zh).includes('doc-archive'));
    assert.ok(filterIcons('  PD F ', zh).includes('doc-pdf'));
    assert.equal(filterIcons('', zh).length, ICON_NAMES.length);
    assert.deepEqual(filterIcons('zzzz-nothing', zh), []);
  });
});
