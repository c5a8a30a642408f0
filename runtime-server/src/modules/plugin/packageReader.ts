import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { AppError } from '../../core/errors.js';
import { packageError } from './manifest.js';
import type { Manifest, PluginValidators } from './manifest.js';

/** Bounds on a `.cool` package, checked before anything is unpacked. */
export interface PackageLimits {
  /** The package file itself. */
  maxPackageBytes: number;
  maxEntries: number;
  /** Any one entry, uncompressed. */
  maxEntryBytes: number;
  /** All entries together, uncompressed (as declared; yauzl checks the declaration while reading). */
  maxTotalBytes: number;
  maxLogoBytes: number;
}

export const DEFAULT_PACKAGE_LIMITS: PackageLimits = {
  maxPackageBytes: 10 * 1024 * 1024,
  maxEntries: 500,
  maxEntryBytes: 4 * 1024 * 1024,
  maxTotalBytes: 40 * 1024 * 1024,
  maxLogoBytes: 256 * 1024,
};

/** A validated package: everything the install stores. */
export interface PluginPackage {
  manifest: Manifest;
  readme: string;
  /** Bare base64 of the raster logo (the family's clients add the `data:` prefix), or null without a logo. */
  logo: string | null;
  /** Source of the entry ES module. */
  entrySource: string;
  /** The plugin's TypeScript source when the package carries it (`source/index.ts`). */
  tsSource: string | null;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const TS_SOURCE = 'source/index.ts';

/**
 * The problem with one entry's path, or undefined when it is a plain relative path inside the package:
 * no absolute or drive paths, no `..` or empty segments, no backslashes or control characters.
 */
export function pathProblem(name: string): 'absolute' | 'traversal' | 'badName' | undefined {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'absolute';
  if (name.includes('\\') || /[\u0000-\u001f]/.test(name)) return 'badName';
  const segments = name.replace(/\/$/, '').split('/');
  if (segments.includes('..')) return 'traversal';
  if (segments.some((s) => s === '' || s === '.')) return 'badName';
  return undefined;
}

const invalid = (reason: string) => new AppError('plugin.invalidPackage', { reason });

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // Names are decoded and checked by us (yauzl's own check would answer in its words, not ours).
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: false }, (err, zip) =>
      err || !zip ? reject(invalid(String(err?.message ?? 'unreadable'))) : resolve(zip),
    );
  });
}

/** Every entry's header, checked, without reading any content. */
function listEntries(zip: ZipFile, limits: PackageLimits): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let total = 0;
    const fail = (err: AppError) => reject(err);
    zip.on('error', (err: Error) => reject(invalid(err.message)));
    if (zip.entryCount > limits.maxEntries) return fail(new AppError('plugin.tooManyEntries', { max: limits.maxEntries }));
    zip.on('entry', (entry: Entry) => {
      const name = Buffer.isBuffer(entry.fileName) ? (entry.fileName as unknown as Buffer).toString('utf8') : String(entry.fileName);
      if (entries.size >= limits.maxEntries) return fail(new AppError('plugin.tooManyEntries', { max: limits.maxEntries }));
      const problem = pathProblem(name);
      if (problem) return fail(new AppError(`plugin.path.${problem}`, { path: name.slice(0, 200) }));
      if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) return fail(new AppError('plugin.path.symlink', { path: name }));
      if (entries.has(name)) return fail(new AppError('plugin.path.duplicate', { path: name }));
      if (entry.uncompressedSize > limits.maxEntryBytes) {
        return fail(new AppError('plugin.entryTooLarge', { path: name, mb: +(limits.maxEntryBytes / 1048576).toFixed(2) }));
      }
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) return fail(new AppError('plugin.unpackedTooLarge', { mb: +(limits.maxTotalBytes / 1048576).toFixed(2) }));
      entries.set(name, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.readEntry();
  });
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(invalid(String(err?.message ?? 'unreadable entry')));
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', (e: Error) => reject(invalid(e.message)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

function utf8(buf: Buffer, path: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw new AppError('plugin.notUtf8', { path });
  }
}

/**
 * Reads and validates a `.cool` package held in memory: size, entry count, every path, no symlinks,
 * plugin.json against the manifest schema, and the presence of the readme, logo and entry it names.
 * Writes nothing anywhere; any problem throws an AppError whose message says what is wrong.
 */
export async function readPackage(buffer: Buffer, limits: PackageLimits, validators: PluginValidators): Promise<PluginPackage> {
  if (buffer.length > limits.maxPackageBytes) {
    throw new AppError('plugin.tooLarge', { mb: +(limits.maxPackageBytes / 1048576).toFixed(2) });
  }
  if (buffer.length < 22 || buffer.readUInt32LE(0) !== 0x04034b50) throw new AppError('plugin.notZip');
  const zip = await openZip(buffer);
  try {
    const entries = await listEntries(zip, limits);
    const text = async (path: string, missing: () => AppError): Promise<string> => {
      const e = entries.get(path);
      if (!e || path.endsWith('/')) throw missing();
      return utf8(await readEntry(zip, e), path);
    };
    const rawManifest = await text('plugin.json', () => new AppError('plugin.noManifest'));
    let json: unknown;
    try {
      json = JSON.parse(rawManifest);
    } catch (err) {
      throw packageError('plugin.manifestInvalid', {}, { 'zh-cn': (err as Error).message, 'zh-tw': (err as Error).message, en: (err as Error).message });
    }
    const manifest = validators.parseManifest(json);
    for (const p of [manifest.readme, manifest.entry, manifest.logo]) {
      const problem = p ? pathProblem(p) : undefined;
      if (problem) throw new AppError(`plugin.path.${problem}`, { path: p! });
    }
    const readme = await text(manifest.readme, () => new AppError('plugin.missingFile', { path: manifest.readme }));
    const entrySource = await text(manifest.entry, () => new AppError('plugin.missingFile', { path: manifest.entry }));
    if (!entrySource.trim()) throw new AppError('plugin.missingFile', { path: manifest.entry });
    let logo: string | null = null;
    if (manifest.logo) {
      const e = entries.get(manifest.logo);
      if (!e) throw new AppError('plugin.missingFile', { path: manifest.logo });
      if (e.uncompressedSize > limits.maxLogoBytes) throw new AppError('plugin.logoTooLarge', { kb: Math.round(limits.maxLogoBytes / 1024) });
      logo = (await readEntry(zip, e)).toString('base64');
    }
    const tsSource = entries.has(TS_SOURCE) ? await text(TS_SOURCE, () => invalid(TS_SOURCE)) : null;
    return { manifest, readme, logo, entrySource, tsSource };
  } finally {
    try {
      zip.close();
    } catch {
      // already closed
    }
  }
}
