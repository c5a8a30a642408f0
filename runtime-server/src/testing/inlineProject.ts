import fs from 'node:fs';
import path from 'node:path';
import { generate } from '@schema-admin/generator';
import type { ProjectPaths } from '@schema-admin/generator';
import { scratchProject } from './scratchProject.js';

/**
 * A scratch project holding the shipped schemas plus the given files (`'shop/widget.json': {...}`, a module's
 * `'shop/module.json'` too), generated as `npm run generate` would: a test declares the schema it needs inline
 * and starts an app on it with `startTestApp(config, { project })`.
 */
export async function inlineProject(files: Record<string, unknown>): Promise<ProjectPaths> {
  const paths = scratchProject();
  for (const [rel, doc] of Object.entries(files)) {
    const file = path.join(paths.schemas, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  }
  await generate(paths);
  return paths;
}
