// Company ↔ patent linking after a large import (issue 9, ADR 0018): N synthetic patents (tools/bench/gen-patents.ts,
// 50,000 distinct applicant names, Zipf-distributed), C companies registered under applicant names that hold
// patents (the busiest and some at random) plus names that hold none, then linkCompanyPatents over every company —
// what runs after `npm run import` and after every import job. Prints the time, the rows linked, and, as the
// baseline measured in the same run, a plain full count of patent_applicants (the join's larger side): the ratio
// says how the linking compares with reading that table once, whatever the machine's load. A second run (nothing
// new to link) shows the cost of the after-every-import call on an already linked database. Not used by tests.
//
//   npx tsx tools/bench/link-bench.ts [--n 1000000] [--companies 5000] [--dir /tmp/linkbench1m]
//   (the database is generated into --dir when it holds none; later runs reuse it and start from no links)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openDb } from '../../apps/server/src/db';
import { migrate } from '../../apps/server/src/db/migrate';
import { linkCompanyPatents, refreshCompanyNames } from '../../apps/server/src/modules/company/company-link';
import { benchArgs } from './args';

const args = benchArgs();
const N = args.num('n', 1_000_000);
const C = args.num('companies', 5000);
const dir = path.resolve(args.get('dir') ?? `/tmp/linkbench${N}`);
const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

if (!fs.existsSync(path.join(dir, 'app.db'))) {
  console.log(`generating ${fmt(N)} patents into ${dir} (tools/bench/gen-patents.ts) …`);
  execFileSync('npx', ['tsx', 'tools/bench/gen-patents.ts', '--n', String(N), '--out', dir], { stdio: 'inherit' });
}
const db = openDb({ dataDir: dir, databaseUrl: undefined });
await migrate(db.db as never, db.dialect);
const k = db.db;
const now = new Date().toISOString();

const patents = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM patents`.execute(k)).rows[0].n);
console.log(`${fmt(patents)} patents in ${dir}; load ${loadavg()}`);

// A clean start: no links, the bench companies registered afresh.
await k.deleteFrom('company_patents').execute();
await sql`DELETE FROM company_names WHERE company_id IN (SELECT id FROM companies WHERE company_name LIKE 'bench:%' OR credit_code = 'bench')`.execute(
  k,
);
await k.deleteFrom('companies').where('credit_code', '=', 'bench').execute();
const busiest = (
  await sql<{
    name: string;
  }>`SELECT name FROM patent_applicants GROUP BY name ORDER BY count(*) DESC LIMIT ${Math.floor(C * 0.4)}`.execute(k)
).rows.map((r) => r.name);
const random = (
  await sql<{ name: string }>`SELECT DISTINCT name FROM patent_applicants WHERE patent_id % 97 = 3 LIMIT ${C}`.execute(k)
).rows.map((r) => r.name);
const names = [...new Set([...busiest, ...random])].slice(0, Math.floor(C * 0.8));
for (let i = 0; names.length < C; i++) names.push(`不持有专利的企业${i}有限公司`);
const t0 = performance.now();
for (const company_name of names) {
  const row = await k
    .insertInto('companies')
    .values({ company_name, credit_code: 'bench', street_id: 0, street_name: '', patent_num: 0, created_at: now })
    .onConflict((oc) => oc.column('company_name').doUpdateSet({ credit_code: 'bench' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await refreshCompanyNames(k, row.id);
}
console.log(
  `registered ${fmt(names.length)} companies (with their name spellings) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const b0 = performance.now();
const total = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM patent_applicants`.execute(k)).rows[0].n);
const base = (performance.now() - b0) / 1000;

const l0 = performance.now();
const linked = await linkCompanyPatents(k, now);
const link = (performance.now() - l0) / 1000;

const r0 = performance.now();
const again = await linkCompanyPatents(k, now);
const relink = (performance.now() - r0) / 1000;

console.log(`baseline: count(*) of patent_applicants (${fmt(total)} rows)   ${base.toFixed(2)} s`);
console.log(
  `link all companies: ${fmt(linked)} links                  ${link.toFixed(2)} s  (${(link / Math.max(base, 0.001)).toFixed(1)}× baseline)  target ≤ 60 s`,
);
console.log(
  `link again (nothing new): ${fmt(again)} links                 ${relink.toFixed(2)} s  (${(relink / Math.max(base, 0.001)).toFixed(1)}× baseline)`,
);
console.log(`load ${loadavg()}`);
await db.close();
