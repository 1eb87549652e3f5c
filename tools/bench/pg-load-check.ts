// Checks that the benchmarks' fast PostgreSQL load (pg-load.ts: GIN indexes dropped for the import, built again
// afterwards) stores what the product's import stores: loads the same demo patents and real records into two
// databases of one throwaway cluster, once each way (the same time stamp on written rows), then compares every
// table row by row (count and an md5 over the rows as text, sorted) and the index definitions. Prints each table;
// exits 1 on a difference.
//
//   npx tsx tools/bench/pg-load-check.ts [--count 5000]
import { sql } from 'kysely';
// @ts-expect-error scripts/pg.mjs is plain JavaScript
import { startPg } from '../../scripts/pg.mjs';
import { benchArgs } from './args';
import { createDatabase, loadPatents, pgDb, type LoadMode } from './pg-load';

const COUNT = benchArgs().num('count', 5000);
const NOW = '2026-01-01T00:00:00.000Z';
// Written by the migrations with the time they ran (their bookkeeping, the seeded holiday calendar), not by a load.
const SKIP = new Set(['kysely_migration', 'kysely_migration_lock', 'holidays']);

const server = await startPg({ log: (m: string) => console.log(m) });
try {
  const fingerprints = new Map<LoadMode, Map<string, string>>();
  for (const mode of ['product', 'fast'] as const) {
    const db = pgDb(await createDatabase(server.url, mode));
    console.log(`\n${mode} load of ${COUNT.toLocaleString('en-US')} demo patents + the real records`);
    const s = await loadPatents(db, { count: COUNT, load: mode, now: () => NOW });
    console.log(`${mode}: ${s.toFixed(1)} s`);
    const k = db.db;
    const tables = (
      await sql<{ t: string }>`SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1`.execute(k)
    ).rows
      .map((r) => r.t)
      .filter((t) => !SKIP.has(t));
    const fp = new Map<string, string>();
    for (const t of tables) {
      const r = await sql<{ n: string; h: string | null }>`SELECT count(*) AS n, md5(string_agg(x, E'\\n' ORDER BY x)) AS h
        FROM (SELECT CAST(t AS text) AS x FROM ${sql.table(t)} t) s`.execute(k);
      fp.set(t, `${r.rows[0].n} rows ${r.rows[0].h ?? '-'}`);
    }
    const defs = await sql<{ d: string }>`SELECT string_agg(indexdef, E'\\n' ORDER BY indexname) AS d FROM pg_indexes
      WHERE schemaname = current_schema()`.execute(k);
    fp.set('(index definitions)', String(defs.rows[0].d));
    fingerprints.set(mode, fp);
    await db.close();
  }
  const a = fingerprints.get('product')!;
  const b = fingerprints.get('fast')!;
  let diff = 0;
  console.log(`\n${'table'.padEnd(28)} product = fast`);
  for (const t of new Set([...a.keys(), ...b.keys()])) {
    const same = a.get(t) === b.get(t);
    if (!same) diff++;
    const shown = t === '(index definitions)' ? `${a.get(t)?.split('\n').length ?? 0} indexes` : a.get(t);
    console.log(`${t.padEnd(28)} ${same ? 'equal' : 'DIFFERENT'}  ${shown}${same ? '' : ` | fast: ${b.get(t)}`}`);
  }
  console.log(diff ? `\n${diff} tables differ` : '\nevery table equal');
  process.exitCode = diff ? 1 : 0;
} finally {
  server.stop();
}
