import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (generator/src/.. /..). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where everything the generator reads and writes lives; tests point these at temporary folders. */
export interface ProjectPaths {
  root: string;
  schemas: string;
  snapshot: string;
  migrations: string;
  generated: string;
  handlers: string;
}

export function projectPaths(root: string = ROOT): ProjectPaths {
  return {
    root,
    schemas: path.join(root, 'schemas'),
    snapshot: path.join(root, 'schemas', '.snapshot.json'),
    migrations: path.join(root, 'runtime-server', 'migrations'),
    generated: path.join(root, 'runtime-server', 'src', 'generated'),
    handlers: path.join(root, 'runtime-server', 'src', 'modules'),
  };
}
