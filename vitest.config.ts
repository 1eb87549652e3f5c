import fs from 'node:fs';
import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Projects: unit (pure rules, both sides), api (server through app.inject on SQLite, and on PostgreSQL when
// TEST_DATABASE_URL is set), web (components in jsdom), e2e (Playwright against the production build).
// `npm test` (scripts/test.mjs) runs them all, the api project twice (SQLite, then a throwaway PostgreSQL).
const webConfig = 'apps/web/vitest.config.ts';

/**
 * Test files side by side for unit, web and api (VITEST_MAX_WORKERS overrides): 2 where vitest's own default
 * (cores − 1) would be 1, i.e. on the 2-core CI machine, since a worker also waits on SQLite, PostgreSQL and child
 * processes, so a second one fills the idle core.
 */
const workers = Math.max(2, os.availableParallelism() - 1);

/**
 * Files of the api project that test the embedded default only (the compiled server on its SQLite default, SQLite's
 * busy handling, its title index and posting sets): left out of the project's PostgreSQL run (TEST_DATABASE_URL) instead of being reported as skipped.
 */
const sqliteOnly = [
  'apps/server/src/bundle.test.ts',
  'apps/server/src/db/sqlite-busy.test.ts',
  'apps/server/src/modules/patents/import-settings.test.ts',
  'apps/server/src/search/engine/postings.test.ts',
  'apps/server/src/search/engine/native-bm25.test.ts',
  'apps/server/src/search/engine/tx-index.test.ts',
  'apps/server/src/search/engine/fts-halves.test.ts',
  'apps/server/src/search/engine/index-files.test.ts',
];
/** And those of PostgreSQL only (the bulk import's binary index path): left out of the SQLite run the same way. */
const pgOnly = [
  'apps/server/src/search/engine/groonga.test.ts',
  'apps/server/src/search/engine/pg-bulk-index.test.ts',
  'apps/server/src/search/engine/pg-store.test.ts',
];

/**
 * How many e2e files run side by side: E2E_WORKERS when set, else 2: a test mostly waits on the browser or the
 * server, so two files keep the two cores of the CI machine busy. But 1 on an overloaded machine (a load average of
 * twice the cores or more): there the one server process gets a fixed share of the cores, and two files asking it at
 * once stretch its answers toward the tests' timeouts. The load is the one `npm test` sampled before its first phase
 * (TEST_LOAD_AT_START) when it runs this: by the e2e phase its own pg phase has left a load of about 4.
 */
const load = Number(process.env.TEST_LOAD_AT_START) || os.loadavg()[0];
const overloaded = load >= 2 * os.availableParallelism();
const e2eWorkers = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS)) || (overloaded ? 1 : 2));

/**
 * Files known to take longest (seconds on this machine, quiet), started first within their project. Vitest orders
 * files by the durations in its cache, and without one (a fresh clone: CI) by size, larger first; these are short
 * files that run long (one test over many pages), and started last they left one worker alone for their whole length:
 * portal-axe (≈ 60 s) began at 300 s of a 345 s e2e phase.
 */
const LONG_FIRST = [
  'apps/web/e2e/screenshots.e2e.ts', // 70–85 s
  'apps/web/e2e/portal-axe.e2e.ts', // 55–75 s
  'apps/web/e2e/layout.e2e.ts', // 40–60 s
  'apps/web/e2e/login.e2e.ts', // 40–45 s
  'apps/web/e2e/csp.e2e.ts', // 40–45 s
  'apps/web/e2e/account.e2e.ts', // 12–40 s
  'apps/server/src/http/fuzz.test.ts', // 50–60 s
];

/** Vitest's order, then the LONG_FIRST files moved to the front of their project (its own order kept otherwise). */
class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONG_FIRST.findIndex((name) => f.moduleId.endsWith(name));
      return i < 0 ? LONG_FIRST.length : i;
    };
    // super.sort keeps each project's files together; a stable sort by (project's place, rank) keeps that.
    const place = new Map<string, number>();
    sorted.forEach((f, i) => place.has(f.project.name) || place.set(f.project.name, i));
    return sorted.sort((a, b) => place.get(a.project.name)! - place.get(b.project.name)! || rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    maxWorkers: workers,
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          // A few unit tests generate or validate thousands of records: 1–2 s alone, far more on a loaded machine.
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts', ...(process.env.TEST_DATABASE_URL ? sqliteOnly : pgOnly)],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          // The files of a worker share one module graph instead of importing the whole server again each (≈ 1.5 s
          // per file, 130 s of the PostgreSQL run's 257 s on this machine). Every file builds its own app and database
          // (test/helpers.ts createTestApp); nothing here uses vi.mock, whose module swap would then leak to later files.
          isolate: false,
        },
      },
      // Listed only when present, so the other projects still run while the web app is being set up.
      ...(fs.existsSync(webConfig) ? [webConfig] : []),
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          // One real server from the production build, and one Chromium, for the whole run
          // (apps/web/e2e/global-setup.ts).
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 60000,
          hookTimeout: 120000,
          // Files run side by side (see e2eWorkers). They share the server, so none may depend on another's data
          // (each registers its own users and logs in its own sessions; see apps/web/e2e/harness.ts).
          fileParallelism: true,
          maxWorkers: e2eWorkers,
          // After the other projects when one vitest run has them all (a project's maxWorkers needs its own group).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
