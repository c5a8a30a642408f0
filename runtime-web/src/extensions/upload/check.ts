import { AVATAR_MAX_BYTES, UPLOAD_DEFAULTS } from './config';

/** Why a selection is refused, as an `app` message key with its parameters. */
export interface UploadProblem {
  key: 'upload.tooMany' | 'upload.sizeExceeded' | 'upload.avatarTooLarge' | 'upload.notImage';
  params: Record<string, number>;
}

interface FileLike {
  size: number;
  type?: string;
  name?: string;
}

/** Checks a selection against the count and per-file size limits; undefined when it may be uploaded. */
export function checkUpload(
  files: readonly FileLike[],
  limit: { upload: number; size: number } = UPLOAD_DEFAULTS.limit,
): UploadProblem | undefined {
  if (files.length > limit.upload) return { key: 'upload.tooMany', params: { n: limit.upload } };
  const maxBytes = limit.size * 1024 * 1024;
  if (files.some((f) => f.size > maxBytes)) return { key: 'upload.sizeExceeded', params: { n: limit.size } };
  return undefined;
}

const IMAGE_EXT = /\.(bmp|jpe?g|png|tif|gif|svg|webp)$/i;

/** An avatar is one image smaller than 100k. */
export function checkAvatar(file: FileLike): UploadProblem | undefined {
  const isImage = (file.type ?? '').startsWith('image/') || IMAGE_EXT.test(file.name ?? '');
  if (!isImage) return { key: 'upload.notImage', params: {} };
  if (file.size >= AVATAR_MAX_BYTES) return { key: 'upload.avatarTooLarge', params: {} };
  return undefined;
}

/** The stored-name hint the server keeps (`<prefix>/<uuid>_<name>` → `<name>`), docs/reference/product-spec.md §9 key prefix. */
export function uploadKey(fileName: string, prefix: string = UPLOAD_DEFAULTS.prefixPath, uuid: string = randomId()): string {
  return `${prefix}/${uuid}_${fileName}`;
}

function randomId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return c?.randomUUID ? c.randomUUID() : `${Date.now().toString(16)}${Math.random().toString(16).slice(2, 10)}`;
}
