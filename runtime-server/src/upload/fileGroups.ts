/** File type groups by extension (docs/reference/product-spec.md §5); anything not listed is group `file`. */
export const FILE_GROUPS = {
  image: ['bmp', 'jpg', 'jpeg', 'png', 'tif', 'gif', 'svg', 'webp'],
  video: ['avi', 'wmv', 'mpg', 'mpeg', 'mov', 'rm', 'ram', 'swf', 'flv', 'mp4'],
  audio: ['mp3', 'wav', 'wma', 'mp2', 'flac', 'midi', 'ra', 'ape', 'aac', 'cda'],
  word: ['doc', 'docx', 'docm', 'dot', 'dotx', 'dotm'],
  excel: ['xls', 'xlsx', 'xlsm', 'xlt', 'xltx', 'xltm'],
  ppt: ['ppt', 'pptx', 'pptm', 'ppsx', 'ppsm', 'pps', 'potx', 'potm', 'dpt', 'dps'],
  pdf: ['pdf'],
  rar: ['rar', 'zip'],
} as const;

export type FileGroup = keyof typeof FILE_GROUPS | 'file';

const GROUP_OF = new Map<string, FileGroup>(
  Object.entries(FILE_GROUPS).flatMap(([group, exts]) => exts.map((e) => [e, group as FileGroup] as const)),
);

/**
 * What upload accepts: every listed group plus a few inert formats. HTML, XML, scripts and
 * executables are absent on purpose: served from the console's origin they would be stored XSS
 * or malware hosting (docs/reference/api-contract.md §8 flaw 3).
 */
export const ALLOWED_EXTENSIONS: ReadonlySet<string> = new Set([
  ...GROUP_OF.keys(),
  'txt',
  'csv',
  'json',
  'md',
  '7z',
  'gz',
  'tar',
]);

/** The lower-case extension of a file name, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The docs/reference/product-spec.md §5 group of a file name, by extension, case-insensitive. */
export function fileGroup(name: string): FileGroup {
  return GROUP_OF.get(extensionOf(name)) ?? 'file';
}

const CONTENT_TYPES: Record<string, string> = {
  bmp: 'image/bmp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tif: 'image/tiff',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  mov: 'video/quicktime',
  rm: 'application/vnd.rn-realmedia',
  ram: 'audio/x-pn-realaudio',
  swf: 'application/x-shockwave-flash',
  flv: 'video/x-flv',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  wma: 'audio/x-ms-wma',
  mp2: 'audio/mpeg',
  flac: 'audio/flac',
  midi: 'audio/midi',
  ra: 'audio/x-realaudio',
  ape: 'audio/x-ape',
  aac: 'audio/aac',
  cda: 'application/x-cdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pdf: 'application/pdf',
  rar: 'application/vnd.rar',
  zip: 'application/zip',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  '7z': 'application/x-7z-compressed',
  gz: 'application/gzip',
  tar: 'application/x-tar',
};

/** Content-Type served for a stored file; unknown extensions are opaque bytes. */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[extensionOf(name)] ?? 'application/octet-stream';
}

/** Formats a browser may render from our origin and that can carry script: never shown inline. */
const ACTIVE = new Set(['svg', 'html', 'htm', 'xhtml', 'xml', 'swf', 'js', 'mjs']);

/** Whether a stored file may be shown inline (image/video/audio/pdf) rather than downloaded. */
export function servedInline(name: string): boolean {
  const ext = extensionOf(name);
  if (ACTIVE.has(ext)) return false;
  const group = fileGroup(name);
  return group === 'image' || group === 'video' || group === 'audio' || group === 'pdf';
}
