// A node:test reporter that writes where the time went: the top-level tests' durations summed per file, as
// JSON (`{ "<file>": ms }`) to the --test-reporter-destination. scripts/test.mjs prints the slowest files.
export default async function* testTimes(source) {
  const perFile = {};
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      perFile[event.data.file] = (perFile[event.data.file] ?? 0) + (event.data.details?.duration_ms ?? 0);
    }
  }
  yield JSON.stringify(perFile);
}
