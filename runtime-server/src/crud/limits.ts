/** Bounds every generic request obeys (from Config.limits). */
export interface Limits {
  /** Largest page `size`. */
  pageSize: number;
  /** Largest `list` / export result. */
  listRows: number;
  /** Largest array body for add/update and largest `ids` for delete. */
  batchRows: number;
}
