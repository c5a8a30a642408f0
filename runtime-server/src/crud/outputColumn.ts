import type { FieldModel } from '@schema-admin/generator';

/** A column a page/list row carries: a main-table field or a join output. */
export interface OutputColumn {
  /** Name in the response row. */
  name: string;
  /** Qualified column, `a.title` or `b.name`. */
  column: string;
  field: FieldModel;
}
