// Patents for the dashboard benchmarks at scale (issue 13: 1,000,000 patents): N rows written by one set-based
// INSERT … SELECT, with the columns the dashboards read (type, legal status, application and grant dates and year,
// main IPC, is_demo) spread deterministically, and no text, publications or search index — the dashboard calls read
// none of these. The product's import (seedDemoPatents) makes and indexes the text of each patent, which at 1,000,000
// takes tens of minutes here; the search and import benchmarks measure that path. Numbers start at `from`.
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db';
import { fill as fillRegionCube } from '../../apps/server/src/db/migrations/049-region-patent-cube';

export async function insertBarePatents(db: Db, n: number, now: string, from = 1): Promise<void> {
  const pg = db.dialect === 'postgres';
  const batch = 200_000;
  for (let lo = from; lo < from + n; lo += batch) {
    const hi = Math.min(from + n - 1, lo + batch - 1);
    const series = pg
      ? sql`SELECT g AS n FROM generate_series(${lo}::int, ${hi}::int) g`
      : sql`WITH RECURSIVE s(n) AS (SELECT ${lo} UNION ALL SELECT n + 1 FROM s WHERE n < ${hi}) SELECT n FROM s`;
    const text = pg ? sql`::text` : sql``;
    const pad = (e: ReturnType<typeof sql>, w: number) =>
      pg ? sql`lpad((${e})${text}, ${w}, '0')` : sql`substr('0000000000' || (${e}), -${w})`;
    // year 2006–2025 by n, month 1–12; granted (gd) a year after filing for the 有权 and 无权 ones
    const year = sql`(2006 + (n % 20))`;
    const month = pad(sql`1 + (n / 20) % 12`, 2);
    await sql`INSERT INTO patents (doc_key, an, ad, gd, title, type, legal_status, ipc_main, app_year, is_demo,
        source, created_at, updated_at)
      SELECT 'bare-' || n, 'BN' || ${pad(sql`n`, 9)},
        ${year}${text} || '-' || ${month} || '-15',
        CASE WHEN n % 4 = 0 THEN NULL ELSE (${year} + 1)${text} || '-' || ${month} || '-10' END,
        '基准专利' || n${text},
        CASE WHEN n % 3 = 0 THEN '发明' WHEN n % 3 = 1 THEN '实用新型' ELSE '外观设计' END,
        CASE WHEN n % 4 = 0 THEN '审中' WHEN n % 4 = 3 THEN '无权' ELSE '有权' END,
        substr('ABCDEFGH', (n % 8) + 1, 1) || '01B 1/00', ${year}, 1, 'bench', ${now}, ${now}
      FROM (${series}) s`.execute(db.db);
  }
  // SQLite's search-index queue (the patents' triggers): nothing here is indexed.
  if (!pg) await sql`DELETE FROM search_changes`.execute(db.db);
}

/**
 * Runs `links` (statements inserting company_patents rows). On PostgreSQL the row triggers of migrations 045/048/049
 * (five upserts per link, about 1–2 ms a link on this machine: half an hour for 1,100,000) are switched off for the
 * insert (session_replication_role = replica, in one transaction; needs a superuser, as TEST_DATABASE_URL is) and the
 * rows they keep are then computed set-based from the links, as a migration fills them: the same rows the triggers
 * write (region-patents.test.ts compares the triggers' rows with this recomputation). SQLite runs the triggers.
 */
export async function insertLinks(db: Db, links: ReturnType<typeof sql>[]): Promise<void> {
  if (db.dialect !== 'postgres') {
    for (const q of links) await q.execute(db.db);
    return;
  }
  await db.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    for (const q of links) await q.execute(trx);
    for (const t of [
      'region_patents',
      'region_office_patents',
      'company_patent_counts',
      'region_patent_cube',
      'region_patent_days',
    ])
      await sql`DELETE FROM ${sql.table(t)}`.execute(trx);
    const own = sql`x.removed = 0 and x.source <> 'collect'`;
    const attrs = sql`case when p.legal_status = '有权' then 1 else 0 end,
      case when p.legal_status = '有权' and p.type = '发明' then 1 else 0 end, count(*),
      p.type, p.legal_status, p.app_year, substr(p.ipc_main, 1, 1), p.gd, p.ad`;
    await sql`INSERT INTO region_patents (owner_id, street_id, patent_id, valid, invention, n, type, legal_status,
        app_year, ipc, gd, ad)
      SELECT c.service_owner_id, c.street_id, p.id, ${attrs}
      FROM company_patents x JOIN companies c ON c.id = x.company_id JOIN patents p ON p.id = x.patent_id
      WHERE ${own} AND c.service_owner_id <> 0 GROUP BY c.service_owner_id, c.street_id, p.id`.execute(trx);
    await sql`INSERT INTO region_office_patents (owner_id, patent_id, valid, invention, n, type, legal_status,
        app_year, ipc, gd, ad)
      SELECT c.service_owner_id, p.id, ${attrs}
      FROM company_patents x JOIN companies c ON c.id = x.company_id JOIN patents p ON p.id = x.patent_id
      WHERE ${own} AND c.service_owner_id <> 0 GROUP BY c.service_owner_id, p.id`.execute(trx);
    await sql`INSERT INTO company_patent_counts (company_id, patents, inventions, valid, valid_inventions)
      SELECT x.company_id, count(*), sum(case when p.type = '发明' then 1 else 0 end),
        sum(case when p.legal_status = '有权' then 1 else 0 end),
        sum(case when p.legal_status = '有权' and p.type = '发明' then 1 else 0 end)
      FROM company_patents x JOIN patents p ON p.id = x.patent_id WHERE ${own} GROUP BY x.company_id`.execute(trx);
    await fillRegionCube(trx as never);
  });
}
