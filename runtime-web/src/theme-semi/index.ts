/**
 * The console's Semi Design theme as one object, the way `@rjsf/antd` packages its theme: widgets and cells by
 * the names an `x-screen` block uses, and the rjsf templates. The console's registry is built from it and the
 * screens manifest (crud-view/registry.ts `createRegistry`, at the console root); a module's own names come
 * through that manifest (crud-view/modules/index.ts), never by import effects.
 */
import type { ConsoleTheme } from '../crud-view/registry';
import { cells } from './cells';
import { templates } from './templates';
import { widgets } from './widgets';

export type { ConsoleTheme };

export const semiTheme: ConsoleTheme = { widgets, templates, cells };
