import type { ModuleDefinition } from '../app/module.js';
import base from './base/module.js';
import demo from './demo/module.js';
import dict from './dict/module.js';
import helper from './helper/module.js';
import lock from './lock/module.js';
import plugin from './plugin/module.js';
import space from './space/module.js';
import task from './task/module.js';
import user from './user/module.js';

/**
 * The modules that declare more than their schemas (docs/kernel-and-modules.md). Modules
 * made of schemas and handlers only are wired by the generated routes and need no entry here.
 */
export const modules: readonly ModuleDefinition[] = [base, demo, dict, helper, lock, plugin, space, task, user];
