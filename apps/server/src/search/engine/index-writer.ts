import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../db';
import type { Database } from '../../db/schema';
import { indexStreams, indexText } from '../tokenise';
import { tsvectorChunks } from './pg-tsvector';

/** The raw (not yet normalised) text of each indexed field of one patent. */
export interface IndexFields {
  /** 名称 TI */
  ti: string;
  /** 摘要 AB */
  ab: string;
  /** 权利要求 CL */
  cl: string;
  /** 说明书 DE */
  de: string;
  /** 申请人 PA: applicants joined with ' ; ' so a phrase cannot run from one applicant into the next */
  pa: string;
  /** 发明人 IN */
  inv: string;
  /** 地址 ADDR */
  addr: string;
  /** 代理机构 AG */
  ag: string;
}

export const INDEX_FIELDS = ['ti', 'ab', 'cl', 'de', 'pa', 'inv', 'addr', 'ag'] as const;

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Writes (or replaces) one patent's text index: the app-made tokens of search/tokenise.ts, so both engines index
 * the same tokens. SQLite: a row of the contentless FTS5 table with rowid = patent id. PostgreSQL: a
 * patent_search row (chunk 0 of every field as a tsvector) plus patent_text_chunks rows for the chunks of
 * fields too long for one tsvector (pg-tsvector.ts explains the design).
 */
export async function writeIndex(
  db: Db,
  dialect: Dialect,
  patentId: number,
  fields: IndexFields,
  replace: boolean,
): Promise<void> {
  if (dialect === 'sqlite') {
    if (replace) await sql`DELETE FROM patents_fts WHERE rowid = ${patentId}`.execute(db);
    await sql`INSERT INTO patents_fts (rowid, ti, ab, cl, de, pa, inv, addr, ag) VALUES (${patentId}, ${indexText(fields.ti)}, ${indexText(fields.ab)}, ${indexText(fields.cl)}, ${indexText(fields.de)}, ${indexText(fields.pa)}, ${indexText(fields.inv)}, ${indexText(fields.addr)}, ${indexText(fields.ag)})`.execute(
      db,
    );
    return;
  }
  const cols: Record<string, string> = {};
  const extra: { field: string; chunk: number; tsv: string }[] = [];
  for (const f of INDEX_FIELDS) {
    const { main, unigrams } = indexStreams(fields[f]);
    const chunks = tsvectorChunks(main, unigrams);
    cols[f] = chunks[0];
    for (let i = 1; i < chunks.length; i++) extra.push({ field: f, chunk: i, tsv: chunks[i] });
  }
  if (replace) {
    await sql`DELETE FROM patent_text_chunks WHERE patent_id = ${patentId}`.execute(db);
    await sql`DELETE FROM patent_search WHERE patent_id = ${patentId}`.execute(db);
  }
  await sql`INSERT INTO patent_search (patent_id, ti, ab, cl, de, pa, inv, addr, ag) VALUES (${patentId}, ${cols.ti}::tsvector, ${cols.ab}::tsvector, ${cols.cl}::tsvector, ${cols.de}::tsvector, ${cols.pa}::tsvector, ${cols.inv}::tsvector, ${cols.addr}::tsvector, ${cols.ag}::tsvector)`.execute(
    db,
  );
  for (const c of extra) {
    await sql`INSERT INTO patent_text_chunks (patent_id, field, chunk, tsv) VALUES (${patentId}, ${c.field}, ${c.chunk}, ${c.tsv}::tsvector)`.execute(
      db,
    );
  }
}
