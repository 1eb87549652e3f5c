// npm run import:litigation -- FILE.jsonl [FILE2.jsonl …]
// npm run import:litigation -- --demo 100 [--seed 20260301] [--out FILE.jsonl]
//
// Imports litigation cases (JSON Lines, one case a line, docs/litigation-format.md) into the database the server uses
// (same DATA_DIR / DATABASE_URL settings, resolved from apps/server like `npm start`). Every rejected line goes to
// stderr as `文件名:行号 原因` and the import goes on; cases are upserted by case number (案号), so running a file
// again changes nothing and a corrected line updates its case. Counts at the end on stdout. Exit code 0 even with
// rejected lines; 1 when a file cannot be read; 2 on wrong arguments.
//
// --demo N generates N demo cases over the patents stored in that database (the demo companies' and others') and
// imports them, or with --out writes them to a JSON Lines file instead (to edit, or to import elsewhere).
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, REPO_ROOT } from '../apps/server/src/config';
import { openDb } from '../apps/server/src/db';
import { migrate } from '../apps/server/src/db/migrate';
import { withStartupLock } from '../apps/server/src/db/startup-lock';
import { DEFAULT_LITIGATION_SEED, demoCases } from '../apps/server/src/db/seed/litigation';
import { importCasesFile, storeCases } from '../apps/server/src/modules/litigation/litigation-import';

function usage(): never {
  console.error('用法：npm run import:litigation -- 文件.jsonl [文件2.jsonl …]');
  console.error('      npm run import:litigation -- --demo 100 [--seed 20260301] [--out 文件.jsonl]');
  process.exit(2);
}

const fmt = (n: number) => n.toLocaleString('en-US');

async function main() {
  const args = process.argv.slice(2);
  const files: string[] = [];
  let demo: number | null = null;
  let seed = DEFAULT_LITIGATION_SEED;
  let out: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--demo') demo = Number(args[++i]);
    else if (a === '--seed') seed = Number(args[++i]);
    else if (a === '--out') out = args[++i] ?? '';
    else if (a === '-h' || a === '--help') usage();
    else if (a.startsWith('--')) {
      console.error(`未知参数：${a}`);
      usage();
    } else files.push(a);
  }
  if (demo !== null && (!Number.isInteger(demo) || demo < 1 || demo > 100_000)) {
    console.error('--demo 后应为 1 到 100000 之间的案件数');
    usage();
  }
  if (!Number.isInteger(seed)) usage();
  if (out === '' || (out !== null && demo === null)) usage();
  if ((demo === null) === (files.length === 0)) usage();
  // File names are relative to where npm was run; the database settings are resolved like the server's (apps/server).
  const base = process.env.INIT_CWD ?? process.cwd();
  const paths = files.map((f) => path.resolve(base, f));
  const outPath = out ? path.resolve(base, out) : null;
  process.chdir(path.join(REPO_ROOT, 'apps/server'));

  const config = loadConfig();
  const db = openDb(config, { busyTimeoutMs: 5000 });
  await withStartupLock(db, config, () => migrate(db.db as never, db.dialect));
  console.error(`数据库：${config.databaseUrl ? 'PostgreSQL' : path.join(config.dataDir, 'app.db')}`);
  const started = Date.now();
  const total = { read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 };
  let ioErrors = 0;

  if (demo !== null) {
    const { lines, records } = await demoCases(db, demo, seed);
    if (outPath) {
      fs.writeFileSync(outPath, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
      await db.close();
      console.log(`已写入 ${fmt(lines.length)} 件演示诉讼案件：${outPath}`);
      return;
    }
    const c = await storeCases(db, records, { source: `demo:${seed}` });
    Object.assign(total, { read: records.length, ...c });
  }

  for (const file of paths) {
    const name = path.basename(file);
    try {
      const r = await importCasesFile(db, file, {
        onRejected: (line, reason) => process.stderr.write(`${name}:${line} ${reason}\n`),
      });
      process.stderr.write(
        `${name}：读取 ${fmt(r.read)} 行，新增 ${fmt(r.inserted)}，更新 ${fmt(r.updated)}，未变化 ${fmt(r.unchanged)}，拒绝 ${fmt(r.rejected)}\n`,
      );
      for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r[k];
    } catch (err) {
      ioErrors++;
      const code = (err as NodeJS.ErrnoException).code;
      const msg =
        code === 'ENOENT'
          ? '文件不存在'
          : code === 'EACCES'
            ? '没有读取权限'
            : code === 'EISDIR'
              ? '这是一个目录'
              : String((err as Error).message ?? err);
      process.stderr.write(`${name}：无法导入（${msg}）\n`);
    }
  }
  await db.close();
  const secs = (Date.now() - started) / 1000;
  console.log(
    `读取 ${fmt(total.read)} 行，新增 ${fmt(total.inserted)}，更新 ${fmt(total.updated)}，未变化 ${fmt(total.unchanged)}，拒绝 ${fmt(total.rejected)}，用时 ${secs.toFixed(1)} 秒`,
  );
  process.exitCode = ioErrors ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
