// npm run import -- FILE.jsonl [FILE2.jsonl …] [--batch 1000]
//
// Imports patent records (JSON Lines, docs/patent-format.md) into the database the server uses (same DATA_DIR /
// DATABASE_URL settings, resolved from apps/server like `npm start`). Streams each file line by line; every rejected
// line goes to stderr as `文件名:行号 原因` and the import goes on; batches of records are committed one transaction
// each, so stopping midway loses nothing already committed and running again resumes without duplicates.
// Progress (lines/s) on stderr, a summary at the end. Exit code 0 even with rejected lines; 1 on I/O errors and
// when a batch fails (the summary then counts the batches committed before it).
//
// Runs beside a server on the same SQLite file: transactions begin IMMEDIATE and wait for the server's writes, and
// a batch that still finds the database busy is tried again (ADR 0015).
import path from 'node:path';
import { loadConfig, REPO_ROOT } from '../apps/server/src/config';
import { openDb } from '../apps/server/src/db';
import { migrate } from '../apps/server/src/db/migrate';
import { withStartupLock } from '../apps/server/src/db/startup-lock';
import { importJsonlFile, type ImportState } from '../apps/server/src/modules/patents/patent-import';
import { bulkImport } from '../apps/server/src/search/engine/index-files';
import { linkCompanyPatents } from '../apps/server/src/modules/company/company-link';
import { queueMonitoring } from '../apps/server/src/modules/monitoring/monitoring.run';

function usage(): never {
  console.error('用法：npm run import -- 文件.jsonl [文件2.jsonl …] [--batch 1000]');
  process.exit(2);
}

const fmt = (n: number) => n.toLocaleString('en-US');

async function main() {
  const args = process.argv.slice(2);
  const files: string[] = [];
  let batchSize = 1000;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--batch') batchSize = Number(args[++i]);
    else if (a === '-h' || a === '--help') usage();
    else if (a.startsWith('--')) {
      console.error(`未知参数：${a}`);
      usage();
    } else files.push(a);
  }
  if (!files.length || !Number.isInteger(batchSize) || batchSize < 1) usage();
  // File names are relative to where npm was run; the database settings are resolved like the server's (apps/server).
  const base = process.env.INIT_CWD ?? process.cwd();
  const paths = files.map((f) => path.resolve(base, f));
  process.chdir(path.join(REPO_ROOT, 'apps/server'));

  const config = loadConfig();
  // Waiting for the server's write lock blocks only this process: it may wait longer than the server does.
  const db = openDb(config, { busyTimeoutMs: 5000 });
  await withStartupLock(db, config, () => migrate(db.db as never, db.dialect));
  console.error(`数据库：${config.databaseUrl ? 'PostgreSQL' : path.join(config.dataDir, 'app.db')}`);

  const started = Date.now();
  const total = { read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 };
  let ioErrors = 0;
  const tty = process.stderr.isTTY;
  // The files as one bulk import: the index workers and the titles' merge span them all (ADR 0090). Each file's
  // errors are reported below; what fails after the last file (the index workers) leaves the committed records.
  const imported = bulkImport(db, async () => {
    for (const file of paths) {
      const name = path.basename(file);
      const fileStart = Date.now();
      let lastShown = 0;
      // What the committed batches hold: counted in the summary even when a later batch fails.
      let committed: ImportState | null = null;
      const show = (s: ImportState, final = false) => {
        const now = Date.now();
        if (!final && now - lastShown < 1000) return;
        lastShown = now;
        const secs = Math.max(0.001, (now - fileStart) / 1000);
        const line = `${name}：已读取 ${fmt(s.read)} 行，新增 ${fmt(s.inserted)}，更新 ${fmt(s.updated)}，未变化 ${fmt(s.unchanged)}，拒绝 ${fmt(s.rejected)}，${fmt(Math.round(s.read / secs))} 行/秒`;
        process.stderr.write(tty ? `\r\x1b[K${line}${final ? '\n' : ''}` : `${line}\n`);
      };
      try {
        const r = await importJsonlFile(db, file, {
          batchSize,
          onRejected: (line, reason) => process.stderr.write(`${tty ? '\r\x1b[K' : ''}${name}:${line} ${reason}\n`),
          onProgress: (s) => {
            committed = { ...s };
            show(s);
          },
        });
        show(r, true);
        for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r[k];
      } catch (err) {
        ioErrors++;
        const done = committed as ImportState | null;
        if (done) for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += done[k];
        const code = (err as NodeJS.ErrnoException).code;
        const readError = code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR';
        const msg =
          code === 'ENOENT'
            ? '文件不存在'
            : code === 'EACCES'
              ? '没有读取权限'
              : code === 'EISDIR'
                ? '这是一个目录'
                : String((err as Error).message ?? err);
        const kept = done
          ? `，此前已提交 ${fmt(done.inserted + done.updated + done.unchanged)} 条（至第 ${fmt(done.line)} 行），再次运行即可补齐，已导入的记录不会重复`
          : '';
        process.stderr.write(
          `${tty ? '\r\x1b[K' : ''}${name}：${readError ? `无法读取（${msg}）` : `导入中断（${msg}）${kept}`}\n`,
        );
      }
    }
  });
  await imported.catch((err: unknown) => {
    ioErrors++;
    process.stderr.write(
      `全文索引未能全部写入（${(err as Error).message}）：已提交的记录不受影响，其索引将在下次导入或服务器启动时补建\n`,
    );
  });
  // Patents whose applicant is a registered company become that company's (ADR 0018).
  const linkStart = Date.now();
  const linked = await linkCompanyPatents(db.db, new Date().toISOString());
  process.stderr.write(`关联企业专利：新增 ${fmt(linked)} 条（${((Date.now() - linkStart) / 1000).toFixed(1)} 秒）\n`);
  // As after an import on the web (ADR 0029, 0033): the monitoring rules run over what changed, as a job the
  // server's worker takes at its next poll (one queued run at a time; none without enabled rules).
  if (total.inserted + total.updated > 0) {
    const job = await queueMonitoring({ db, clock: () => new Date() });
    process.stderr.write(
      job ? `专利监控：已排队运行（任务 #${job}），由服务器执行\n` : '专利监控：无需排队（没有启用的规则，或已有运行在排队）\n',
    );
  }
  await db.close();
  const secs = (Date.now() - started) / 1000;
  const rate = secs > 0 ? Math.round((total.inserted + total.updated + total.unchanged) / secs) : 0;
  console.log(
    `读取 ${fmt(total.read)} 行，新增 ${fmt(total.inserted)}，更新 ${fmt(total.updated)}，未变化 ${fmt(total.unchanged)}，拒绝 ${fmt(total.rejected)}，用时 ${secs.toFixed(1)} 秒，${fmt(rate)} 条/秒`,
  );
  process.exitCode = ioErrors ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
