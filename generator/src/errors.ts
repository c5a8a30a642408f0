/** Codes of schema errors; each names what is wrong so a fix is obvious. */
export type SchemaErrorCode =
  | 'InvalidJson'
  | 'MetaSchema'
  | 'ModuleMismatch'
  | 'DuplicateId'
  | 'DuplicateTable'
  | 'ReservedFieldName'
  | 'UnknownFieldType'
  | 'IncompatibleColumnType'
  | 'MissingDefault'
  | 'UnknownField'
  | 'DuplicateFilter'
  | 'InvalidRelation'
  | 'InternalEntity'
  | 'InvalidAction'
  | 'MissingHandler'
  | 'NamingRule'
  | 'UnknownDict';

/** One problem in one schema file, located by a JSON pointer. */
export class SchemaError extends Error {
  constructor(
    readonly code: SchemaErrorCode,
    readonly file: string,
    readonly pointer: string,
    message: string,
  ) {
    super(`${file}#${pointer}: ${message} (${code})`);
    this.name = 'SchemaError';
  }
}

/** All problems found in one pass, so an author fixes them in one go. */
export class SchemaErrors extends Error {
  constructor(readonly errors: SchemaError[]) {
    super(`${errors.length} schema error(s):\n` + errors.map((e) => `  ${e.message}`).join('\n'));
    this.name = 'SchemaErrors';
  }
}
