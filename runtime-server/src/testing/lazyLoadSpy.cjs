// Preloaded (`node --require`) into a spawned server by production.http.test.ts: records, to the file
// LAZY_LOAD_SPY_FILE names, one stack per line, each use of something node or V8 loads at first use and then
// keeps for the life of the process, which the server's own paths must not need (docs/decisions.md, "ICU's
// locale data stays unloaded" and "No fetch machinery"):
// - an Intl formatter or a locale-sensitive method: V8 loads ICU's locale data, about 8 MB;
// - node's fetch classes (Response, Request, Headers, FormData) and web streams: node loads undici and its web
//   streams, about 10 MB and 80 ms on a slow host. Koa tests a body against them (`instanceof`) whenever it is
//   not a string, a Buffer (or, in its setter, a node stream).
'use strict';
const fs = require('node:fs');

const file = process.env.LAZY_LOAD_SPY_FILE;
const record = (what) => {
  const stack = (new Error().stack ?? '').split('\n').slice(3, 9).map((l) => l.trim()).join(' < ');
  fs.appendFileSync(file, `${what}: ${stack}\n`);
};
for (const name of ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter', 'DisplayNames']) {
  const original = Intl[name];
  Intl[name] = new Proxy(original, {
    construct(target, args, newTarget) {
      record(`Intl.${name}`);
      return Reflect.construct(target, args, newTarget);
    },
    apply(target, self, args) {
      record(`Intl.${name}`);
      return Reflect.apply(target, self, args);
    },
  });
}
for (const [owner, name] of [[Number, 'toLocaleString'], [BigInt, 'toLocaleString'], [Date, 'toLocaleString'], [Date, 'toLocaleDateString'], [Date, 'toLocaleTimeString'], [String, 'localeCompare'], [Array, 'toLocaleString']]) {
  const original = owner.prototype[name];
  owner.prototype[name] = function (...args) {
    record(`${owner.name}.prototype.${name}`);
    return original.apply(this, args);
  };
}
// Node defines these globals as getters that load their module at the first read.
for (const name of ['Response', 'Request', 'Headers', 'FormData', 'ReadableStream', 'WritableStream', 'TransformStream']) {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, name);
  if (!descriptor?.get) continue;
  Object.defineProperty(globalThis, name, {
    ...descriptor,
    get() {
      record(`globalThis.${name}`);
      return descriptor.get.call(this);
    },
  });
}
const originalFetch = globalThis.fetch;
globalThis.fetch = function (...args) {
  record('fetch');
  return originalFetch.apply(this, args);
};
