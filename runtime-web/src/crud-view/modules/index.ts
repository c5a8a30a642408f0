/**
 * The screens manifest (the console core, docs/development.md): every module's named widgets, cells, cards, actions and views, listed
 * here as data instead of imported for their side effects; the generic screen installs them once. Heavy parts
 * (the file space) load on first use. A new module adds its declaration to this list.
 */
import type { ScreenModule } from '../registry';
import { baseScreens } from '../screens';
import { lockScreens } from '../../pages/lock/lockScreens';
import { dictScreens } from './dict';
import { pluginScreens } from './plugin';
import { recycleScreens } from './recycle';
import { spaceScreens } from './space';
import { taskScreens } from './task';
import './locales';

export const SCREEN_MODULES: readonly ScreenModule[] = [baseScreens, dictScreens, recycleScreens, taskScreens, spaceScreens, pluginScreens, lockScreens];
