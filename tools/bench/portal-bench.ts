// The portal benchmark of issue 14 (ADR 0045): the public list and detail calls with 10,000 articles, measured through
// the whole server (app.inject: routing, validation, queries, envelope). Prints p50/p95 per call and, as the baseline
// measured in the same run, GET /v1/portal/channels (the same server path without a query), against the target
// p95 ≤ 30 ms. Figures, not a test: nothing here fails a build.
//
//   npm run bench:portal -- [--articles 10000] [--n 200]
//
// With TEST_DATABASE_URL it runs on a fresh PostgreSQL database on that server (dropped at the end).
import os from 'node:os';
import { PUBLIC_CHANNEL_KEYS } from '@ip/contract';
import { call, createTestApp } from '../../apps/server/test/helpers';
import { benchArgs } from './args';

const args = benchArgs();
const ARTICLES = args.num('articles', 10000);
const N = args.num('n', 200);
const TARGET_MS = 30;
const NOW = '2026-11-24T04:00:00.000Z';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

console.log(`portal benchmark: ${ARTICLES.toLocaleString('en-US')} articles, ${N} calls each`);
console.log(
  `machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}, Node ${process.version}`,
);
const t = await createTestApp({ seed: false, now: NOW });
console.log(`database: ${t.dialect === 'postgres' ? 'PostgreSQL (TEST_DATABASE_URL)' : 'SQLite'}`);
try {
  const body = '<p>' + '示范区知识产权工作取得新进展。'.repeat(60) + '</p>';
  const rows = Array.from({ length: ARTICLES }, (_, i) => {
    const channel = PUBLIC_CHANNEL_KEYS[i % PUBLIC_CHANNEL_KEYS.length];
    const status = i % 10 === 9 ? 'draft' : 'published';
    const at = new Date(Date.parse(NOW) - (i + 1) * 3_600_000).toISOString();
    return {
      channel,
      title: `第 ${i} 篇 ${channel} 文章：专利质押与知识产权保护`,
      summary: `摘要 ${i}：企业服务与政策解读`,
      body,
      status,
      publish_at: status === 'published' ? at : null,
      pinned: i % 97 === 0 ? 1 : 0,
      created_by: 1,
      created_at: at,
      updated_at: at,
    };
  });
  const t0 = performance.now();
  for (let i = 0; i < rows.length; i += 500)
    await t.db.db
      .insertInto('articles')
      .values(rows.slice(i, i + 500))
      .execute();
  console.log(`inserted in ${(performance.now() - t0).toFixed(0)} ms`);
  const ids = (await t.db.db.selectFrom('articles').select('id').where('status', '=', 'published').execute()).map((r) =>
    Number(r.id),
  );

  const measure = async (name: string, url: () => string) => {
    for (let i = 0; i < 10; i++) await call(t.app, 'GET', url());
    const times: number[] = [];
    for (let i = 0; i < N; i++) {
      const u = url();
      const s = performance.now();
      const res = await call(t.app, 'GET', u);
      times.push(performance.now() - s);
      if (res.status !== 200) throw new Error(`${u}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return { name, p50: pct(times, 0.5), p95: pct(times, 0.95) };
  };
  let k = 0;
  const ch = () => PUBLIC_CHANNEL_KEYS[k++ % PUBLIC_CHANNEL_KEYS.length];
  const results = [
    await measure('baseline GET /v1/portal/channels', () => '/v1/portal/channels'),
    await measure('list, page 1', () => `/v1/portal/articles?channel=${ch()}`),
    await measure('list, page 20', () => `/v1/portal/articles?channel=${ch()}&page=20`),
    await measure('list, keyword', () => `/v1/portal/articles?channel=${ch()}&keyword=${encodeURIComponent('质押')}`),
    await measure('list, date range', () => `/v1/portal/articles?channel=${ch()}&from=2026-10-01&to=2026-10-31`),
    await measure('detail + prev/next', () => `/v1/portal/article?id=${ids[(k++ * 7919) % ids.length]}`),
    await measure('home (latest of every channel)', () => '/v1/portal/home'),
  ];
  const base = results[0].p50;
  for (const r of results) {
    const verdict = r === results[0] ? '' : r.p95 <= TARGET_MS ? '  ok' : `  ABOVE ${TARGET_MS} ms`;
    console.log(
      `${r.name.padEnd(34)} p50 ${r.p50.toFixed(2).padStart(7)} ms  p95 ${r.p95.toFixed(2).padStart(7)} ms  ×${(r.p50 / base).toFixed(1)} baseline${verdict}`,
    );
  }
} finally {
  await t.close();
}
