// Import throughput benchmark on SQLite, through the real code path (upsertPatents + writeIndex): N generated demo
// patents (seedDemoPatents) into a fresh temporary database, then the real records of ../shared/data/patents
// (importJsonlFile, file by file) into another fresh one, each followed by the same import again (nothing changes:
// every record counts as unchanged). Prints patents/s by wall clock and by CPU time (process.cpuUsage: user +
// system of the whole process, worker threads included) and the load average, since the machine may be shared.
// The databases are deleted at the end unless --keep is given. Not used by tests.
//
//   npx tsx tools/bench/import-bench.ts [--n 20000] [--batch 1000] [--only demo|real] [--data DIR] [--dir /tmp/x] [--keep 1]
//   (--data: the JSON Lines files to import, default ../shared/data/patents; --dir/--keep: where the databases go, kept)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, type Db } from '../../apps/server/src/db';
import { migrate } from '../../apps/server/src/db/migrate';
import { importJsonlFile } from '../../apps/server/src/modules/patents/patent-import';
import { jsonlFiles, seedDemoPatents } from '../../apps/server/src/modules/patents/patent-seed';
import { PATENT_DATA_DIR } from '../../apps/server/src/search/test-data';
import { benchArgs } from './args';

const args = benchArgs();
const N = args.num('n', 20000);
const batchSize = args.num('batch', 1000);
const only = args.get('only');
const base = args.get('dir') ?? fs.mkdtempSync(path.join(os.tmpdir(), 'import-bench-'));
const keep = args.has('keep');
const dataDir = args.get('data') ?? PATENT_DATA_DIR;

const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function freshDb(name: string): Promise<Db> {
  const dir = path.join(base, name);
  fs.rmSync(dir, { recursive: true, force: true });
  const db = openDb({ dataDir: dir, databaseUrl: undefined });
  await migrate(db.db as never, db.dialect);
  return db;
}

/** Runs `work` (which returns how many patents it handled) and prints its rates. */
async function measure(label: string, work: () => Promise<{ n: number; note: string }>): Promise<void> {
  const load = loadavg();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const { n, note } = await work();
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(cpu0);
  const cpu = (c.user + c.system) / 1e6;
  console.log(
    `${label.padEnd(34)} ${fmt(n).padStart(7)} patents  wall ${wall.toFixed(2).padStart(6)} s ${fmt(n / wall).padStart(6)}/s` +
      `  cpu ${cpu.toFixed(2).padStart(6)} s ${fmt(n / cpu).padStart(6)}/s  (user ${(c.user / 1e6).toFixed(2)}, sys ${(c.system / 1e6).toFixed(2)})` +
      `  load ${load} → ${loadavg()}  ${note}`,
  );
}

console.log(`node ${process.version}, ${os.cpus().length} CPUs, batch ${batchSize}, databases under ${base}`);

if (only !== 'real') {
  const db = await freshDb('demo');
  const seed = async () => {
    const c = await seedDemoPatents(db, N, { seed: 20260101, batchSize });
    return { n: N, note: `(inserted ${c.inserted}, updated ${c.updated}, unchanged ${c.unchanged})` };
  };
  await measure(`demo patents, fresh database`, seed);
  await measure(`demo patents again (no change)`, seed);
  await db.close();
}

if (only !== 'demo') {
  const files = jsonlFiles(dataDir);
  if (!files.length) console.log(`no JSON Lines files in ${dataDir}`);
  else {
    const db = await freshDb('real');
    const importAll = async () => {
      const t = { read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 };
      for (const f of files) {
        const r = await importJsonlFile(db, f, { batchSize });
        for (const k of Object.keys(t) as (keyof typeof t)[]) t[k] += r[k];
      }
      return {
        n: t.read - t.rejected,
        note: `(${files.length} files, inserted ${t.inserted}, updated ${t.updated}, unchanged ${t.unchanged}, rejected ${t.rejected})`,
      };
    };
    await measure(`real records, fresh database`, importAll);
    await measure(`real records again (no change)`, importAll);
    await db.close();
  }
}

if (!keep && !args.has('dir')) fs.rmSync(base, { recursive: true, force: true });
