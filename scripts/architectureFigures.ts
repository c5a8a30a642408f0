import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCycles, importGraph, isKernelFile, sourcesUnder } from './importBoundaries.js';

/**
 * The kernel/module figures of issue 40 (part 2) for a checkout (`bash scripts/architecture-figures.sh` prints them):
 * - kernel files naming module tables: kernel files (importBoundaries' kernel) that name `TABLES.x` or
 *   `ENTITIES.x` of an entity whose schema is not the kernel's own (`schemas/kernel/`);
 * - AppServices members: the members of `interface AppServices` (app/services.ts);
 * - import cycles: strongly connected groups of server files (type-only imports included), and the largest;
 * - module keys in kernel locales: keys of the kernel's locales (`locales/zh-cn.ts`) that no kernel file names
 *   and some module file does.
 */
export interface KernelFigures {
  kernelFilesNamingModuleTables: string[];
  appServicesMembers: string[];
  importCycles: string[][];
  moduleKeysInKernelLocales: string[];
}

const SERVER = 'runtime-server/src';

/** The generated `TABLES`/`ENTITIES` keys (camelCase type names) of entities whose schema is a module's. */
function moduleEntityKeys(root: string): Set<string> {
  const model = JSON.parse(fs.readFileSync(path.join(root, SERVER, 'generated/model.json'), 'utf8')) as { entities: { id: string; file: string; table?: string }[] };
  const tables = fs.readFileSync(path.join(root, SERVER, 'generated/tables.ts'), 'utf8');
  const moduleIds = new Set(model.entities.filter((e) => !e.file.startsWith('schemas/kernel/')).map((e) => e.id));
  const moduleTables = new Set(model.entities.filter((e) => !e.file.startsWith('schemas/kernel/') && e.table).map((e) => e.table!));
  const out = new Set<string>();
  for (const m of tables.matchAll(/^\s+(\w+): "([^"]+)",?$/gm)) {
    if (moduleIds.has(m[2]!) || moduleTables.has(m[2]!)) out.add(m[1]!);
  }
  return out;
}

function read(root: string, rel: string): string {
  return fs.readFileSync(path.join(root, rel), 'utf8');
}

export function kernelFigures(root: string): KernelFigures {
  const files = sourcesUnder(root, [SERVER]);
  const kernel = files.filter(isKernelFile);
  const keys = moduleEntityKeys(root);
  const kernelFilesNamingModuleTables = kernel.filter((f) => [...read(root, f).matchAll(/\b(?:TABLES|ENTITIES)\.(\w+)/g)].some((m) => keys.has(m[1]!)));

  const services = read(root, `${SERVER}/app/services.ts`);
  const start = services.search(/export interface AppServices\b[^{]*\{/);
  const body = start < 0 ? '' : services.slice(services.indexOf('{', start) + 1, services.indexOf('\n}', start));
  const appServicesMembers = [...body.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/^ {2}(?:readonly )?(\w+)\??\s*[:(<]/gm)].map((m) => m[1]!);

  const cycles = importCycles(importGraph(root, files.filter((f) => !/\.test\.tsx?$/.test(f))));

  const locale = read(root, `${SERVER}/locales/zh-cn.ts`);
  const localeKeys = [...locale.matchAll(/^ {2}'([^']+)':/gm)].map((m) => m[1]!);
  const texts = (fs: string[]) => fs.filter((f) => !/\.test\.tsx?$/.test(f) && !f.startsWith(`${SERVER}/locales/`)).map((f) => read(root, f)).join('\n');
  const kernelText = texts(kernel);
  const moduleText = texts(files.filter((f) => f.startsWith(`${SERVER}/modules/`)));
  const named = (text: string, key: string) => text.includes(`'${key}'`) || text.includes(`"${key}"`);
  const moduleKeysInKernelLocales = localeKeys.filter((k) => !named(kernelText, k) && named(moduleText, k));

  return { kernelFilesNamingModuleTables, appServicesMembers, importCycles: cycles, moduleKeysInKernelLocales };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? '.');
  const f = kernelFigures(root);
  const verbose = process.argv.includes('-v');
  const list = (xs: string[]) => (verbose && xs.length ? `\n    ${xs.join('\n    ')}` : '');
  console.log(`kernel files naming module tables: ${f.kernelFilesNamingModuleTables.length}${list(f.kernelFilesNamingModuleTables)}`);
  console.log(`AppServices members: ${f.appServicesMembers.length}${list(f.appServicesMembers)}`);
  const largest = Math.max(0, ...f.importCycles.map((c) => c.length));
  console.log(`import cycles among server files (type-only imports included): ${f.importCycles.length}, largest ${largest} files${list(f.importCycles.map((c) => c.join(' ')))}`);
  console.log(`module keys in kernel locales: ${f.moduleKeysInKernelLocales.length}${list(f.moduleKeysInKernelLocales)}`);
}
