// Probe (ADR 0088, issue 15's SQLite import): how fast would the import be if its FTS5 rows were written by worker
// threads into other database files while the main thread writes the patents' rows? SQLite has one writer per file,
// so several files are several writers on the two cores. The same import into a fresh database three times in one
// run: as the product does it (baseline), then with writeIndexes' SQLite entries diverted (sqliteIndexDivert) to one
// fts-split.worker.ts writing all three FTS5 tables, then to two (patents_fts; patents_ti and patents_tx). A split
// run's wall ends when the workers have written every batch. Each split run's FTS5 tables are compared with the
// baseline's term by term (row counts, and doclist sizes for a sample of tokens). Not used by the product or tests.
//
//   npx tsx tools/bench/fts-split-probe.ts [--n 20000] [--batch 1000] [--only demo|real] [--data DIR]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDb, type Db } from '../../apps/server/src/db';
import { migrate } from '../../apps/server/src/db/migrate';
import { importJsonlFile } from '../../apps/server/src/modules/patents/patent-import';
import { jsonlFiles, seedDemoPatents } from '../../apps/server/src/modules/patents/patent-seed';
import { sqliteIndexDivert, type IndexEntry } from '../../apps/server/src/search/engine/index-writer';
import { startWorker } from '../../apps/server/src/worker-thread';
import { PATENT_DATA_DIR } from '../../apps/server/src/search/test-data';
import { benchArgs } from './args';

const args = benchArgs();
const N = args.num('n', 20000);
const batchSize = args.num('batch', 1000);
const only = args.get('only');
const dataDir = args.get('data') ?? PATENT_DATA_DIR;
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'fts-split-'));
const FTS_TABLES = ['patents_fts', 'patents_ti', 'patents_tx'] as const;

const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function freshDb(name: string): Promise<Db> {
  const dir = path.join(base, name);
  const db = openDb({ dataDir: dir, databaseUrl: undefined });
  await migrate(db.db as never, db.dialect);
  return db;
}

/** The import of one part (demo patents or the real records' files); returns how many patents it handled. */
async function importPart(db: Db, part: 'demo' | 'real'): Promise<number> {
  if (part === 'demo') {
    await seedDemoPatents(db, N, { seed: 20260101, batchSize });
    return N;
  }
  let n = 0;
  for (const f of jsonlFiles(dataDir)) {
    const r = await importJsonlFile(db, f, { batchSize });
    n += r.read - r.rejected;
  }
  return n;
}

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1e6;
}

async function baseline(part: 'demo' | 'real'): Promise<{ rate: number; file: string }> {
  const db = await freshDb(`${part}-one`);
  const load = loadavg();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const n = await importPart(db, part);
  const wall = (performance.now() - t0) / 1000;
  console.log(
    `${part} one writer (the product):    ${fmt(n)} patents  wall ${wall.toFixed(2)} s  ${fmt(n / wall)}/s  ` +
      `cpu ${cpuSeconds(cpu0).toFixed(2)} s  load ${load} → ${loadavg()}`,
  );
  const file = db.sqlite!.name;
  await db.close();
  return { rate: n / wall, file };
}

/** Where each FTS5 table's rows went in a split run: the side file that holds them. */
type SideFiles = Record<(typeof FTS_TABLES)[number], string>;

/**
 * The import with its FTS5 rows written by worker threads, each into a side file of its own: one worker for all
 * three tables, or two (patents_fts; patents_ti and patents_tx).
 */
async function split(part: 'demo' | 'real', workers: 1 | 2): Promise<{ rate: number; files: SideFiles }> {
  const db = await freshDb(`${part}-split${workers}`);
  const ddl = (
    db
      .sqlite!.prepare(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name IN (${FTS_TABLES.map(() => '?').join(', ')})`)
      .all(...FTS_TABLES) as { sql: string }[]
  ).map((r) => r.sql);
  const plan = workers === 1 ? (['all'] as const) : (['fts', 'ti-tx'] as const);
  let sent = 0;
  let written = 0;
  let drained: (() => void) | null = null;
  const threads = await Promise.all(
    plan.map(async (tables, i) => {
      const file = path.join(base, `${part}-side${workers}-${i}.db`);
      const worker = startWorker('fts-split', import.meta.url, { workerData: { file, ddl, tables } });
      let closed: (() => void) | null = null;
      let ready: (() => void) | null = null;
      worker.on('message', (m: number | 'ready') => {
        if (m === 'ready') return ready?.();
        if (m < 0) return closed?.();
        written += m;
        if (written === sent) drained?.();
      });
      worker.on('error', (e) => {
        console.error(e);
        process.exit(1);
      });
      // The worker's start (modules, the side file's tables) is not the import's time.
      await new Promise<void>((resolve) => (ready = resolve));
      const close = () =>
        new Promise<void>((resolve) => {
          closed = resolve;
          worker.postMessage('close');
        }).then(() => worker.terminate());
      return { worker, file, tables, close };
    }),
  );
  sqliteIndexDivert.to = (entries: readonly IndexEntry[]) => {
    for (const t of threads) {
      sent += entries.length;
      t.worker.postMessage(entries);
    }
  };
  const load = loadavg();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const n = await importPart(db, part);
  const mainWall = (performance.now() - t0) / 1000;
  if (written < sent) await new Promise<void>((resolve) => (drained = resolve));
  const wall = (performance.now() - t0) / 1000;
  sqliteIndexDivert.to = null;
  console.log(
    `${part} FTS5 in ${workers} worker${workers > 1 ? 's' : ''}: ${fmt(n)} patents  wall ${wall.toFixed(2)} s  ${fmt(n / wall)}/s  ` +
      `(main thread done at ${mainWall.toFixed(2)} s)  cpu ${cpuSeconds(cpu0).toFixed(2)} s (all threads)  load ${load} → ${loadavg()}`,
  );
  for (const t of threads) await t.close();
  await db.close();
  const fileOf = (table: string) =>
    threads.find((t) => t.tables === 'all' || (t.tables === 'fts') === (table === 'patents_fts'))!.file;
  return {
    rate: n / wall,
    files: { patents_fts: fileOf('patents_fts'), patents_ti: fileOf('patents_ti'), patents_tx: fileOf('patents_tx') },
  };
}

/** Each FTS5 table's row count and doclist sizes for tokens sampled from its vocabulary, in the two runs' files. */
function compare(oneFile: string, sides: SideFiles): void {
  const a = new Database(oneFile, { readonly: true });
  let checked = 0;
  let mismatches = 0;
  for (const t of FTS_TABLES) {
    const b = new Database(sides[t], { readonly: true });
    const rows = (db: Database.Database) => (db.prepare(`SELECT count(*) AS n FROM ${t}_docsize`).get() as { n: number }).n;
    if (rows(a) !== rows(b)) mismatches++;
    checked++;
    a.exec(`CREATE VIRTUAL TABLE temp.vocab_${t} USING fts5vocab(main, ${t}, row)`);
    const sample = (a.prepare(`SELECT term, doc FROM temp.vocab_${t}`).all() as { term: string; doc: number }[])
      .filter((_, i) => i % 97 === 0)
      .slice(0, 300);
    const q = b.prepare(`SELECT count(*) AS n FROM ${t} WHERE ${t} MATCH ?`);
    for (const { term, doc } of sample) {
      checked++;
      if ((q.get(`"${term.replace(/"/g, '""')}"`) as { n: number }).n !== doc) mismatches++;
    }
    b.close();
  }
  console.log(
    `  the two runs' FTS5 tables: ${checked} comparisons (row counts, doclists of sampled tokens), ${mismatches} mismatches`,
  );
  a.close();
}

console.log(`node ${process.version}, ${os.cpus().length} CPUs, batch ${batchSize}, databases under ${base}`);
for (const part of ['demo', 'real'] as const) {
  if (only && only !== part) continue;
  if (part === 'real' && !jsonlFiles(dataDir).length) continue;
  const one = await baseline(part);
  for (const workers of [1, 2] as const) {
    const two = await split(part, workers);
    console.log(
      `  ${part}: FTS5 in ${workers} worker${workers > 1 ? 's' : ''} / one writer = ${(two.rate / one.rate).toFixed(2)}×`,
    );
    compare(one.file, two.files);
  }
}
fs.rmSync(base, { recursive: true, force: true });
