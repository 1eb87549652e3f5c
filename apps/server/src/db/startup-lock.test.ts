// Several app servers started together on one empty database (issue 8, item 6): the start-up steps of main.ts
// (migrate, demo accounts, demo patents) run one server at a time; both servers start and the demo data exists once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seedPatentsOnEmpty } from '../modules/patents/patent-seed';
import { countPatents } from '../modules/patents/patents.repo';
import { createPgDatabase } from '../../test/helpers';
import { openDb, type Db } from './index';
import { migrate } from './migrate';
import { DEMO_ACCOUNTS, seedOnEmpty } from './seed';
import { withStartupLock } from './startup-lock';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** What main.ts does before listening. */
async function startServer(env: Record<string, string | undefined>): Promise<{ app: FastifyInstance; db: Db }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'auto',
    DEMO_PATENTS: '40',
    PATENT_DATA_DIR: 'none',
    ...env,
  });
  const db = openDb(config);
  await withStartupLock(db, config, () => migrate(db.db as never, db.dialect));
  const app = await buildApp({ config, db, logger: false });
  await withStartupLock(db, config, () => seedOnEmpty(app.deps).then(() => seedPatentsOnEmpty(app.deps)));
  return { app, db };
}

describe('start-up of several servers on one empty database', () => {
  it('migrates and seeds once; both servers start', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ip-startup-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (process.env.TEST_DATABASE_URL) {
      const pg = await createPgDatabase(process.env.TEST_DATABASE_URL);
      cleanups.push(() => pg.drop());
      databaseUrl = pg.url;
    }
    const env = (id: string) => ({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
      INSTANCE_ID: id,
    });
    const started = await Promise.allSettled([startServer(env('A')), startServer(env('B'))]);
    for (const s of started) {
      if (s.status === 'fulfilled') {
        cleanups.push(async () => {
          await s.value.app.close();
          await s.value.db.close();
        });
      }
    }
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok']);
    const { db } = (started[0] as PromiseFulfilledResult<{ db: Db }>).value;
    const users = await db.db.selectFrom('users').select('mobile').orderBy('mobile').execute();
    expect(users.map((u) => u.mobile)).toEqual(DEMO_ACCOUNTS.map((a) => a.mobile).sort());
    expect(
      await db.db
        .selectFrom('companies')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ).toEqual({
      n: 16,
    });
    expect(await countPatents(db)).toBe(40);
  });
});
