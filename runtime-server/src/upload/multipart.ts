import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { AppError } from '../core/errors.js';
import { loadOnce } from '../core/loadOnce.js';

/** At most this many files per request (docs/reference/product-spec.md §9 upload defaults). */
export const MAX_FILES = 9;
const MAX_FIELDS = 20;
const MAX_FIELDS_BYTES = 64 * 1024;

export interface ReceivedFile {
  /** Temp file holding the bytes; removed by `cleanup`. */
  path: string;
  originalFilename: string;
  size: number;
}

export interface ReceivedForm {
  files: ReceivedFile[];
  /** The first value of each text field. */
  fields: Record<string, string>;
  /** Removes every temp file of this request; safe to call more than once. */
  cleanup(): Promise<void>;
}

export interface MultipartLimits {
  maxFileMb: number;
  maxFiles: number;
}

const MB = 1024 * 1024;
const tooBig = (l: MultipartLimits) => new AppError('upload.tooLarge', { n: l.maxFileMb });
const tooMany = (l: MultipartLimits) => new AppError('upload.tooMany', { n: l.maxFiles });
const totalTooBig = (l: MultipartLimits) => new AppError('upload.bodyTooLarge', { n: l.maxFiles * l.maxFileMb });

/**
 * Parses one multipart/form-data request into temp files under a private folder in os.tmpdir().
 * The per-file limit is enforced while streaming (not after the whole file landed), the total is
 * bounded by maxFiles × maxFileMb (refused up front from Content-Length when declared), and on
 * failure every temp file is removed before the error propagates. On success the caller copies the
 * files and then calls `cleanup()`.
 */
export async function receiveMultipart(req: IncomingMessage, limits: MultipartLimits): Promise<ReceivedForm> {
  const maxFileBytes = Math.floor(limits.maxFileMb * MB);
  const totalBytes = limits.maxFiles * maxFileBytes;
  if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) throw new AppError('upload.empty');
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > totalBytes + MAX_FIELDS_BYTES + 64 * 1024) {
    drain(req);
    throw limits.maxFiles === 1 ? tooBig(limits) : totalTooBig(limits);
  }
  const { default: formidable, errors: formidableErrors } = await loadFormidable();
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sa-upload-'));
  const streams: fs.WriteStream[] = [];
  const paths = new Map<object, string>();
  // formidable lists files as they finish writing; the response must follow the order they were sent.
  const begun = new Map<object, number>();
  let finished = false;
  const cleanup = async () => {
    finished = true;
    for (const s of streams) {
      if (!s.closed) {
        s.destroy();
        await once(s, 'close').catch(() => undefined);
      }
    }
    await fs.promises.rm(dir, { recursive: true, force: true });
  };

  let limitHit: AppError | undefined;
  const form = formidable({
    maxFiles: limits.maxFiles,
    maxFileSize: maxFileBytes,
    maxTotalFileSize: totalBytes,
    maxFields: MAX_FIELDS,
    maxFieldsSize: MAX_FIELDS_BYTES,
    allowEmptyFiles: false,
    minFileSize: 1,
    // We own the temp streams, so cleanup can wait for them to close before removing the folder.
    fileWriteStreamHandler: (file) => {
      if (finished || !file) return new Writable({ write: (_c, _e, cb) => cb() });
      const p = path.join(dir, randomUUID());
      const s = fs.createWriteStream(p);
      streams.push(s);
      paths.set(file, p);
      begun.set(file, begun.size);
      // formidable checks maxFileSize only when a part ends: stop an oversize file mid-stream.
      file.on('progress', (size: number) => {
        if (size > maxFileBytes && !limitHit) {
          limitHit = tooBig(limits);
          file.emit('error', limitHit);
        }
      });
      return s;
    },
  });
  try {
    const [fields, files] = await form.parse(req);
    const received = Object.values(files)
      .flat()
      .filter((f): f is NonNullable<typeof f> => Boolean(f))
      .sort((a, b) => (begun.get(a) ?? 0) - (begun.get(b) ?? 0))
      .map((f) => ({ path: paths.get(f) ?? '', originalFilename: f.originalFilename ?? '', size: f.size }));
    const first: Record<string, string> = {};
    for (const [k, v] of Object.entries(fields)) if (v?.[0] !== undefined) first[k] = v[0];
    await Promise.all(streams.map((s) => (s.closed ? undefined : once(s, 'close'))));
    return { files: received, fields: first, cleanup };
  } catch (err) {
    await cleanup();
    drain(req);
    throw limitHit ?? translate(err, limits, formidableErrors);
  }
}

/**
 * formidable, loaded at the first upload: an instance that never receives one does not keep its code (about
 * 1 MB of heap, measured at idle; docs/decisions.md, "ICU's locale data stays unloaded").
 */
const loadFormidable = loadOnce(() => import('formidable'));
type FormidableModule = Awaited<ReturnType<typeof loadFormidable>>;

/** formidable's error codes → the docs/reference/product-spec.md §5 messages. */
function translate(err: unknown, limits: MultipartLimits, formidableErrors: FormidableModule['errors']): unknown {
  const code = (err as { code?: number }).code;
  switch (code) {
    case formidableErrors.biggerThanMaxFileSize:
      return tooBig(limits);
    case formidableErrors.maxFilesExceeded:
      return tooMany(limits);
    case formidableErrors.biggerThanTotalMaxFileSize:
      return totalTooBig(limits);
    case formidableErrors.noEmptyFiles:
    case formidableErrors.smallerThanMinFileSize:
      return new AppError('upload.empty');
    case formidableErrors.maxFieldsExceeded:
    case formidableErrors.maxFieldsSizeExceeded:
    case formidableErrors.malformedMultipart:
    case formidableErrors.missingMultipartBoundary:
    case formidableErrors.noParser:
    case formidableErrors.missingContentType:
    case formidableErrors.aborted:
      return new AppError('upload.malformed');
    default:
      return err;
  }
}

/**
 * After a refusal the rest of the body is read and discarded, so the client finishes sending and
 * sees our answer instead of a reset connection (Node's request timeout bounds a never-ending body).
 */
function drain(req: IncomingMessage): void {
  req.removeAllListeners('data');
  req.resume();
}
