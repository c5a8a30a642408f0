/**
 * The name and keyName a dropped `.cool` package declares in its `plugin.json` — the manifest the server
 * reads on install (runtime-server/src/modules/plugin/packageReader.ts), so the question names the plugin as the
 * plugin list will. Only the zip's central directory and that one entry are read (stored or deflated);
 * anything unreadable gives undefined and the server's own check answers for the package.
 */
export interface DroppedManifest {
  name: string;
  keyName?: string;
}

/** The server's bounds (DEFAULT_PACKAGE_LIMITS): a bigger package or manifest is refused there anyway. */
const MAX_PACKAGE = 10 * 1024 * 1024;
const MAX_MANIFEST = 256 * 1024;
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Offset of the end-of-central-directory record (it ends the file, before a comment of up to 64 KiB). */
function findEnd(view: DataView): number | undefined {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  return undefined;
}

/** The raw bytes and method of the entry named `wanted`, from the central directory. */
function findEntry(bytes: Uint8Array<ArrayBuffer>, wanted: string): { data: Uint8Array<ArrayBuffer>; method: number; size: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEnd(view);
  if (end === undefined) return undefined;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  for (let i = 0; i < count && at + 46 <= bytes.length; i++) {
    if (view.getUint32(at, true) !== CENTRAL) return undefined;
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (name === wanted) {
      if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL) return undefined;
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      if (start + packed > bytes.length) return undefined;
      return { data: bytes.subarray(start, start + packed), method, size };
    }
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return undefined;
}

async function inflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function readDroppedManifest(file: Blob): Promise<DroppedManifest | undefined> {
  if (file.size > MAX_PACKAGE) return undefined;
  try {
    const entry = findEntry(new Uint8Array(await file.arrayBuffer()), 'plugin.json');
    if (!entry || entry.size > MAX_MANIFEST || (entry.method !== 0 && entry.method !== 8)) return undefined;
    const raw = entry.method === 0 ? entry.data : await inflate(entry.data);
    const json = JSON.parse(new TextDecoder().decode(raw.subarray(0, MAX_MANIFEST))) as { name?: unknown; keyName?: unknown };
    const name = typeof json.name === 'string' ? json.name.trim().slice(0, 255) : '';
    if (!name) return undefined;
    return { name, ...(typeof json.keyName === 'string' ? { keyName: json.keyName } : {}) };
  } catch {
    return undefined;
  }
}
