import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { PID_FILE } from './db/backup';
import { openDb } from './db';
import { migrate } from './db/migrate';
import { seedOnEmpty } from './db/seed';
import { withStartupLock } from './db/startup-lock';
import { buildApp } from './app';
import { allJobHandlers, allScheduledTasks } from './modules';
import { startScheduler } from './modules/scheduler/scheduler';
import { startJobWorker } from './modules/jobs/jobs.service';
import { seedPatentsOnEmpty } from './modules/patents/patent-seed';
import { seedDemoData } from './db/seed-demo-data';
import { postingsWhenReady, storeWhenReady } from './search/engine/sqlite-store';
import { pgStoreWhenReady } from './search/engine/pg-store';
import { GroongaIndex, useGroonga } from './search/engine/groonga';
import { limitHeapGrowth } from './heap-growth';
import { startupLogger } from './http/logging';

// Before anything fills the heap: its growth between full collections sets the server's peak memory (ADR 0079).
limitHeapGrowth();

/** Reads config, migrates, seeds an empty database, listens. */
async function main() {
  const config = loadConfig();
  const db = openDb(config);
  // One server at a time migrates and seeds (several started together on one empty database).
  // The rebuild of the full-text index at start (a restored backup, a database from before ADR 0089) reports its
  // progress in the server's log format.
  const startLog = await startupLogger(config);
  await withStartupLock(db, config, () => migrate(db.db as never, db.dialect, (msg) => startLog.info(msg)));
  const app = await buildApp({ config, db });
  // Demo patents now (searchable from the first page), the real records as a background job after listen.
  await withStartupLock(db, config, async () => {
    const fresh = await seedOnEmpty(app.deps);
    await seedPatentsOnEmpty(app.deps);
    if (fresh) await seedDemoData(app.deps);
  });
  let worker: Awaited<ReturnType<typeof startJobWorker>> | null = null;
  let scheduler: ReturnType<typeof startScheduler> | null = null;
  // DATA_DIR/server.pid: `npm run restore` refuses to swap the database under a running server.
  const pidFile = path.join(config.dataDir, PID_FILE);
  // PostgreSQL with SEARCH_GROONGA=on: this server's Groonga answers phrase conditions once built (ADR 0086).
  const groonga = config.groonga && db.pool ? new GroongaIndex(db.db, db.pool, config.groonga) : null;
  const close = async () => {
    fs.rmSync(pidFile, { force: true });
    scheduler?.stop();
    await worker?.stop();
    await groonga?.close();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  fs.writeFileSync(pidFile, `${process.pid}\n`);
  app.log.info(`知识产权管理与专利检索平台 已启动：http://localhost:${config.port}`);
  worker = await startJobWorker(app.deps, allJobHandlers());
  app.deps.jobs = worker;
  scheduler = startScheduler(app.deps, allScheduledTasks());
  // SQLite: build the in-memory search columns now, in the background (search answers through SQL meanwhile), so
  // the first user does not wait for them.
  if (db.sqlite) {
    const t0 = Date.now();
    const seconds = () => ((Date.now() - t0) / 1000).toFixed(1);
    storeWhenReady(db.sqlite).then(
      () => app.log.info(`检索内存列已就绪，用时 ${seconds()} 秒`),
      (err: unknown) => app.log.warn({ err }, '检索内存列构建失败，检索暂走 SQL'),
    );
    postingsWhenReady(db.sqlite).then(
      (n) => app.log.info(`高频词位图已就绪：${n} 个，用时 ${seconds()} 秒`),
      (err: unknown) => app.log.warn({ err }, '高频词位图构建失败，这些词的检索暂走全文索引'),
    );
  } else if (db.pool) {
    // PostgreSQL: the same in-memory columns (pg-store.ts), fed from the database; search answers through SQL meanwhile.
    const t0 = Date.now();
    pgStoreWhenReady(db.db, db.pool).then(
      ({ postings }) =>
        app.log.info(`检索内存列已就绪（含 ${postings} 个高频词位图），用时 ${((Date.now() - t0) / 1000).toFixed(1)} 秒`),
      (err: unknown) => app.log.warn({ err }, '检索内存列构建失败，检索暂走 SQL'),
    );
    if (groonga) {
      useGroonga(db.pool, groonga);
      groonga.start().then(
        () =>
          app.log.info(
            groonga.stats.reopened
              ? `Groonga 短语索引已就绪：沿用上次正常关闭时的索引，用时 ${((Date.now() - t0) / 1000).toFixed(1)} 秒，此后的变更在后台补入`
              : `Groonga 短语索引已就绪：${groonga.stats.loaded} 件专利，用时 ${((Date.now() - t0) / 1000).toFixed(1)} 秒`,
          ),
        (err: unknown) => app.log.warn({ err }, 'Groonga 短语索引构建失败，短语检索仍由 PostgreSQL 回答'),
      );
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
