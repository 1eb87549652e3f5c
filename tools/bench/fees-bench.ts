// The fee benchmark of issue 10 (ADR 0025): fee states for a company owning 20,000 patents — its fee inputs loaded
// from the database (loadFeeInputs: patents, links, payments) and the next fee of every patent computed with the
// working-day calendar (feeNext), the work behind /costdetails and the daily warning scan. Prints p50/min per step
// and the total as a ratio of a baseline measured in the same run (a plain count of the same rows), against the
// target ≤ 200 ms. Also the full schedule of every patent (feeStatus, all years) for comparison. Figures, not a
// test: nothing here fails a build.
//
//   npm run bench:fees -- [--own 20000] [--n 20] [--dir DIR]
//
//   --own   patents the company owns (demo patents generated with seedDemoPatents, then linked to it)
//   --n     measured runs (after 2 warm-up runs)
//   --dir   where the database lives (default: $TMPDIR/ip-fees-bench-OWN; rebuilt on every run)
//
// With TEST_DATABASE_URL (a PostgreSQL superuser URL, as for the api tests) it runs on a fresh PostgreSQL database
// `t_<random>` on that server instead, dropped at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createPgDatabase } from '../../apps/server/test/helpers';
import { openDb } from '../../apps/server/src/db';
import { migrate } from '../../apps/server/src/db/migrate';
import type { Deps } from '../../apps/server/src/deps';
import { chineseDaysCalendar } from '../../apps/server/src/modules/calendar/working-calendar';
import { feeNext, feeStatus, grantYearOf, patentYearOf } from '../../apps/server/src/modules/fees/fee-engine';
import { FeeListBody } from '@ip/contract';
import { feeSummary, listFees } from '../../apps/server/src/modules/fees/fee-calls.service';
import { loadFeeFacts, loadFeeInputs } from '../../apps/server/src/modules/fees/fee-facts';
import { seedDemoPatents } from '../../apps/server/src/modules/patents/patent-seed';
import { benchArgs } from './args';

const args = benchArgs();
const OWN = args.num('own', 20000);
const N = args.num('n', 20);
const TARGET_MS = 200;
const TODAY = '2026-11-24';
const dir = path.resolve(args.get('dir') ?? path.join(os.tmpdir(), `ip-fees-bench-${OWN}`));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

console.log(`fee benchmark: a company owning ${OWN.toLocaleString('en-US')} patents, database ${dir}, today ${TODAY}`);
console.log(
  `machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}, Node ${process.version}`,
);

fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const pgDb = process.env.TEST_DATABASE_URL ? await createPgDatabase(process.env.TEST_DATABASE_URL) : null;
const db = openDb({ dataDir: dir, databaseUrl: pgDb?.url });
console.log(`database: ${db.dialect === 'postgres' ? 'PostgreSQL (TEST_DATABASE_URL, a fresh database)' : 'SQLite'}`);
try {
  await migrate(db.db as never, db.dialect);
  const t0 = performance.now();
  await seedDemoPatents(db, OWN, { batchSize: 2000 });
  console.log(`generated ${OWN.toLocaleString('en-US')} demo patents in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // ─── the company, its links, a recorded reduction on every 3rd patent, payments ──────────────────────────
  const now = new Date().toISOString();
  const company = await db.db
    .insertInto('companies')
    .values({
      company_name: '年费基准测试有限公司',
      credit_code: '',
      street_id: 0,
      street_name: '',
      patent_num: 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const companyId = Number(company.id);
  await sql`INSERT INTO company_patents (company_id, patent_id, source, category_id, is_core, is_collected, created_at, updated_at)
    SELECT ${companyId}, id, 'manual', 0, 0, 0, ${now}, ${now} FROM patents ORDER BY id LIMIT ${OWN}`.execute(db.db);
  await sql`UPDATE patents SET fee_reduction_pct = CASE WHEN id % 3 = 0 THEN 85 WHEN id % 7 = 0 THEN 70 ELSE 0 END`.execute(
    db.db,
  );
  // Every granted patent has paid each year after its grant year up to the current one, except every 10th, which
  // left the current year unpaid (so some are due, in grace or lapsed).
  const deps = { db } as unknown as Deps;
  const inputs0 = await loadFeeInputs(deps, companyId);
  const payments: { company_id: number; patent_id: number; year: number; paid_on: string; amount: number; created_at: string }[] =
    [];
  for (const [id, p] of inputs0) {
    const grantYear = grantYearOf(p);
    if (grantYear === null) continue;
    const current = Math.min(patentYearOf(p.filingDate, TODAY), 20);
    const last = id % 10 === 0 ? current - 1 : current;
    for (let y = grantYear + 1; y <= last; y++)
      payments.push({ company_id: companyId, patent_id: id, year: y, paid_on: TODAY, amount: 0, created_at: now });
  }
  for (let i = 0; i < payments.length; i += 500)
    await db.db
      .insertInto('fee_payments')
      .values(payments.slice(i, i + 500))
      .execute();
  console.log(
    `company ${companyId}: ${inputs0.size.toLocaleString('en-US')} patents with fee facts, ${payments.length.toLocaleString('en-US')} payments`,
  );

  // ─── measured ────────────────────────────────────────────────────────────────────────────────────────────
  const baseline = () =>
    db.db
      .selectFrom('company_patents as cp')
      .innerJoin('patents as p', 'p.id', 'cp.patent_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cp.company_id', '=', companyId)
      .where('cp.removed', '=', 0)
      .where('cp.source', '<>', 'collect')
      .executeTakeFirstOrThrow();
  // A fresh calendar per run (its day cache starts empty), as a scan or a request gets. Each step is timed by the
  // wall clock and by the process's CPU time: on a shared machine with more runnable work than cores the wall time
  // mostly measures waiting for a core.
  type Step = 'baseline' | 'load' | 'next' | 'total' | 'full' | 'facts' | 'factsNext' | 'factsTotal';
  const steps = (): Record<Step, number[]> => ({
    baseline: [],
    load: [],
    next: [],
    total: [],
    full: [],
    facts: [],
    factsNext: [],
    factsTotal: [],
  });
  const wall = steps();
  const cpu = steps();
  const timed = async <T>(f: () => T | Promise<T>): Promise<[T, number, number]> => {
    const c0 = process.cpuUsage();
    const t = performance.now();
    const v = await f();
    const w = performance.now() - t;
    const c = process.cpuUsage(c0);
    return [v, w, (c.user + c.system) / 1000];
  };
  const states = new Map<string, number>();
  for (let run = 0; run < N + 2; run++) {
    const cal = chineseDaysCalendar();
    const [, bw, bc] = await timed(baseline);
    const [inputs, lw, lc] = await timed(() => loadFeeInputs(deps, companyId));
    const [, nw, nc] = await timed(() => {
      states.clear();
      for (const p of inputs.values()) {
        const s = feeNext(p, cal, TODAY).state;
        states.set(s, (states.get(s) ?? 0) + 1);
      }
    });
    const [, fw, fc] = await timed(() => {
      for (const p of inputs.values()) feeStatus(p, cal, TODAY);
    });
    // The list path (ADR 0032): one query with the paid years as bits, then feeNext on them.
    const cal2 = chineseDaysCalendar();
    const [facts, aw, ac] = await timed(() => loadFeeFacts(deps, companyId));
    const states2 = new Map<string, number>();
    const [, xw, xc] = await timed(() => {
      for (const f of facts) {
        const s = feeNext(f.input, cal2, TODAY).state;
        states2.set(s, (states2.get(s) ?? 0) + 1);
      }
    });
    if (JSON.stringify([...states2].sort()) !== JSON.stringify([...states].sort()))
      throw new Error(`loadFeeFacts + feeNext disagree with loadFeeInputs + feeNext: ${[...states2]} vs ${[...states]}`);
    if (run < 2) continue;
    const add = (k: Step, w: number, c: number) => (wall[k].push(w), cpu[k].push(c));
    add('baseline', bw, bc);
    add('load', lw, lc);
    add('next', nw, nc);
    add('total', lw + nw, lc + nc);
    add('full', fw, fc);
    add('facts', aw, ac);
    add('factsNext', xw, xc);
    add('factsTotal', aw + xw, ac + xc);
  }
  console.log(`states on ${TODAY}: ${[...states].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  const base = pct(wall.baseline, 0.5);
  const baseCpu = pct(cpu.baseline, 0.5);
  console.log(`\n${N} runs (after 2 warm-up runs), ${db.dialect}, chinese-days calendar (fresh per run):`);
  console.log(
    `${'step'.padEnd(56)} ${'wall p50'.padStart(10)} ${'wall min'.padStart(10)} ${'CPU p50'.padStart(10)}  wall/base  CPU/base`,
  );
  const row = (name: string, k: Step) =>
    console.log(
      `${name.padEnd(56)} ${ms(pct(wall[k], 0.5)).padStart(10)} ${ms(Math.min(...wall[k])).padStart(10)} ${ms(pct(cpu[k], 0.5)).padStart(10)}  ${`${(pct(wall[k], 0.5) / base).toFixed(1)}×`.padStart(9)}  ${`${(pct(cpu[k], 0.5) / baseCpu).toFixed(1)}×`.padStart(8)}`,
    );
  row('baseline: count(*) of the same rows', 'baseline');
  row('loadFeeInputs (patents + links + payments)', 'load');
  row('feeNext for every patent', 'next');
  row('fee states = load + feeNext', 'total');
  row('(for comparison) feeStatus, all years of every patent', 'full');
  row('loadFeeFacts (one query, paid years as bits)', 'facts');
  row('feeNext for every patent (paid years as bits)', 'factsNext');
  row('fee states = loadFeeFacts + feeNext (the list path)', 'factsTotal');
  console.log(`(before ADR 0032 the list path was loadFeeInputs + feeNext: ${ms(pct(wall.total, 0.5))} wall)`);
  const total = pct(wall.factsTotal, 0.5);
  const totalCpu = pct(cpu.factsTotal, 0.5);

  // The calls behind /costdetails and /home (service functions, no HTTP): the list's first page, the list filtered
  // and sorted, and the /home fee figures. Each builds its calendar from the holiday table (cached per database).
  const callDeps = { db, clock: () => new Date(`${TODAY}T04:00:00Z`) } as unknown as Deps;
  const actor = { companyId, userId: 0, isSubAccount: false, adminId: null };
  const calls: [string, () => Promise<unknown>][] = [
    ['POST /v1/frontend/fee/index (page 1)', () => listFees(callDeps, actor, FeeListBody.parse({}))],
    [
      '… due within 90 days, by amount descending',
      () => listFees(callDeps, actor, FeeListBody.parse({ within_days: 90, sort_field: 'amount', sort_order: 'descend' })),
    ],
    ['/home fee figures (feeSummary)', () => feeSummary(callDeps, companyId)],
  ];
  console.log(
    `\ncalls, ${N} runs each after 2 warm-up runs; load ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}:`,
  );
  for (const [name, f] of calls) {
    const w: number[] = [];
    const c: number[] = [];
    for (let run = 0; run < N + 2; run++) {
      const [, cw, cc] = await timed(f);
      if (run < 2) continue;
      w.push(cw);
      c.push(cc);
    }
    console.log(
      `${name.padEnd(56)} ${ms(pct(w, 0.5)).padStart(10)} ${ms(Math.min(...w)).padStart(10)} ${ms(pct(c, 0.5)).padStart(10)}  ${`${(pct(w, 0.5) / base).toFixed(1)}×`.padStart(9)}  ${`${(pct(c, 0.5) / baseCpu).toFixed(1)}×`.padStart(8)}`,
    );
  }
  console.log(
    `\nfee states p50 ${ms(total)} wall, ${ms(totalCpu)} CPU: target ≤ ${TARGET_MS} ms ${total <= TARGET_MS ? 'met' : totalCpu <= TARGET_MS ? 'met in CPU time only (machine loaded)' : 'NOT met'}`,
  );
} finally {
  await db.close();
  await pgDb?.drop();
}
process.exit(0);
