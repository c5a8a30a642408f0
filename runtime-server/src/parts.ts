import type { AppParts } from './app/module.js';
import { routes } from './generated/routes.js';
import { modules } from './modules/index.js';

/** This repository's server: the generated routes and the module manifests, handed to createApp by the start script and tests. */
export const parts: AppParts = { routes, modules };
