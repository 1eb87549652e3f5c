// PostgreSQL (TEST_DATABASE_URL): the import's bulk path (binary arrays through unnest, tsvectors in the binary format;
// ADR 0065) stores exactly what the one-patent path with tsvector literals stores — the same patent_search and
// patent_text_chunks rows — for demo patents, a patent long enough to be cut into chunks, lexemes that need quoting
// in a literal and characters outside the BMP; and the set-based UPDATE keeps the import's counts.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { seedDemoPatents } from '../../modules/patents/patent-seed';
import { validateRecord } from '../../modules/patents/patent-record';
import { getPatent, upsertPatents } from '../../modules/patents/patents.repo';
import { applicationCheckDigit } from '../patent-number';
import { indexFieldsOf, writeIndex } from './index-writer';
import { tsvectorChunks, tsvectorChunksBinary } from './pg-tsvector';
import { indexStreams } from '../tokenise';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ seed: false, now: '2026-01-15T08:00:00.000Z' });
});
afterEach(() => t.close());

const an = (digits12: string) => `CN${digits12}.${applicationCheckDigit(digits12)}`;
const now = () => t.now().toISOString();

function record(o: Record<string, unknown>) {
  const v = validateRecord(JSON.stringify(o), 1, { source: 'bulk.jsonl' });
  if (!v.ok) throw new Error(v.reason);
  return v.record;
}

/** Every text-index row, as text. */
async function indexRows() {
  const search = await sql<Record<string, string>>`SELECT patent_id, ti::text, ab::text, cl::text, de::text, pa::text,
    inv::text, addr::text, ag::text FROM patent_search ORDER BY patent_id`.execute(t.db.db);
  const chunks = await sql<Record<string, string>>`SELECT patent_id, field, chunk, tsv::text FROM patent_text_chunks
    ORDER BY patent_id, field, chunk`.execute(t.db.db);
  return { search: search.rows, chunks: chunks.rows };
}

// A description of 40,000 CJK characters from a small alphabet: over 16,000 positions and over 256 positions of one
// lexeme, so it is cut into chunks; words with quotes and backslashes need escaping in a tsvector literal.
const LONG = Array.from({ length: 40_000 }, (_, i) => '锂电池正极材料的制备方法'[(i * 7) % 12]).join('');
const ODD = "it's a \\back\\slash'd word 𠀀𠀁 字𪚥 ＡＢＣ";

// Listed in vitest.config.ts's pgOnly: the SQLite run leaves the file out rather than reporting it skipped.
describe.runIf(process.env.TEST_DATABASE_URL)('the PostgreSQL bulk index path', () => {
  it('binary tsvectors are the tsvector literals, chunk by chunk', async () => {
    for (const text of [LONG, ODD, '', '锂', 'a', ['中科大数据研究院', '', "O'Brien & Co"]]) {
      const { main, unigrams } = indexStreams(text);
      const literals = tsvectorChunks(main, unigrams);
      const binary = tsvectorChunksBinary(main, unigrams);
      expect(binary.length).toBe(literals.length);
      for (let i = 0; i < literals.length; i++) {
        const r = await sql<{ same: boolean; a: string; b: string }>`SELECT ${literals[i]}::tsvector = ${binary[i]}::tsvector
          AS same, ${literals[i]}::tsvector::text AS a, ${binary[i]}::tsvector::text AS b`.execute(t.db.db);
        expect(r.rows[0].b).toBe(r.rows[0].a);
        expect(r.rows[0].same).toBe(true);
      }
    }
  });

  it('stores the rows the one-patent path stores, and re-imports count as unchanged', async () => {
    await seedDemoPatents(t.db, 60, { seed: 11, batchSize: 25, now });
    const base = { ad: '2023-05-23', pd: '2023-08-15', type: '发明', lang: 'zh', ipc: ['H01M4/00', 'H01M10/0525'] };
    const recs = [
      record({ ...base, an: an('202310605823'), pn: 'CN116595400A', title: '一种锂电池', description: LONG, applicants: ['甲'] }),
      record({ ...base, an: an('202310605824'), pn: 'CN116595401A', title: ODD, abstract: ODD, agency: "甲；O'Neil" }),
    ];
    expect(await upsertPatents(t.db, recs, now())).toEqual({ inserted: 2, updated: 0, unchanged: 0 });
    const stored = await indexRows();
    expect(stored.search.length).toBe(62);
    expect(stored.chunks.length).toBeGreaterThan(0);

    // The same index written patent by patent with literals (writeIndex): row for row the same, and equal values
    // (`=` on tsvectors also compares their size: a value laid out otherwise is not equal).
    await sql`CREATE TABLE bulk_before AS SELECT * FROM patent_search`.execute(t.db.db);
    const ids = stored.search.map((r) => Number(r.patent_id));
    for (const id of ids) {
      const p = (await getPatent(t.db, id))!;
      await writeIndex(t.db.db, 'postgres', id, indexFieldsOf(p, p.applicants, p.inventors), true);
    }
    expect(await indexRows()).toEqual(stored);
    const same = await sql<{ n: number }>`SELECT count(*) AS n FROM patent_search s JOIN bulk_before b USING (patent_id)
      WHERE s.ti = b.ti AND s.ab = b.ab AND s.cl = b.cl AND s.de = b.de AND s.pa = b.pa AND s.inv = b.inv
        AND s.addr = b.addr AND s.ag = b.ag`.execute(t.db.db);
    expect(Number(same.rows[0].n)).toBe(62);

    // Unchanged on a second import; a changed text is an update (the set-based UPDATE) and its index follows.
    expect(await upsertPatents(t.db, recs, now())).toEqual({ inserted: 0, updated: 0, unchanged: 2 });
    const changed = record({ ...base, an: an('202310605824'), pn: 'CN116595401B', pd: '2024-01-02', title: '一种钠电池' });
    expect(await upsertPatents(t.db, [recs[0], changed], now())).toEqual({ inserted: 0, updated: 1, unchanged: 1 });
    const id = ids[ids.length - 1];
    const p = (await getPatent(t.db, id))!;
    expect([p.title, p.gn, p.publications.map((x) => x.pn)]).toEqual([
      '一种钠电池',
      'CN116595401B',
      ['CN116595401A', 'CN116595401B'],
    ]);
    const after = await indexRows();
    expect(after.search.find((r) => Number(r.patent_id) === id)!.ti).toContain("'钠电'");
    await writeIndex(t.db.db, 'postgres', id, indexFieldsOf(p, p.applicants, p.inventors), true);
    expect(await indexRows()).toEqual(after);
  });

  it("keeps patent_search's heap narrow: a long row keeps only pointers there (migration 053, ADR 0071)", async () => {
    const opts = await sql<{
      reloptions: string[] | null;
    }>`SELECT reloptions FROM pg_class WHERE relname = 'patent_search'`.execute(t.db.db);
    expect(opts.rows[0].reloptions).toContain('toast_tuple_target=128');
    await seedDemoPatents(t.db, 200, { seed: 11, batchSize: 100, now });
    // Demo rows are several KB of tsvectors: left at PostgreSQL's default they take ~2 KB of heap each (4 to a page,
    // 50 pages); moved to TOAST down to pointers they share a handful of pages.
    const r = await sql<{ rows: number; pages: number }>`SELECT count(*)::int AS rows,
      count(DISTINCT (ctid::text::point)[0])::int AS pages FROM patent_search`.execute(t.db.db);
    expect(r.rows[0].rows).toBe(200);
    expect(r.rows[0].pages).toBeLessThanOrEqual(10);
  });
});
