// A vitest reporter that writes the run's unhandled errors (an error thrown outside any test, e.g. a rejected
// promise nobody awaited) to the file in VITEST_UNHANDLED_FILE, so scripts/test.mjs can show them in its summary:
// the summary is the part of a CI log that is kept, and "exited 1 with no failing test" alone names no cause.
import fs from 'node:fs';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.VITEST_UNHANDLED_FILE;
    if (!file) return;
    const errors = (unhandledErrors ?? []).map((e) => ({
      name: e?.name ?? 'Error',
      message: String(e?.message ?? e),
      stack: String(e?.stack ?? '')
        .split('\n')
        .slice(0, 12)
        .join('\n'),
      test: e?.VITEST_TEST_NAME ?? e?.VITEST_TEST_PATH ?? undefined,
    }));
    fs.writeFileSync(file, JSON.stringify(errors, null, 2));
  }
}
