// Another process holding the SQLite write lock longer than busy_timeout (a command-line import's batch): the
// server's writes wait it out, asynchronously, instead of failing with "database is locked" (ADR 0015).
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { writeTransaction } from './write';

let t: TestApp;
let other: SqliteDatabase.Database | undefined;
afterEach(async () => {
  other?.close();
  other = undefined;
  await t?.close();
});

/** A second connection (as another process would have) that takes the write lock and keeps it. */
function holdWriteLock(): SqliteDatabase.Database {
  const db = new SqliteDatabase(path.join(t.dataDir, 'app.db'));
  db.exec('BEGIN IMMEDIATE');
  db.prepare(`INSERT INTO sms_outbox (mobile, content, created_at) VALUES ('13900000000', 'held', '2026-01-01')`).run();
  return db;
}

const nextTimer = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SQLite writes while another connection holds the write lock past busy_timeout', () => {
  // SQLite only: the api project's PostgreSQL run leaves this file out (vitest.config.ts, sqliteOnly).
  it('an autocommit statement and a transaction wait for the lock and then succeed', async () => {
    t = await createTestApp({ seed: false });
    expect(t.dialect).toBe('sqlite');
    other = holdWriteLock();
    // Each write's first try blocks for busy_timeout and fails; its retry waits asynchronously, which lets this test
    // run (timers registered before the write's pause fire first) and release the lock.
    const single = t.db.db
      .insertInto('sms_outbox')
      .values({ mobile: '13900000001', content: 'single', created_at: '2026-01-01' })
      .execute();
    await nextTimer();
    other.exec('COMMIT');
    await expect(single).resolves.toBeDefined();

    other.exec('BEGIN IMMEDIATE');
    const trx = writeTransaction(t.db, {}, (k) =>
      k.insertInto('sms_outbox').values({ mobile: '13900000002', content: 'trx', created_at: '2026-01-01' }).execute(),
    );
    await nextTimer();
    other.exec('COMMIT');
    await expect(trx).resolves.toBeDefined();
    const rows = await t.db.db.selectFrom('sms_outbox').select('content').orderBy('id').execute();
    expect(rows.map((r) => r.content)).toEqual(['held', 'single', 'trx']);
  });
});
