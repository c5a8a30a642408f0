/** The database families the server runs on (docs/configuration.md, `DATABASE_URL`). */
export type Dialect = 'sqlite' | 'mysql' | 'postgres';
