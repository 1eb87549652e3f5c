// The portfolio benchmark of issue 9 (ADR 0020): a company owning 20,000 patents, its list filtered and sorted
// through the HTTP API of the real server. Prints p50/p95 per kind of request and each p95 as a ratio of the
// baseline measured in the same run (the unfiltered first page), against the target p95 ≤ 50 ms. Figures, not a
// test: nothing here fails a build.
//
//   npm run bench:portfolio -- [--own 20000] [--n 100] [--dir DIR]
//
//   --own   patents the company owns (demo patents are generated with seedDemoPatents, then linked to it)
//   --n     requests per kind (each kind is warmed with 10 first)
//   --dir   where the database lives (default: $TMPDIR/ip-portfolio-bench-OWN; rebuilt on every run)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDb } from '../../apps/server/src/db';
import { migrate } from '../../apps/server/src/db/migrate';
import { refreshPatentCounts } from '../../apps/server/src/modules/company/company-link';
import { seedDemoPatents } from '../../apps/server/src/modules/patents/patent-seed';
import { benchArgs } from './args';
import { startBenchServer } from './server';

const args = benchArgs();
const OWN = args.num('own', 20000);
const N = args.num('n', 100);
const TARGET_P95_MS = 50;
const dir = path.resolve(args.get('dir') ?? path.join(os.tmpdir(), `ip-portfolio-bench-${OWN}`));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

console.log(`portfolio benchmark: a company owning ${OWN.toLocaleString('en-US')} patents, database ${dir}`);
console.log(
  `machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}, Node ${process.version}`,
);

// ─── the database: demo patents (a few more than the company will own), migrated, before the server starts ────
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
{
  const db = openDb({ dataDir: dir, databaseUrl: undefined });
  await migrate(db.db as never, db.dialect);
  const t0 = performance.now();
  await seedDemoPatents(db, OWN + 1000, { batchSize: 2000 });
  console.log(
    `generated ${(OWN + 1000).toLocaleString('en-US')} demo patents in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  await db.close();
}

// The server seeds the demo accounts, links the demo company's patents and seeds its demo portfolio (fresh start).
const server = await startBenchServer(dir, { DEMO_PATENTS: '0' });
const stop = () => server.child.kill('SIGTERM');
process.on('exit', stop);

try {
  // ─── link OWN patents to 示例科技有限公司, filed across its categories, some core and collected ──────────────
  const db = openDb({ dataDir: dir, databaseUrl: undefined });
  const company = await db.db
    .selectFrom('companies')
    .select('id')
    .where('company_name', '=', '示例科技有限公司')
    .executeTakeFirstOrThrow();
  const companyId = Number(company.id);
  const cats = (
    await db.db.selectFrom('patent_categories').select('id').where('company_id', '=', companyId).orderBy('id').execute()
  ).map((c) => Number(c.id));
  const now = new Date().toISOString();
  await sql`INSERT INTO company_patents (company_id, patent_id, source, category_id, is_core, is_collected, created_at, updated_at)
    SELECT ${companyId}, id, 'manual', 0, 0, 0, ${now}, ${now} FROM patents ORDER BY id LIMIT ${OWN}
    ON CONFLICT (company_id, patent_id) DO NOTHING`.execute(db.db);
  // Deterministic spread: category by id modulo (every 9th stays 未分类), every 50th core, every 40th collected.
  const caseCat = sql.raw(
    `CASE ${cats.map((c, i) => `WHEN patent_id % ${cats.length + 1} = ${i} THEN ${c}`).join(' ')} ELSE 0 END`,
  );
  await sql`UPDATE company_patents SET category_id = ${caseCat},
      is_core = CASE WHEN patent_id % 50 = 0 THEN 1 ELSE 0 END,
      is_collected = CASE WHEN patent_id % 40 = 0 THEN 1 ELSE 0 END
    WHERE company_id = ${companyId}`.execute(db.db);
  await refreshPatentCounts(db.db, companyId);
  const owned = await db.db
    .selectFrom('company_patents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('removed', '=', 0)
    .executeTakeFirstOrThrow();
  const sample = await db.db
    .selectFrom('patents')
    .select(['title', 'an', 'app_year'])
    .where('id', '=', 777)
    .executeTakeFirstOrThrow();
  await db.close();
  console.log(`company ${companyId} owns ${Number(owned.n).toLocaleString('en-US')} patents in ${cats.length} categories`);

  // ─── through HTTP ───────────────────────────────────────────────────────────────────────────────────────
  const postJson = async (url: string, body: unknown, token?: string) => {
    const res = await fetch(`${server.base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; msg: string; data: unknown };
    if (json.code !== 1) throw new Error(`${url}: ${json.msg}`);
    return json.data;
  };
  const { token } = (await postJson('/v1/user/login', { mobile: '13800000001', password: 'Demo@2026', type: '0' })) as {
    token: string;
  };

  const word = sample.title.slice(2, 5);
  const kinds: [string, string, unknown][] = [
    ['baseline: first page, no filter (ad_desc)', 'list', {}],
    ['category (top level, with children)', 'list', { category_id: cats[0] }],
    ['未分类', 'list', { category_id: 0 }],
    ['type 发明 + status 有权', 'list', { type: ['发明'], legal_status: ['有权'] }],
    ['application year', 'list', { app_year: [Number(sample.app_year)] }],
    ['core only, core_desc', 'list', { is_core: 1, sort: 'core_desc' }],
    ['collected view', 'list', { collected: 1 }],
    [`keyword in title (“${word}”)`, 'list', { keyword: word }],
    ['keyword: application number', 'list', { keyword: String(sample.an).slice(2, 14) }],
    ['sort by title', 'list', { sort: 'title_asc' }],
    ['sort by grant date', 'list', { sort: 'gd_desc' }],
    ['page 200 (deep)', 'list', { page: 200 }],
    ['filters + sort + page 5', 'list', { category_id: cats[0], type: ['发明', '实用新型'], sort: 'gd_desc', page: 5 }],
    ['category tree with counts (cate)', 'cate', {}],
  ];
  const rows: { kind: string; p50: number; p95: number; total?: number }[] = [];
  for (const [kind, call, filters] of kinds) {
    const body = call === 'list' ? { page_size: 20, ...(filters as object) } : filters;
    for (let i = 0; i < 10; i++) await postJson(`/v1/frontend/patent/${call}`, body, token);
    const times: number[] = [];
    let total: number | undefined;
    for (let i = 0; i < N; i++) {
      const t0 = performance.now();
      const data = (await postJson(`/v1/frontend/patent/${call}`, body, token)) as { total?: number; all?: number };
      times.push(performance.now() - t0);
      total = data.total ?? data.all;
    }
    rows.push({ kind, p50: pct(times, 0.5), p95: pct(times, 0.95), total });
  }
  const base = rows[0].p95;
  console.log(`\n${N} requests per kind, page_size 20, through HTTP on 127.0.0.1:`);
  console.log(`${'kind'.padEnd(48)} ${'matches'.padStart(8)} ${'p50'.padStart(9)} ${'p95'.padStart(9)}  p95/baseline`);
  for (const r of rows) {
    console.log(
      `${r.kind.padEnd(48)} ${String(r.total ?? '').padStart(8)} ${ms(r.p50).padStart(9)} ${ms(r.p95).padStart(9)}  ${(r.p95 / base).toFixed(2)}×`,
    );
  }

  // ─── the Excel export (a synchronous download of up to 5,000 rows, ADR 0020): 5,000 rows, timed end to end ────
  const EXPORT_N = args.num('exports', 5);
  // The largest filter of the kinds above under the 5,000-row cap (a category's 发明 and 实用新型).
  const exportBody = { category_id: cats[0], type: ['发明', '实用新型'], sort: 'ad_desc' };
  const exportRows = Number(
    ((await postJson('/v1/frontend/patent/list', { ...exportBody, page_size: 1 }, token)) as { total: number }).total,
  );
  const exportTimes: number[] = [];
  let exportBytes = 0;
  for (let i = 0; i < EXPORT_N + 1; i++) {
    const t0 = performance.now();
    const res = await fetch(`${server.base}/v1/frontend/patent/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(exportBody),
    });
    const buf = Buffer.from(await res.arrayBuffer());
    if (!res.ok || !buf.subarray(0, 2).equals(Buffer.from('PK')))
      throw new Error(`export: ${res.status} ${buf.toString().slice(0, 200)}`);
    if (i > 0) exportTimes.push(performance.now() - t0); // the first warms exceljs up
    exportBytes = buf.length;
  }
  const worst = Math.max(...rows.map((r) => r.p95));
  console.log(`\nworst p95 ${ms(worst)}: target ≤ ${TARGET_P95_MS} ms ${worst <= TARGET_P95_MS ? 'met' : 'NOT met'}`);
  console.log(
    `export of ${exportRows.toLocaleString('en-US')} rows (${(exportBytes / 1024).toFixed(0)} kB xlsx), ${EXPORT_N} runs: p50 ${ms(
      pct(exportTimes, 0.5),
    )}, max ${ms(Math.max(...exportTimes))} (${(pct(exportTimes, 0.5) / base).toFixed(0)}× the baseline p95)`,
  );
} finally {
  stop();
}
process.exit(0);
