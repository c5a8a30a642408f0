/** Upload extension defaults (docs/reference/product-spec.md §5/§9). The per-file limit is in MB, matching the server's `uploadMaxMb`. */
export const UPLOAD_DEFAULTS = {
  /** Width and height (px) of an image upload tile. */
  size: 120,
  limit: {
    /** At most this many files per upload. */
    upload: 9,
    /** Per-file limit in MB. */
    size: 100,
  },
  /** Key prefix of uploaded files. */
  prefixPath: 'app/base',
} as const;

/** Avatars must stay under 100k (docs/reference/product-spec.md §5). */
export const AVATAR_MAX_BYTES = 100 * 1024;

export type UploadConfig = typeof UPLOAD_DEFAULTS;
