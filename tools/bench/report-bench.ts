// The monthly report benchmark of issue 10 (ADR 0030): the report of a company owning 20,000 patents — its figures
// (one pass over the portfolio, the fee engine over every patent, payments, certificates, monitoring) and its PDF —
// against the target ≤ 10 s. The baseline, measured in the same run, is reading the same portfolio rows once (the
// floor any report must pay); the report's time is printed as a ratio of it. Figures, not a test.
//
//   npm run bench:report -- [--own 20000] [--runs 3] [--dir DIR]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDb } from '../../apps/server/src/db';
import { migrate } from '../../apps/server/src/db/migrate';
import type { Deps } from '../../apps/server/src/deps';
import { seedDemoPatents } from '../../apps/server/src/modules/patents/patent-seed';
import { computeReportData } from '../../apps/server/src/modules/reports/report-data';
import { addMonths, shanghaiDay, shanghaiMonth } from '../../apps/server/src/modules/reports/report-dates';
import { reportPdf } from '../../apps/server/src/modules/reports/report-pdf';
import { benchArgs } from './args';

const args = benchArgs();
const OWN = args.num('own', 20000);
const RUNS = args.num('runs', 3);
const TARGET_MS = 10_000;
const dir = path.resolve(args.get('dir') ?? path.join(os.tmpdir(), `ip-report-bench-${OWN}`));
const ms = (x: number) => `${x.toFixed(0)} ms`;

console.log(`monthly report benchmark: a company owning ${OWN.toLocaleString('en-US')} patents, database ${dir}`);
console.log(
  `machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}, Node ${process.version}`,
);

fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const db = openDb({ dataDir: dir, databaseUrl: undefined });
await migrate(db.db as never, db.dialect);
const t0 = performance.now();
await seedDemoPatents(db, OWN, { batchSize: 2000 });
const now = new Date().toISOString();
const company = await db.db
  .insertInto('companies')
  .values({
    company_name: '基准测试科技有限公司',
    credit_code: '',
    street_id: 0,
    street_name: '',
    patent_num: 0,
    created_at: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const companyId = Number(company.id);
await sql`INSERT INTO company_patents (company_id, patent_id, source, created_at, updated_at)
  SELECT ${companyId}, id, 'manual', ${now}, ${now} FROM patents ORDER BY id LIMIT ${OWN}`.execute(db.db);
// A payment for every 4th patent's first year, dated across the last year (the fee chart and the month's list).
await sql`INSERT INTO fee_payments (company_id, patent_id, year, paid_on, amount, created_at)
  SELECT ${companyId}, id, 1, ${shanghaiDay(new Date()).slice(0, 8)} || '0' || (1 + id % 9), 900, ${now} FROM patents WHERE id % 4 = 0 LIMIT ${OWN}`.execute(
  db.db,
);
console.log(`generated and linked ${OWN.toLocaleString('en-US')} patents in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const deps = { db, clock: () => new Date(), log: { info() {}, warn() {}, error() {} } } as unknown as Deps;
const month = addMonths(shanghaiMonth(new Date()), -1);
const asOf = shanghaiDay(new Date());

const baseline: number[] = [];
const report: number[] = [];
const reportCpu: number[] = [];
for (let i = 0; i < RUNS; i++) {
  let t = performance.now();
  await db.db
    .selectFrom('company_patents as cp')
    .innerJoin('patents as p', 'p.id', 'cp.patent_id')
    .where('cp.company_id', '=', companyId)
    .select(['p.id', 'p.title', 'p.an', 'p.type', 'p.legal_status', 'p.ad', 'p.gd', 'p.publications', 'p.legal_events'])
    .execute();
  baseline.push(performance.now() - t);
  t = performance.now();
  const c0 = process.cpuUsage();
  const data = await computeReportData(deps, companyId, month, asOf);
  const dataMs = performance.now() - t;
  const dataCpu = process.cpuUsage(c0);
  const pdf = await reportPdf(data);
  report.push(performance.now() - t);
  const cpu = process.cpuUsage(c0);
  reportCpu.push((cpu.user + cpu.system) / 1000);
  console.log(
    `run ${i + 1}: figures ${ms(dataMs)} (CPU ${ms((dataCpu.user + dataCpu.system) / 1000)}), with the PDF ${ms(report[i])} (CPU ${ms(reportCpu[i])}; ${(pdf.length / 1024).toFixed(0)} KiB, ${data.totals.patents} patents, ${data.totals.fees_due_count} fees due next month); load ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
}
await db.close();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const b = median(baseline);
const r = median(report);
console.log(`baseline (the portfolio rows read once): ${ms(b)}`);
console.log(
  `monthly report (figures + PDF), median of ${RUNS}: ${ms(r)} wall, ${ms(median(reportCpu))} CPU = ${(r / b).toFixed(1)}× baseline; target ≤ ${ms(TARGET_MS)}: ${r <= TARGET_MS ? 'met' : median(reportCpu) <= TARGET_MS ? 'met in CPU time only (machine loaded)' : 'NOT met'}`,
);
