import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import { agencyValues, writeIndexes, type IndexEntry } from '../../search/engine/index-writer';
import type { MigrationDialect } from './helpers';

/**
 * Index format 2 (issue 11, ADR 0035): one main-stream position per word or CJK character (no begin anchors), so
 * NEAR/n counts the same way in Chinese as in English; and the values of applicants, inventors and agencies are
 * indexed one by one with a gap between them, so a phrase or NEAR never spans two values. The text index of every
 * patent written before is rebuilt here from the patents table, in batches (SQLite: patents_fts; PostgreSQL:
 * patent_search and patent_text_chunks).
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const kdb = db as unknown as Kysely<Database>;
  if (dialect === 'sqlite') {
    await sql`INSERT INTO patents_fts (patents_fts) VALUES ('delete-all')`.execute(kdb);
  } else {
    await sql`DELETE FROM patent_text_chunks`.execute(kdb);
    await sql`DELETE FROM patent_search`.execute(kdb);
  }
  const BATCH = 500;
  for (let after = 0; ;) {
    const rows = await kdb
      .selectFrom('patents')
      .select(['id', 'title', 'abstract', 'claims', 'description', 'applicants', 'inventors', 'address', 'agency'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (!rows.length) return;
    const entries: IndexEntry[] = rows.map((r) => ({
      patentId: Number(r.id),
      fields: {
        ti: r.title,
        ab: r.abstract,
        cl: r.claims,
        de: r.description,
        pa: jsonList(r.applicants),
        inv: jsonList(r.inventors),
        addr: r.address,
        ag: agencyValues(r.agency),
      },
      replace: false,
    }));
    await writeIndexes(kdb, dialect, entries);
    after = Number(rows[rows.length - 1].id);
  }
}

function jsonList(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
