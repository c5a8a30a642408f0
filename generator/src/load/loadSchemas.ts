import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { SchemaError } from '../errors.js';

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** A schema file as read from disk, before sanitizing. */
export interface RawSchemaFile {
  /** Path relative to the repository root, with forward slashes. */
  file: string;
  /** Module folder name. */
  module: string;
  /** File name without `.json`. */
  baseName: string;
  doc: Record<string, unknown>;
  /**
   * The module's naming groups (module.json `groups`): set when the file is read from a project, which makes
   * `$id` and `x-table` follow the naming rule (load/naming.ts); a lone draft without it states its names.
   */
  groups?: readonly string[];
}

const SKIP_DIRS = new Set(['meta', 'seed']);

/**
 * The kernel's own system tables (schemas/README.md, "The kernel's tables"): no module owns them, yet each keeps the
 * wire names it always had, so a file is named `<module>-<words>.json` and takes the names of `<words>.json` in
 * `<module>` (`kernel/base-sys-log.json`: `base/sys/log`, table `base_sys_log`, handlers in `modules/base/`).
 */
export const KERNEL_FOLDER = 'kernel';

/** Where a schema file's names come from: its module (the folder, or a kernel file's first word) and base name. */
export function namesOfFile(folder: string, fileBase: string): { module: string; baseName: string } {
  if (folder !== KERNEL_FOLDER) return { module: folder, baseName: fileBase };
  const dash = fileBase.indexOf('-');
  return dash < 0 ? { module: fileBase, baseName: '' } : { module: fileBase.slice(0, dash), baseName: fileBase.slice(dash + 1) };
}

/** The module folders of `schemas/`, sorted (meta, seed and hidden folders hold no entities). */
export function moduleFolders(schemasDir: string): string[] {
  return fs
    .readdirSync(schemasDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !SKIP_DIRS.has(d.name) && !d.name.startsWith('.'))
    .map((d) => d.name)
    .sort();
}

/** Reads every `schemas/<module>/*.json`, sorted, so output never depends on directory order. */
export function readSchemaFiles(
  schemasDir: string,
  root: string,
): {
  files: RawSchemaFile[];
  errors: SchemaError[];
  moduleLabels: Map<string, Record<string, string>>;
  moduleGroups: Map<string, string[]>;
} {
  const files: RawSchemaFile[] = [];
  const errors: SchemaError[] = [];
  const moduleLabels = new Map<string, Record<string, string>>();
  const moduleGroups = new Map<string, string[]>();
  const folders = moduleFolders(schemasDir);
  for (const folder of folders) {
    const dir = path.join(schemasDir, folder);
    for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
      const abs = path.join(dir, name);
      const file = path.relative(root, abs).split(path.sep).join('/');
      // `module.json` labels the module (its menu directory) in every locale; it is not an entity.
      if (name === 'module.json') {
        const module = folder;
        const label = readModuleLabel(abs, file, errors);
        if (label) moduleLabels.set(module, label);
        const groups = readModuleGroups(abs, file, errors);
        if (groups) moduleGroups.set(module, groups);
        continue;
      }
      try {
        const doc = JSON.parse(fs.readFileSync(abs, 'utf8')) as unknown;
        if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
          errors.push(new SchemaError('InvalidJson', file, '', 'a schema file must hold a JSON object'));
          continue;
        }
        const { module, baseName } = namesOfFile(folder, name.slice(0, -'.json'.length));
        if (folder === KERNEL_FOLDER && (!baseName || module === KERNEL_FOLDER || !folders.includes(module))) {
          errors.push(new SchemaError('InvalidJson', file, '', `a kernel table's file is named <module>-<words>.json after a module folder of schemas/ whose names it keeps; "${module}" is none`));
          continue;
        }
        files.push({ file, module, baseName, doc: doc as Record<string, unknown> });
      } catch (err) {
        errors.push(new SchemaError('InvalidJson', file, '', `not valid JSON: ${(err as Error).message}`));
      }
    }
  }
  return { files, errors, moduleLabels, moduleGroups };
}

/** module.json `groups`: first words of file names that stand as their own `$id` segment (load/naming.ts). */
function readModuleGroups(abs: string, file: string, errors: SchemaError[]): string[] | undefined {
  try {
    const groups = (JSON.parse(fs.readFileSync(abs, 'utf8')) as { groups?: unknown }).groups;
    if (groups === undefined) return undefined;
    if (!Array.isArray(groups) || groups.some((g) => typeof g !== 'string' || !/^[a-z][a-z0-9]*$/.test(g))) {
      errors.push(new SchemaError('InvalidJson', file, '/groups', 'module.json "groups" must be a list of lower-case words, e.g. ["sys"]'));
      return undefined;
    }
    return groups as string[];
  } catch {
    return undefined; // readModuleLabel has reported the unreadable file
  }
}

const LOCALES = ['zh-cn', 'zh-tw', 'en'] as const;

function readModuleLabel(abs: string, file: string, errors: SchemaError[]): Record<string, string> | undefined {
  try {
    const doc = JSON.parse(fs.readFileSync(abs, 'utf8')) as { label?: Record<string, unknown> };
    const label = doc?.label;
    if (!label || typeof label !== 'object' || LOCALES.some((l) => typeof label[l] !== 'string' || !(label[l] as string).trim())) {
      errors.push(new SchemaError('InvalidJson', file, '/label', 'module.json needs "label" with a non-empty text for zh-cn, zh-tw and en'));
      return undefined;
    }
    return Object.fromEntries(LOCALES.map((l) => [l, label[l] as string]));
  } catch (err) {
    errors.push(new SchemaError('InvalidJson', file, '', `not valid JSON: ${(err as Error).message}`));
    return undefined;
  }
}

/** Compiles the meta-schema once; returns a checker that reports errors with file and JSON pointer. */
export function createMetaValidator(metaSchemaPath: string): (file: RawSchemaFile) => SchemaError[] {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(fs.readFileSync(metaSchemaPath, 'utf8')) as object);
  return (raw) => {
    if (validate(raw.doc)) return [];
    return pruneOneOfNoise(validate.errors ?? []).map(
      (e) =>
        new SchemaError(
          'MetaSchema',
          raw.file,
          e.instancePath,
          `${e.message ?? 'invalid'}${e.params && Object.keys(e.params).length ? ' ' + JSON.stringify(e.params) : ''}`,
        ),
    );
  };
}

interface AjvErr {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

// A value failing a oneOf reports every branch; keep the deepest errors, which name the real culprit.
function pruneOneOfNoise(errors: AjvErr[]): AjvErr[] {
  const deepest = new Map<string, AjvErr[]>();
  for (const e of errors) {
    const list = deepest.get(e.instancePath) ?? [];
    list.push(e);
    deepest.set(e.instancePath, list);
  }
  const paths = [...deepest.keys()];
  const kept: AjvErr[] = [];
  for (const p of paths) {
    const hasDeeper = paths.some((q) => q !== p && q.startsWith(p + '/'));
    const list = deepest.get(p) ?? [];
    if (hasDeeper && list.every((e) => e.keyword === 'oneOf' || e.keyword === 'type' || e.keyword === 'enum')) continue;
    const specific = list.filter((e) => e.keyword !== 'oneOf');
    kept.push(...(specific.length ? specific : list));
  }
  return kept;
}
