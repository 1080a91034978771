// A reporter for node --test that prints each test file's time: the sum of its top-level
// tests' durations (duration_ms; the file's server and browser start not counted), its tests
// passed of all, the longest first. docs/testing.md quotes it for the browser stage:
//   node --test --test-concurrency=2 --test-timeout=420000 \
//     --test-reporter=spec --test-reporter-destination=stdout \
//     --test-reporter=./tests/browser/file-times.mjs --test-reporter-destination=stdout tests/browser/
export default async function* fileTimes(source) {
  const files = new Map();
  for await (const event of source) {
    if ((event.type !== 'test:pass' && event.type !== 'test:fail') || event.data.nesting !== 0) continue;
    const name = (event.data.file || '?').split('/').pop();
    const f = files.get(name) || { ms: 0, passed: 0, tests: 0 };
    f.ms += event.data.details.duration_ms;
    f.tests++;
    if (event.type === 'test:pass') f.passed++;
    files.set(name, f);
  }
  let total = 0;
  for (const [name, f] of [...files].sort((a, b) => b[1].ms - a[1].ms)) {
    total += f.ms;
    yield `${name.padEnd(34)} ${(f.ms / 1000).toFixed(0).padStart(5)} s  ${f.passed}/${f.tests}\n`;
  }
  yield `${'all files'.padEnd(34)} ${(total / 1000).toFixed(0).padStart(5)} s\n`;
}
