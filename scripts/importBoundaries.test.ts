import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { kernelFigures } from './architectureFigures.js';
import { checkBoundaries, importCycles, importGraph, sourcesUnder } from './importBoundaries.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('import boundaries (docs/kernel-and-modules.md)', () => {
  it('the server kernel imports no module and the console core no view, in this repository', () => {
    const files = sourcesUnder(ROOT, ['runtime-server/src', 'runtime-web/src']);
    assert.ok(files.length > 300, `read ${files.length} files`);
    assert.deepEqual(checkBoundaries(ROOT, files), []);
  });

  it('no import cycle among the server files, type-only imports included (issue 40 §2)', () => {
    const files = sourcesUnder(ROOT, ['runtime-server/src']).filter((f) => !/\.test\.ts$/.test(f));
    assert.deepEqual(importCycles(importGraph(ROOT, files)), []);
  });

  it('the kernel locales hold no key only modules use (their keys are in modules/<name>/messages.ts)', () => {
    assert.deepEqual(kernelFigures(ROOT).moduleKeysInKernelLocales, []);
  });

  it('finds a cycle made of type-only and re-exporting imports, and no cycle in a chain', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
    try {
      const write = (rel: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        fs.writeFileSync(path.join(root, rel), text);
      };
      write('src/app/services.ts', "import type { Scheduler } from '../scheduler/scheduler.js';\nexport interface Services { s: Scheduler }\n");
      write('src/scheduler/scheduler.ts', "import type {\n  Services,\n} from '../app/services.js';\nexport class Scheduler { services?: Services }\n");
      write('src/crud/a.ts', "export { b } from './b.js';\n");
      write('src/crud/b.ts', "import { c } from './c.js';\nexport const b = c;\n");
      write('src/crud/c.ts', "export const c = 1;\n");
      const files = sourcesUnder(root, ['src']);
      assert.deepEqual(importCycles(importGraph(root, files)), [['src/app/services.ts', 'src/scheduler/scheduler.ts']]);
      fs.writeFileSync(path.join(root, 'src/crud/c.ts'), "import type { X } from './a.js';\nexport const c = 1;\nexport type Y = X;\n");
      assert.deepEqual(importCycles(importGraph(root, sourcesUnder(root, ['src']))).map((c) => c.length), [3, 2]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('fails on a deliberately wrong import, naming the file, line and target', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
    try {
      const write = (rel: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        fs.writeFileSync(path.join(root, rel), text);
      };
      write('runtime-server/src/modules/task/module.ts', 'export default {};\n');
      write('runtime-server/src/generated/routes.ts', "export * from '../modules/task/module.js';\n");
      write('runtime-server/src/modules/base/user.ts', "import task from '../task/module.js';\nexport default task;\n");
      write('runtime-server/src/scheduler/scheduler.ts', "import type { X } from './x.js';\n\nimport task from '../modules/task/module.js';\nexport { routes } from '../generated/routes.js';\n");
      write('runtime-server/src/scheduler/scheduler.test.ts', "import task from '../modules/task/module.js';\n");
      write('runtime-web/src/crud-view/Table.tsx', 'export const Table = 1;\n');
      write('runtime-web/src/crud/store.ts', "const lazy = () => import('../crud-view/Table');\nexport default lazy;\n");
      write('runtime-web/src/crud-view/Screen.tsx', "import { x } from '../crud/store';\n");
      const found = checkBoundaries(root, sourcesUnder(root, ['runtime-server/src', 'runtime-web/src']));
      assert.deepEqual(
        found.map((v) => `${v.rule}: ${v.file}:${v.line} → ${v.target}`),
        [
          'kernel imports no module: runtime-server/src/scheduler/scheduler.ts:3 → runtime-server/src/modules/task/module.ts',
          'kernel imports no module: runtime-server/src/scheduler/scheduler.ts:4 → runtime-server/src/generated/routes.ts',
          'headless console core imports no view: runtime-web/src/crud/store.ts:1 → runtime-web/src/crud-view/Table.tsx',
        ],
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the kernel names only its own tables (schemas/kernel/, docs/kernel-and-modules.md)', () => {
  it('no kernel file names a module table (issue 40 §2: none is allowed)', () => {
    const naming = kernelFigures(ROOT).kernelFilesNamingModuleTables;
    assert.deepEqual(naming, [], 'move the table into schemas/kernel/, the code into its module, or go through a port (auth/identity.ts)');
  });

  it('finds a kernel file naming a module table, and neither a kernel table nor a module naming its own', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kernel-tables-'));
    try {
      const write = (rel: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        fs.writeFileSync(path.join(root, rel), text);
      };
      const entities = [
        { id: 'shop/book', file: 'schemas/shop/book.json', table: 'shop_book' },
        { id: 'base/sys/log', file: 'schemas/kernel/base-sys-log.json', table: 'base_sys_log' },
      ];
      write('runtime-server/src/generated/model.json', JSON.stringify({ entities }));
      write('runtime-server/src/generated/tables.ts', 'export const TABLES = {\n  baseSysLog: "base_sys_log",\n  shopBook: "shop_book",\n};\n');
      write('runtime-server/src/app/services.ts', 'export interface AppServices {\n  knex: unknown;\n}\n');
      write('runtime-server/src/locales/zh-cn.ts', 'export default {\n};\n');
      write('runtime-server/src/crud/books.ts', "import { TABLES } from '../generated/tables.js';\nexport const t = TABLES.shopBook;\n");
      write('runtime-server/src/http/log.ts', "import { TABLES } from '../generated/tables.js';\nexport const t = TABLES.baseSysLog;\n");
      write('runtime-server/src/modules/shop/book.ts', "import { TABLES } from '../../generated/tables.js';\nexport const t = TABLES.shopBook;\n");
      write('runtime-server/src/crud/books.test.ts', "import { TABLES } from '../generated/tables.js';\nexport const t = TABLES.shopBook;\n");
      assert.deepEqual(kernelFigures(root).kernelFilesNamingModuleTables, ['runtime-server/src/crud/books.ts']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
