import fs from 'node:fs';
import path from 'node:path';
import { SchemaError, SchemaErrors } from '../errors.js';
import type { Model } from '../model.js';
import type { ProjectPaths } from '../paths.js';
import { scanExports } from './exportScan.js';

/**
 * A named handler that does not exist is a generator error, not a runtime 404. Checked on the source
 * text (docs/generator.md, "Handler check"): the generator never imports runtime code, so a handler
 * file that fails to load cannot stop `npm run generate`. A name bound to a call result (a handler
 * factory) passes here; the type-check of the generated routes file checks its type.
 */
export function checkHandlers(model: Model, paths: ProjectPaths): void {
  const errors: SchemaError[] = [];
  for (const e of model.entities) {
    const named = e.actions.filter((a) => a.handler);
    if (!named.length) continue;
    const file = path.join(paths.handlers, `${e.handlerModule}.ts`);
    const rel = path.relative(paths.root, file);
    if (!fs.existsSync(file)) {
      named.forEach((a) =>
        errors.push(new SchemaError('MissingHandler', e.file, `/x-api`, `handler "${a.handler}" needs ${rel} exporting it`)),
      );
      continue;
    }
    const exports = scanExports(file);
    for (const a of named) {
      const found = exports.get(a.handler!);
      if (!found || found.kind === 'value') {
        const what = found ? `exports "${a.handler}" but not as a function (${path.relative(paths.root, found.file)})` : `does not export a function "${a.handler}"`;
        errors.push(new SchemaError('MissingHandler', e.file, `/x-api`, `${rel} ${what} (action "${a.name}")`));
      }
    }
  }
  if (errors.length) throw new SchemaErrors(errors);
}
