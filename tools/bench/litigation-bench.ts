// The litigation search benchmark (issue 9, ADR 0037): N demo cases (the demo generator over generated patents,
// each judgment padded to about --chars characters with other cases' paragraphs, as real judgments run to pages),
// then the search of /litigation/docking with the text index against the LIKE scan it replaced, both measured in
// the same run on the same database. Figures, not a test.
//
//   npm run bench:litigation -- [--cases 3000] [--chars 6000] [--n 30] [--dir DIR] [--reuse]
//   --reuse  keep the database of an earlier run in DIR (no generation)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDb } from '../../apps/server/src/db';
import { migrate } from '../../apps/server/src/db/migrate';
import { demoCases } from '../../apps/server/src/db/seed/litigation';
import { containsText } from '../../apps/server/src/db/sql';
import { storeCases } from '../../apps/server/src/modules/litigation/litigation-import';
import { syncLitigationIndex } from '../../apps/server/src/modules/litigation/litigation-index';
import { searchCases } from '../../apps/server/src/modules/litigation/litigation.repo';
import { seedDemoPatents } from '../../apps/server/src/modules/patents/patent-seed';
import { benchArgs } from './args';

const args = benchArgs();
const CASES = args.num('cases', 3000);
const CHARS = args.num('chars', 6000);
const N = args.num('n', 30);
const dir = path.resolve(args.get('dir') ?? path.join(os.tmpdir(), `ip-litigation-bench-${CASES}`));

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const ms = (x: number) => `${x.toFixed(1)} ms`;

console.log(`litigation search benchmark: ${CASES.toLocaleString('en-US')} cases of ~${CHARS} characters, database ${dir}`);
console.log(
  `machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}, Node ${process.version}`,
);

const reuse = args.has('reuse') && fs.existsSync(path.join(dir, 'app.db'));
if (!reuse) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
}
const db = openDb({ dataDir: dir, databaseUrl: process.env.BENCH_DATABASE_URL });
await migrate(db.db as never, db.dialect);
if (!reuse) await build();
async function build() {
  await seedDemoPatents(db, 3000, { batchSize: 1000 });
  const made = await demoCases(db, CASES);
  const texts = made.records.map((r) => r.judgment_text || r.summary);
  made.records.forEach((r, i) => {
    let text = r.judgment_text || r.summary;
    for (let k = 1; text.length < CHARS; k++) text += `\n${texts[(i * 7 + k * 13) % texts.length]}`;
    r.judgment_text = text;
  });
  let t0 = performance.now();
  const stored = await storeCases(db, made.records, { source: 'bench' });
  console.log(
    `stored ${stored.inserted.toLocaleString('en-US')} cases with their index in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  t0 = performance.now();
  await db.db.deleteFrom('litigation_search').execute();
  if (db.dialect === 'sqlite') await sql`DELETE FROM litigation_fts`.execute(db.db);
  const rebuilt = await syncLitigationIndex(db);
  console.log(
    `index rebuilt from scratch (${rebuilt} cases, as after an upgrade) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return made;
}
const summaries = (await db.db.selectFrom('litigation_cases').select('summary').orderBy('id').execute()).map((r) => r.summary);
const viewer = { companyId: null, nameKeys: [] };
/** The search as it was (LIKE over every case): count and first page of 20, newest filing first. */
async function likeScan(keyword: string, field: 'text' | 'all') {
  const where =
    field === 'text'
      ? containsText('c.judgment_text', keyword)
      : sql<boolean>`(${sql.join(
          ['c.judgment_text', 'c.summary', 'c.cause', 'c.court', 'c.case_no'].map((c) => containsText(c, keyword)),
          sql` OR `,
        )})`;
  const q = db.db.selectFrom('litigation_cases as c').where(where);
  const [n] = await Promise.all([
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    q
      .select(['c.id', 'c.summary', 'c.judgment_text'])
      .orderBy('c.filing_date', 'desc')
      .orderBy('c.id', 'desc')
      .limit(20)
      .execute(),
  ]);
  return Number(n.n);
}

const kinds: [string, string, 'text' | 'all'][] = [
  ['two characters (侵权), text', '侵权', 'text'],
  ['a phrase in many cases (委托诉讼代理人), text', '委托诉讼代理人', 'text'],
  ['a court (成都市中级人民法院), text', '成都市中级人民法院', 'text'],
  ['a rare phrase (柔性光伏), text', '柔性光伏', 'text'],
  ['a phrase of one case, text', summaries[Math.floor(summaries.length / 2)].slice(4, 14), 'text'],
  ['a phrase of one case, all fields', summaries[Math.floor(summaries.length / 3)].slice(4, 14), 'all'],
  ['no CJK (Latin, scans as before), text', 'HY_200', 'text'],
];
console.log(`\n${N} searches per kind (count + first page of 20 + hydration; the LIKE scan: count + page):`);
console.log(
  `${'kind'.padEnd(44)} ${'matches'.padStart(8)} ${'index p50'.padStart(10)} ${'p95'.padStart(9)} ${'LIKE p50'.padStart(10)} ${'p95'.padStart(9)}  LIKE/index`,
);
for (const [kind, keyword, field] of kinds) {
  const idx: number[] = [];
  const like: number[] = [];
  let total = 0;
  for (let i = 0; i < 3; i++) {
    await searchCases(db, { keyword, field }, viewer);
    await likeScan(keyword, field);
  }
  for (let i = 0; i < N; i++) {
    let s = performance.now();
    total = (await searchCases(db, { keyword, field }, viewer)).total;
    idx.push(performance.now() - s);
    s = performance.now();
    const likeTotal = await likeScan(keyword, field);
    like.push(performance.now() - s);
    if (field === 'text' && likeTotal !== total) throw new Error(`${kind}: index ${total} ≠ LIKE ${likeTotal}`);
  }
  console.log(
    `${kind.padEnd(44)} ${String(total).padStart(8)} ${ms(pct(idx, 0.5)).padStart(10)} ${ms(pct(idx, 0.95)).padStart(9)} ${ms(pct(like, 0.5)).padStart(10)} ${ms(pct(like, 0.95)).padStart(9)}  ${(pct(like, 0.5) / pct(idx, 0.5)).toFixed(1)}×`,
  );
}
await db.close();
process.exit(0);
