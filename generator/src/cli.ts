import path from 'node:path';
import { discardLast } from './discardLast.js';
import { generate, GenerateError } from './generate.js';
import { SchemaErrors } from './errors.js';
import { projectPaths } from './paths.js';

const HELP = `npm run generate [-- options]
  --check               fail if a migration or any generated file is stale (writes nothing)
  --allow-destructive   allow dropping columns/tables and narrowing column types
  --client <file>       also write a typed TypeScript client of the whole API to <file> (service tree, row and
                        input types; it imports nothing and needs only fetch)
  --discard-last        remove the newest migration if the database the server would use (DATABASE_URL,
                        else the SQLite file in DATA_DIR, default ./data) has not applied it, and put
                        schemas/.snapshot.json back to before it
  --rollback            with --discard-last: when that database applied it (npm run dev applies each save) and it is
                        the newest there, run its down() and forget it there first
  --help                this text`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help')) {
    console.log(HELP);
    return 0;
  }
  const clientAt = argv.indexOf('--client');
  const client = clientAt >= 0 ? argv[clientAt + 1] : undefined;
  if (clientAt >= 0 && (!client || client.startsWith('--'))) {
    console.error(`--client needs a file name, e.g. --client src/api.ts\n${HELP}`);
    return 2;
  }
  if (clientAt >= 0) argv = [...argv.slice(0, clientAt), ...argv.slice(clientAt + 2)];
  const unknown = argv.filter((a) => !['--check', '--allow-destructive', '--discard-last', '--rollback'].includes(a));
  if (unknown.length) {
    console.error(`unknown option(s): ${unknown.join(' ')}\n${HELP}`);
    return 2;
  }
  if (argv.includes('--discard-last')) {
    const rollback = argv.includes('--rollback');
    if (argv.length > (rollback ? 2 : 1) || client) {
      console.error(`--discard-last takes no other option\n${HELP}`);
      return 2;
    }
    return await discard(rollback);
  }
  if (argv.includes('--rollback')) {
    console.error(`--rollback goes with --discard-last\n${HELP}`);
    return 2;
  }
  const check = argv.includes('--check');
  try {
    const result = await generate(projectPaths(), { check, allowDestructive: argv.includes('--allow-destructive'), ...(client ? { client: path.resolve(client) } : {}) });
    if (check) console.log(`generate --check: up to date (${result.model.entities.length} schemas)`);
    else if (!result.changed.length) console.log('generate: nothing changed');
    else {
      if (result.migration) console.log(`generate: new migration ${result.migration} (${result.ops.length} change(s))`);
      for (const f of result.changed) console.log(`  wrote ${f}`);
    }
    for (const w of result.warnings) console.warn(`warning: ${w}`);
    return 0;
  } catch (err) {
    if (err instanceof SchemaErrors || err instanceof GenerateError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

async function discard(rollback: boolean): Promise<number> {
  const paths = projectPaths();
  const dataDir = path.resolve(process.env.DATA_DIR || path.join(paths.root, 'data'));
  try {
    const removed = await discardLast(paths, dataDir, process.env.DATABASE_URL || undefined, rollback);
    console.log(`generate: discarded ${removed}; schemas/.snapshot.json and the migration index are back to before it.`);
    console.log('Edit the schemas, then run `npm run generate` again.');
    return 0;
  } catch (err) {
    if (!(err instanceof GenerateError)) throw err;
    console.error(err.message);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
