/**
 * The console's Semi Design theme as one object, the way `@rjsf/antd` packages its theme: widgets and cells by
 * the names an `x-screen` block uses, and the rjsf templates. The form renderer takes it (EntityForm's `theme`);
 * a module's own names come through the screens manifest (crud-view/modules/index.ts), never by import effects.
 */
import type { ComponentType } from 'react';
import type { TemplatesType, WidgetProps } from '@rjsf/utils';
import type { CellProps } from '../crud-view/registry';
import { widgetMap } from '../crud-view/registry';
import { cells } from './cells';
import { templates } from './templates';
import { widgets } from './widgets';

export interface ConsoleTheme {
  widgets: Readonly<Record<string, ComponentType<WidgetProps>>>;
  templates: Partial<TemplatesType>;
  cells: Readonly<Record<string, ComponentType<CellProps>>>;
}

export const semiTheme: ConsoleTheme = { widgets, templates, cells };

/** The widgets a form draws with: the theme's, then the ones the screens manifest's modules added by name. */
export function formWidgets(theme: ConsoleTheme): Record<string, ComponentType<WidgetProps>> {
  return { ...theme.widgets, ...widgetMap() };
}
