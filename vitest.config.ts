import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

// Projects: unit (pure rules, both sides), api (server through app.inject on SQLite, and on PostgreSQL when
// TEST_DATABASE_URL is set), web (components in jsdom), e2e (Playwright against the production build).
// `npm test` (scripts/test.mjs) runs them all, the api project twice (SQLite, then a throwaway PostgreSQL).
const webConfig = 'apps/web/vitest.config.ts';

export default defineConfig({
  test: {
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
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      // Listed only when present, so the other projects still run while the web app is being set up.
      ...(fs.existsSync(webConfig) ? [webConfig] : []),
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          // One real server from the production build for the whole run (apps/web/e2e/global-setup.ts).
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 60000,
          hookTimeout: 120000,
          fileParallelism: false,
        },
      },
    ],
  },
});
