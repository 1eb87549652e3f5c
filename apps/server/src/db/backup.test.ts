import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../../test/helpers';
import { loadConfig, type Config } from '../config';
import { backupDatabase, defaultBackupFile, PID_FILE, restoreDatabase } from './backup';
import { openDb, type Db } from './index';
import { migrate } from './migrate';

// npm run backup / npm run restore: a round trip on the database the environment names (SQLite, or PostgreSQL
// through pg_dump / pg_restore when TEST_DATABASE_URL is set): data written, backup, data changed, restore, data back.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(): Promise<{ config: Config; open(): Promise<Db> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ip-backup-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let url: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const pg = await createPgDatabase(process.env.TEST_DATABASE_URL);
    cleanups.push(() => pg.drop());
    url = pg.url;
  }
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: url });
  return {
    config,
    async open() {
      const db = openDb(config);
      cleanups.push(() => db.close());
      await migrate(db.db as never, db.dialect);
      return db;
    },
  };
}

const names = async (db: Db) =>
  (await db.db.selectFrom('companies').select('company_name').orderBy('company_name').execute()).map((r) => r.company_name);

const company = (company_name: string) => ({
  company_name,
  credit_code: '',
  street_id: 0,
  street_name: '',
  patent_num: 1,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('backup and restore', () => {
  it('round trip: what was backed up comes back, what changed after is gone', async () => {
    const { config, open } = await setup();
    const db = await open();
    await db.db
      .insertInto('companies')
      .values([company('甲公司'), company('乙公司')])
      .execute();
    const file = defaultBackupFile(config);
    expect(file.startsWith(path.join(config.dataDir, 'backups'))).toBe(true);
    // SQLite: while the database is open and being written (as under a running server).
    await backupDatabase(config, file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    await db.db.deleteFrom('companies').where('company_name', '=', '甲公司').execute();
    await db.db.insertInto('companies').values(company('丙公司')).execute();
    expect(await names(db)).toEqual(['丙公司', '乙公司']);
    await db.close();

    const r = await restoreDatabase(config, file);
    const again = await open();
    expect(await names(again)).toEqual(['乙公司', '甲公司']);
    if (!config.databaseUrl) {
      // The replaced database is kept, whole.
      const previous = new SqliteDatabase(r.previous!, { readonly: true });
      const rows = previous.prepare('SELECT company_name FROM companies ORDER BY company_name').all();
      previous.close();
      expect(rows).toEqual([{ company_name: '丙公司' }, { company_name: '乙公司' }]);
    }
  });

  it('refuses while a server uses the database, and a file that is not a backup, changing nothing', async () => {
    const { config, open } = await setup();
    const db = await open();
    await db.db.insertInto('companies').values(company('甲公司')).execute();
    const file = path.join(config.dataDir, 'b.bak');
    await backupDatabase(config, file);
    await db.db.insertInto('companies').values(company('乙公司')).execute();
    if (config.databaseUrl) {
      // The open pool is the running server.
      await expect(restoreDatabase(config, file)).rejects.toThrow(/连接/);
    } else {
      fs.writeFileSync(path.join(config.dataDir, PID_FILE), `${process.ppid}\n`);
      await expect(restoreDatabase(config, file)).rejects.toThrow(/服务端正在运行/);
      fs.rmSync(path.join(config.dataDir, PID_FILE));
      const junk = path.join(config.dataDir, 'junk.db');
      fs.writeFileSync(junk, 'not a database'.repeat(100));
      await expect(restoreDatabase(config, junk)).rejects.toThrow();
      expect(fs.readdirSync(config.dataDir).filter((f) => f.includes('.restore-'))).toEqual([]);
    }
    expect(await names(db)).toEqual(['乙公司', '甲公司']);
  });
});
