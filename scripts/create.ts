/**
 * `npm run create -- <module> <entity> --fields "title!:string:50 price:decimal status:dict:status"`:
 * writes `schemas/<module>/<entity>.json` and runs the generator (new migration, routes, EPS, types),
 * exactly as the development-only `createCode` endpoint does. The migration applies on the next start.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectPaths } from '@schema-admin/generator';
import type { Labels } from '@schema-admin/generator';
import { AppError } from '../runtime-server/src/core/errors.js';
import { addMessages, t } from '../runtime-server/src/core/i18n.js';
import { messages as authoringMessages } from '../runtime-server/src/modules/base/messages.js';
import { buildEntitySchema } from '../runtime-server/src/modules/base/authoring/draftSchema.js';
import { FieldSpecError, parseFieldSpecs } from '../runtime-server/src/modules/base/authoring/fieldSpec.js';
import { entityNames, NameError } from '../runtime-server/src/modules/base/authoring/names.js';
import { writeAndGenerate } from '../runtime-server/src/modules/base/authoring/writeSchema.js';

const HELP = `npm run create -- <module> <entity> --fields "<fields>" [options]

  <module>   module folder: lower-case letters and digits (e.g. shop)
  <entity>   entity name: kebab, snake or camel case (e.g. book-shelf)
  --fields   space-separated name[!]:type[:argument]; "!" marks a required field. Types:
               string[:length]  (default 255)     text        int       bigint
               decimal[:p,s]    (default 10,2)    number      bool      json
               date             datetime          dict:<dictionary key>
               ref:<module/entity>  (an id pointing at another entity)
  --label    "zh-cn|zh-tw|en" labels of the entity (default: derived from the name)
  --force    replace the schema of an existing entity (never destructive: drops are refused)
  --help     this text

Example:
  npm run create -- shop book --fields "title!:string:50 price:decimal stock:int status:dict:status"

Writes schemas/<module>/<entity>.json and runs the generator; the new migration applies on the
next start (or use POST /admin/base/coding/createCode on a development server: no restart).`;

/** The project this script belongs to (a copy of the repository works on itself). */
// The authoring's messages (the base module's), as the app merges them at boot.
addMessages('base', authoringMessages);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function fail(message: string): number {
  console.error(`create: ${message}\n\nRun \`npm run create -- --help\` for usage.`);
  return 2;
}

function parseLabel(text: string): Labels | undefined {
  const parts = text.split('|').map((s) => s.trim());
  if (parts.length !== 3 || parts.some((p) => !p || p.length > 100)) return undefined;
  return { 'zh-cn': parts[0]!, 'zh-tw': parts[1]!, en: parts[2]! };
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const positional: string[] = [];
  let fields: string | undefined;
  let label: Labels | undefined;
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--fields' || a === '--label') {
      const value = argv[++i];
      if (value === undefined) return fail(`${a} needs a value`);
      if (a === '--fields') fields = value;
      else if (!(label = parseLabel(value))) return fail('--label must be "zh-cn|zh-tw|en", three non-empty labels');
    } else if (a.startsWith('--fields=')) fields = a.slice('--fields='.length);
    else if (a === '--force') force = true;
    else if (a.startsWith('-')) return fail(`unknown option ${a}`);
    else positional.push(a);
  }
  if (positional.length !== 2) return fail('expected exactly two arguments: <module> <entity>');
  if (!fields?.trim()) return fail('--fields is required, e.g. --fields "title!:string:50 price:decimal"');

  try {
    const names = entityNames(positional[0]!, positional[1]!);
    const doc = buildEntitySchema({ names, fields: parseFieldSpecs(fields), ...(label ? { label } : {}) });
    const written = await writeAndGenerate(projectPaths(ROOT), { doc, overwrite: force });
    console.log(`create: wrote ${written.file} (${written.entity.id}, table ${written.entity.table})`);
    if (written.migration) console.log(`create: new migration runtime-server/migrations/${written.migration} — it applies on the next start`);
    else console.log('create: the database shape is unchanged (no new migration)');
    console.log(`create: API ${written.entity.prefix}/{${written.entity.actions.map((a) => a.name).join(',')}}`);
    return 0;
  } catch (err) {
    if (err instanceof NameError) return fail(t('en', err.kind === 'module' ? 'coding.badModule' : 'coding.badEntity', { name: err.input }));
    if (err instanceof FieldSpecError) return fail(t('en', `coding.field.${err.problem}`, { token: err.token }));
    if (err instanceof AppError) {
      console.error(`create: ${t('en', err.key, err.params)}`);
      return 1;
    }
    throw err;
  }
}

process.exitCode = await main(process.argv.slice(2));
