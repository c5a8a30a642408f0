/**
 * Names a created entity derives from user input. Every name is checked against a strict pattern
 * before it reaches a path, a table name or a `$id`, so no separator, dot or traversal can slip through.
 */
import { splitWords } from '@schema-admin/generator';

/** A module folder: the first `$id` segment (the meta-schema allows lower-case letters and digits only). */
export const MODULE_NAME = /^[a-z][a-z0-9]{0,31}$/;
/** Entity input: letters, digits, `-` or `_` (kebab, snake or camel case). */
const ENTITY_INPUT = /^[A-Za-z][A-Za-z0-9_-]{0,47}$/;
/** Folders of `schemas/` that hold no entities. */
export const RESERVED_MODULES: ReadonlySet<string> = new Set(['meta', 'seed']);

export interface EntityNames {
  module: string;
  /** Last `$id` segment, camelCase: `bookShelf`. */
  camel: string;
  /** File name without `.json`, kebab-case: `book-shelf`. */
  kebab: string;
  /** `$id`: `shop/bookShelf`. */
  id: string;
  /** `x-table`: `shop_book_shelf`. */
  table: string;
}

/** Why a name was refused (a message key suffix and the offending input). */
export class NameError extends Error {
  constructor(
    readonly kind: 'module' | 'entity',
    readonly input: string,
  ) {
    super(`invalid ${kind} name "${input.slice(0, 80)}"`);
    this.name = 'NameError';
  }
}

/** `book-shelf`, `book_shelf`, `bookShelf`, `BookShelf` → ['book', 'shelf']. */
const words = splitWords;

export function checkModule(module: string): string {
  if (!MODULE_NAME.test(module) || RESERVED_MODULES.has(module)) throw new NameError('module', module);
  return module;
}

/** Derives `$id`, file and table names; throws NameError on anything outside the patterns. */
export function entityNames(module: string, entity: string): EntityNames {
  checkModule(module);
  if (!ENTITY_INPUT.test(entity)) throw new NameError('entity', entity);
  const parts = words(entity);
  if (!parts.length || parts.some((w) => !/^[a-z][a-z0-9]*$/.test(w))) throw new NameError('entity', entity);
  const camel = parts[0] + parts.slice(1).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  const kebab = parts.join('-');
  const table = `${module}_${parts.join('_')}`;
  if (table.length > 64) throw new NameError('entity', entity);
  return { module, camel, kebab, id: `${module}/${camel}`, table };
}

/** Module and file name of an existing `$id` (`base/sys/user` → base, sys-user), checked like input names. */
export function fileOfId(id: string): { module: string; kebab: string } {
  const [module = '', ...rest] = id.split('/');
  checkModule(module);
  const kebab = rest.flatMap(words).join('-');
  if (!rest.length || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(kebab) || kebab.length > 64) throw new NameError('entity', id);
  return { module, kebab };
}
