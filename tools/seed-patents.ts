// npm run seed:patents -- --count N [--seed S] [--batch 1000] [--out FILE.jsonl]
//
// Generates N plausible Chinese demo patents (is_demo = 1; deterministic by seed: the same seed gives the same
// patents, and a larger N starts with the same ones; seeds in different number lanes, seed mod 16, never share an
// application or publication number, and a generated patent whose number is already stored for another patent, a real
// one or another seed's, is skipped for the next one) and imports them into the database the server uses (same
// DATA_DIR / DATABASE_URL settings, resolved from apps/server like `npm start`), batch by batch with progress.
// With --out the records are written to a JSON Lines file instead (for `npm run import`, benchmarks).
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, REPO_ROOT } from '../apps/server/src/config';
import { openDb } from '../apps/server/src/db';
import { migrate } from '../apps/server/src/db/migrate';
import { DEFAULT_DEMO_SEED, DemoPatentGenerator } from '../apps/server/src/modules/patents/demo-patents';
import { seedDemoPatents } from '../apps/server/src/modules/patents/patent-seed';

function usage(): never {
  console.error('用法：npm run seed:patents -- --count 数量 [--seed 种子] [--batch 1000] [--out 文件.jsonl]');
  process.exit(2);
}

const fmt = (n: number) => n.toLocaleString('en-US');

async function main() {
  const args = process.argv.slice(2);
  let count = NaN;
  let seed = DEFAULT_DEMO_SEED;
  let batchSize = 1000;
  let out: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--count') count = Number(args[++i]);
    else if (a === '--seed') seed = Number(args[++i]);
    else if (a === '--batch') batchSize = Number(args[++i]);
    else if (a === '--out') out = args[++i];
    else usage();
  }
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed) || !Number.isInteger(batchSize) || batchSize < 1) usage();
  const base = process.env.INIT_CWD ?? process.cwd();
  const started = Date.now();
  const tty = process.stderr.isTTY;
  let lastShown = 0;
  const show = (done: number, extra: string, final = false) => {
    const now = Date.now();
    if (!final && now - lastShown < 1000) return;
    lastShown = now;
    const secs = Math.max(0.001, (now - started) / 1000);
    const text = `已生成 ${fmt(done)}/${fmt(count)} 件${extra}，${fmt(Math.round(done / secs))} 件/秒`;
    process.stderr.write(tty ? `\r\x1b[K${text}${final ? '\n' : ''}` : `${text}\n`);
  };

  if (out) {
    const file = path.resolve(base, out);
    const stream = fs.createWriteStream(file);
    const gen = new DemoPatentGenerator(seed);
    for (let i = 1; i <= count; i++) {
      if (!stream.write(`${JSON.stringify(gen.next())}\n`)) await new Promise<void>((r) => stream.once('drain', () => r()));
      if (i % 1000 === 0) show(i, '');
    }
    await new Promise<void>((resolve, reject) => stream.end((err?: Error | null) => (err ? reject(err) : resolve())));
    show(count, '', true);
    console.log(`已写入 ${file}：${fmt(count)} 件演示专利，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
    return;
  }

  process.chdir(path.join(REPO_ROOT, 'apps/server'));
  const config = loadConfig();
  const db = openDb(config);
  await migrate(db.db as never, db.dialect);
  console.error(`数据库：${config.databaseUrl ? 'PostgreSQL' : path.join(config.dataDir, 'app.db')}`);
  const c = await seedDemoPatents(db, count, {
    seed,
    batchSize,
    onProgress: (done, counts) =>
      show(
        done,
        `（新增 ${fmt(counts.inserted)}，更新 ${fmt(counts.updated)}，未变化 ${fmt(counts.unchanged)}，编号已占用而跳过 ${fmt(counts.skipped)}）`,
        done === count,
      ),
  });
  await db.close();
  const secs = (Date.now() - started) / 1000;
  console.log(
    `演示专利 ${fmt(count)} 件：新增 ${fmt(c.inserted)}，更新 ${fmt(c.updated)}，未变化 ${fmt(c.unchanged)}，编号已占用而跳过 ${fmt(c.skipped)}，用时 ${secs.toFixed(1)} 秒，${fmt(Math.round(count / secs))} 件/秒`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
