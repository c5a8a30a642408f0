import type { Model } from '../model.js';
import type { GeneratedFile } from './generatedFile.js';

const BANNER = '// Generated from schemas/ by `npm run generate` — do not edit.\n';

/** The module variable name for a handler file, e.g. `base/sys-user` → `base_sys_user`. */
function varName(handlerModule: string): string {
  return handlerModule.replace(/[^A-Za-z0-9]/g, '_');
}

/**
 * The route table: every action bound to the generic CRUD service or to a named handler.
 * Handlers are imported statically, so a missing export also fails type-checking.
 */
export function generateRoutes(model: Model): GeneratedFile {
  const modules = new Set<string>();
  const rows: string[] = [];
  for (const e of model.entities) {
    for (const a of e.actions) {
      const bind = a.handler ? `${varName(e.handlerModule)}.${a.handler}` : `'generic'`;
      if (a.handler) modules.add(e.handlerModule);
      rows.push(
        `  { method: '${a.method}', url: '${a.url}', entity: '${e.id}', action: '${a.name}', auth: '${a.auth}', perm: '${a.perm}', bind: ${bind} },`,
      );
    }
  }
  const imports = [...modules].sort().map((m) => `import * as ${varName(m)} from '../modules/${m}.js';`);
  const content = [
    BANNER.trimEnd(),
    "import type { RouteRecord } from '../core/routeRecord.js';",
    ...imports,
    '',
    'export const routes: RouteRecord[] = [',
    ...rows,
    '];',
    '',
  ].join('\n');
  return { path: 'routes.ts', content };
}
