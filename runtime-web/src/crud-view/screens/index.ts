/**
 * Named cells, actions and hooks of the module screens (base: users, roles, menus, params, request log),
 * declared once and listed in the screens manifest (`modules/index.ts`); a schema's `x-screen` refers to them by name (`component`, `actions[].name`).
 */
import { createElement, lazy } from 'react';
import { Toast } from '@douyinfe/semi-ui';
import { t } from '../../core/i18n';
import type { ScreenModule } from '../registry';
import { IconCell, MenuNameCell, TagsCell } from './cells';
import { KeepDays } from './KeepDays';
import { PermsWidget } from '../form/PermsWidget';
import './locales';

/** The API base the console's requests use (core/request.ts default); pages opened outside the app go there too. */
const API = '/api';

const ImportMenus = lazy(() => import('./MenuDialogs').then((m) => ({ default: m.ImportMenus })));
const ExportMenus = lazy(() => import('./MenuDialogs').then((m) => ({ default: m.ExportMenus })));
const ParseEntity = lazy(() => import('./MenuDialogs').then((m) => ({ default: m.ParseEntity })));

export const baseScreens: ScreenModule = {
  cells: { tags: TagsCell, icon: IconCell, 'menu-name': MenuNameCell },
  widgets: { perms: PermsWidget },
  actions: {
    'base/sys/menu:import': { run: () => undefined, dialog: ImportMenus },
    'base/sys/menu:export': { run: () => undefined, dialog: ExportMenus },
    'base/sys/menu:create': { run: () => undefined, dialog: ParseEntity },
    /** A rich-text param as the public page shows it (`base/open/html?key=`). */
    'base/sys/param:html': {
      run: ({ row }) => {
        if (!row) return false;
        if (Number(row.dataType) !== 1) {
          Toast.info(t('screens:previewRichOnly'));
          return false;
        }
        window.open(`${API}/admin/base/open/html?key=${encodeURIComponent(String(row.keyName ?? ''))}`, '_blank', 'noopener');
        return false;
      },
    },
    'base/sys/log:setKeep': { run: () => undefined, render: ({ store }) => createElement(KeepDays, { store }) },
  },
  // Every change to the menus shows at once in the shell's sidebar (and its permissions).
  refreshHooks: { 'base/sys/menu': (stores) => stores.menu.loadPermMenu() },
};
