/** Answers of values marked reusable, as UTF-8 bytes (made at their first answer). */
const answers = new WeakMap<object, Buffer | undefined>();

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

/**
 * Marks a cached answer whose JSON may be kept and sent again (`person`, `permmenu`: the console asks for
 * them on every page load). The value is frozen all the way down, so the answer cannot go stale behind the
 * cache; stringifying it anew on every request was a visible share of the request in the CPU profile.
 */
export function reusableJson<T extends object>(value: T): T {
  deepFreeze(value);
  if (!answers.has(value)) answers.set(value, undefined);
  return value;
}

/**
 * The answer carrying a value marked by reusableJson, as UTF-8 bytes: `wrap` puts its JSON text in the answer
 * (the success envelope, the one caller). Made once per value; undefined for any other value. Bytes, not text:
 * a text answer is measured in UTF-8 for its Content-Length and encoded again to be written, on every request
 * (`person` answers a department's name in Chinese, so V8's slow path for two-byte strings, both times).
 * Each buffer has memory of its own: a slice of node's shared pool would keep the whole 8 KB slab alive
 * for as long as the cache holds the value.
 */
export function reusedAnswer(value: unknown, wrap: (json: string) => string): Buffer | undefined {
  if (value === null || typeof value !== 'object' || !answers.has(value)) return undefined;
  let bytes = answers.get(value);
  if (bytes === undefined) {
    const text = wrap(JSON.stringify(value));
    bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
    bytes.write(text);
    answers.set(value, bytes);
  }
  return bytes;
}
