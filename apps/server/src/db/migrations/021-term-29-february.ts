import { sql, type Kysely } from 'kysely';
import { termEnd } from '../../modules/patents/legal-status';

/**
 * One term rule (ADR 0033): a patent filed on 29 February is in force through the day before the N-th anniversary
 * (28 February in a common year → 27 February). Rows imported before this rule stored 28 February; recompute
 * `patents.expiry_date` for the filings on 29 February only (a handful of rows, found by the filing date's text).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{
    id: number;
    ad: string;
    gd: string | null;
    type: string;
    country: string;
    term_adjustment_days: number | null;
    expiry_date: string | null;
  }>`select id, ad, gd, type, country, term_adjustment_days, expiry_date from patents where ad like ${'%-02-29'}`.execute(db);
  for (const r of rows.rows) {
    const type = r.type === '发明' || r.type === '实用新型' || r.type === '外观设计' ? r.type : '';
    const expiry = termEnd({
      type,
      country: r.country,
      ad: r.ad,
      gd: r.gd,
      termAdjustmentDays: Number(r.term_adjustment_days ?? 0),
    });
    if (expiry && expiry !== r.expiry_date) await sql`update patents set expiry_date = ${expiry} where id = ${r.id}`.execute(db);
  }
}
