// Sums the vitest and Playwright JSON reports into one closing line: "Tests: N passed, N failed".
// With --times it prints instead how long each report's run took, for .ci/run's table of stage times.
import { existsSync, readFileSync } from 'node:fs';

const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined);
const vitest = read('test-results/vitest.json');
const e2e = read('test-results/e2e.json');

if (process.argv.includes('--times')) {
  if (vitest) {
    const end = Math.max(...vitest.testResults.map((file) => file.endTime));
    console.log(
      `${String(Math.round((end - vitest.startTime) / 1000)).padStart(6)} s    vitest (${vitest.testResults.length} files)`,
    );
  }
  if (e2e) {
    console.log(`${String(Math.round(e2e.stats.duration / 1000)).padStart(6)} s    Playwright (after the web build)`);
  }
} else {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  }
  if (e2e) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
    skipped += e2e.stats.skipped;
  }
  console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
