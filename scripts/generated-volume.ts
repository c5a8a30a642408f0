// `npx tsx scripts/generated-volume.ts`: what the generator makes us commit per entity, and what deriving the
// pure parts (model, EPS, OpenAPI) at start-up instead of reading them would cost (docs/decisions.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadModel } from '../generator/src/load/loadModel.js';
import { generateModelJson } from '../generator/src/targets/modelJson.js';
import { buildEps } from '../generator/src/targets/eps.js';
import { buildOpenApi } from '../generator/src/targets/openapi.js';
import { loadGenerated } from '../runtime-server/src/app/loadGenerated.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lines = (f: string) => fs.readFileSync(path.join(root, f), 'utf8').split('\n').length;
const gen = 'runtime-server/src/generated';
const derivable = ['model.json', 'eps.json', 'openapi.json', 'routes.ts'].map((f) => `${gen}/${f}`);
const reviewed = [`${gen}/types.ts`, `${gen}/rows.ts`, 'schemas/.snapshot.json', 'runtime-server/migrations/index.ts'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function time(fn: () => unknown, runs = 7): number {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return median(out);
}

const model = loadModel(path.join(root, 'schemas'), root);
const entities = model.entities.length;
const derive = time(() => {
  const m = loadModel(path.join(root, 'schemas'), root);
  generateModelJson(m);
  buildEps(m);
  buildOpenApi(m);
});
const read = time(() => loadGenerated());
const sum = (fs_: string[]) => fs_.reduce((n, f) => n + lines(f), 0);
console.log(
  JSON.stringify(
    {
      entities,
      derivableLines: sum(derivable),
      reviewedLines: sum(reviewed),
      derivableLinesPerEntity: Math.round(sum(derivable) / entities),
      reviewedLinesPerEntity: Math.round(sum(reviewed) / entities),
      readGeneratedMs: Math.round(read * 10) / 10,
      deriveFromSchemasMs: Math.round(derive * 10) / 10,
    },
    null,
    2,
  ),
);
