// Preloaded (`node --require`) into a spawned server by production.http.test.ts: records every use of an Intl
// formatter or a locale-sensitive method to the file INTL_SPY_FILE names, one stack per line. The first such use
// makes V8 load ICU's locale data, about 8 MB of the process's memory for good, so the server's own paths must use
// none (docs/decisions.md, "ICU's locale data stays unloaded").
'use strict';
const fs = require('node:fs');

const file = process.env.INTL_SPY_FILE;
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
