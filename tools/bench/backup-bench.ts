// Backup and restore benchmark on SQLite, through the code `npm run backup` / `npm run restore` run
// (apps/server/src/db/backup.ts): N demo patents (seedDemoPatents) into a fresh temporary database, then a backup
// (online backup API) and a restore of it (check, swap in). Prints the seconds of each, the database and backup file
// sizes and the load average (the machine may be shared). The directory is deleted at the end unless --keep is given.
// Not used by tests.
//
//   npm run bench:backup -- [--count 100000] [--batch 5000] [--dir /tmp/x] [--keep]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupDatabase, restoreDatabase, sqliteFile } from '../../apps/server/src/db/backup';
import { openDb } from '../../apps/server/src/db';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemoPatents } from '../../apps/server/src/modules/patents/patent-seed';
import { benchArgs } from './args';

const args = benchArgs();
const N = args.num('count', 100000);
const batchSize = args.num('batch', 5000);
const base = args.get('dir') ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backup-bench-'));
const keep = args.has('keep');
const config = { dataDir: path.join(base, 'data'), databaseUrl: undefined };
const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');
const mb = (file: string) => `${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB`;
const secs = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(2)} s`;

fs.rmSync(config.dataDir, { recursive: true, force: true });
const db = openDb(config);
await migrate(db.db as never, db.dialect);
let t0 = performance.now();
let last = 0;
await seedDemoPatents(db, N, {
  batchSize,
  onProgress: (done) => {
    if (process.stderr.isTTY && done - last >= 10000) {
      last = done;
      process.stderr.write(`\r已生成 ${done.toLocaleString('en-US')}/${N.toLocaleString('en-US')}`);
    }
  },
});
if (process.stderr.isTTY) process.stderr.write('\n');
db.sqlite!.pragma('wal_checkpoint(TRUNCATE)');
await db.close();
console.log(`演示专利 ${N.toLocaleString('en-US')} 件：生成 ${secs(t0)}，数据库 ${mb(sqliteFile(config))}（负载 ${loadavg()}）`);

const file = path.join(base, 'backup.db');
t0 = performance.now();
await backupDatabase(config, file);
console.log(`备份：${secs(t0)}，文件 ${mb(file)}（负载 ${loadavg()}）`);

t0 = performance.now();
await restoreDatabase(config, file);
console.log(`恢复：${secs(t0)}（含完整性检查与替换；负载 ${loadavg()}）`);

if (keep) console.log(`保留在 ${base}`);
else fs.rmSync(base, { recursive: true, force: true });
