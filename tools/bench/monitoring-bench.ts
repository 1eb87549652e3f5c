// The nightly monitoring run (issue 10, ADR 0029): R rules (60 % applicants, 20 % IPC prefixes, 15 % search
// expressions, 5 % number lists) of one bench company over N synthetic patents (tools/bench/gen-patents.ts), after an
// "import" that changed W of them (their updated_at moved past the rules' last run). Prints the run's time and hits,
// and as the baseline measured in the same run, one plain read of the changed patents' rows (what any incremental
// run must read at least): the ratio says what the rules cost on top, whatever the machine's load. Not used by tests.
//
//   npx tsx tools/bench/monitoring-bench.ts [--n 50000] [--rules 1000] [--window 2000] [--dir /tmp/h5-monitor-bench50k]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openDb } from '../../apps/server/src/db';
import { migrate } from '../../apps/server/src/db/migrate';
import type { Deps } from '../../apps/server/src/deps';
import { runMonitoring } from '../../apps/server/src/modules/monitoring/monitoring.run';
import { storeWhenReady } from '../../apps/server/src/search/engine/sqlite-store';
import { benchArgs } from './args';

const args = benchArgs();
const N = args.num('n', 50_000);
const R = args.num('rules', 1000);
const W = args.num('window', 2000);
const dir = path.resolve(args.get('dir') ?? `/tmp/h5-monitor-bench${N}`);
const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

if (!fs.existsSync(path.join(dir, 'app.db'))) {
  console.log(`generating ${fmt(N)} patents into ${dir} …`);
  execFileSync('npx', ['tsx', 'tools/bench/gen-patents.ts', '--n', String(N), '--out', dir], { stdio: 'inherit' });
}
const db = openDb({ dataDir: dir, databaseUrl: undefined });
await migrate(db.db as never, db.dialect);
const k = db.db;
const patents = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM patents`.execute(k)).rows[0].n);
console.log(`${fmt(patents)} patents in ${dir}; load ${loadavg()}`);

// A clean bench company with R rules, all last run at T0.
const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';
const NOW = new Date('2026-01-02T01:00:00.000Z');
await k.deleteFrom('monitor_hits').execute();
await k.deleteFrom('monitor_rules').execute();
await k.deleteFrom('companies').where('credit_code', '=', 'bench-monitor').execute();
const company = await k
  .insertInto('companies')
  .values({
    company_name: 'bench-monitor',
    credit_code: 'bench-monitor',
    street_id: 0,
    street_name: '',
    patent_num: 0,
    created_at: T0,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const applicants = (
  await sql<{
    name: string;
  }>`SELECT name FROM patent_applicants GROUP BY name ORDER BY count(*) DESC, name LIMIT ${Math.ceil(R * 0.6)}`.execute(k)
).rows.map((r) => r.name);
const ipcs = (
  await sql<{
    c: string;
  }>`SELECT substr(code, 1, 4) AS c FROM patent_ipc GROUP BY substr(code, 1, 4) ORDER BY count(*) DESC LIMIT ${Math.ceil(R * 0.2)}`.execute(
    k,
  )
).rows.map((r) => r.c);
const words = [
  '电池',
  '图像',
  '传感器',
  '电机',
  '控制方法',
  '装置',
  '材料',
  '算法',
  '检测',
  '通信',
  '阀门',
  '电路',
  '机器人',
  '显示',
  '涂料',
];
const ans = (
  await sql<{ an: string }>`SELECT an FROM patents WHERE an IS NOT NULL AND id % 53 = 1 LIMIT ${R}`.execute(k)
).rows.map((r) => r.an);
const rules: { kind: string; value: string }[] = [];
for (let i = 0; rules.length < R; i++) {
  const slot = i % 20;
  if (slot < 12) rules.push({ kind: 'applicant', value: applicants[i % applicants.length] });
  else if (slot < 16) rules.push({ kind: 'ipc', value: ipcs[i % ipcs.length] });
  else if (slot < 19)
    rules.push({
      kind: 'expression',
      value: `TI=(${words[i % words.length]} AND ${words[(i * 7 + 3) % words.length]}) OR AB=${words[(i * 3) % words.length]}`,
    });
  else rules.push({ kind: 'patents', value: ans.slice(i % ans.length, (i % ans.length) + 10).join('\n') });
}
for (let i = 0; i < rules.length; i += 200) {
  await k
    .insertInto('monitor_rules')
    .values(
      rules.slice(i, i + 200).map((r, j) => ({
        ...r,
        company_id: company.id,
        name: `bench ${i + j}`,
        enabled: 1,
        created_by: 0,
        created_at: T0,
        updated_at: T0,
        watch_from: '1990-01-01',
        last_run_at: T0,
      })),
    )
    .execute();
}
// The "import": W patents spread over the table changed after the last run.
const step = Math.max(1, Math.floor(patents / W));
await sql`UPDATE patents SET updated_at = ${T0} WHERE updated_at > ${T0}`.execute(k);
// The search engine's in-memory store as a running server holds it, current up to before the import (ADR 0032: the
// first version of this bench built it before the reset above, whose million changed rows made the run fall back to
// the SQL path while the store was rebuilt beside it). The import's W changes are applied by the run (refresh).
if (db.sqlite) {
  const s0 = performance.now();
  await storeWhenReady(db.sqlite);
  console.log(`search store ready in ${((performance.now() - s0) / 1000).toFixed(1)} s; load ${loadavg()}`);
}
await sql`UPDATE patents SET updated_at = ${T1} WHERE id % ${step} = 0 AND id IN (SELECT id FROM patents WHERE id % ${step} = 0 LIMIT ${W})`.execute(
  k,
);
const changed = Number(
  (await sql<{ n: number }>`SELECT count(*) AS n FROM patents WHERE updated_at > ${T0}`.execute(k)).rows[0].n,
);

const deps = { db, clock: () => NOW, log: { info() {}, warn() {}, error() {} } } as unknown as Deps;
const b0 = performance.now();
await sql`SELECT id, updated_at, an, pd, gd, country, publications, legal_events FROM patents WHERE updated_at > ${T0}`.execute(
  k,
);
const base = (performance.now() - b0) / 1000;

const loadBefore = loadavg();
const c0 = process.cpuUsage();
const r0 = performance.now();
const r = await runMonitoring(deps);
const run = (performance.now() - r0) / 1000;
const cu = process.cpuUsage(c0);
const runCpu = (cu.user + cu.system) / 1e6;
const a0 = performance.now();
const again = await runMonitoring(deps);
const rerun = (performance.now() - a0) / 1000;

console.log(`rules ${fmt(r.rules)} over ${fmt(patents)} patents, ${fmt(changed)} changed by the import; load ${loadavg()}`);
console.log(
  `nightly run: ${run.toFixed(2)} s wall, ${runCpu.toFixed(2)} s CPU (this process), ${fmt(r.hits)} hits; load before ${loadBefore}, after ${loadavg()}; target ≤ 300 s: ${run <= 300 ? 'met' : 'NOT met'}`,
);
console.log(`baseline (read the changed rows once): ${base.toFixed(3)} s → ratio ${(run / Math.max(base, 0.001)).toFixed(1)}×`);
console.log(`run again (nothing changed since): ${rerun.toFixed(2)} s, ${fmt(again.hits)} hits`);
await k.deleteFrom('monitor_hits').execute();
await k.deleteFrom('monitor_rules').execute();
await db.close();
