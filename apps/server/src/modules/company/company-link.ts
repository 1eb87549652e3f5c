import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { refreshCompanyFacts } from '../grading/facts';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * The comparison key of a company name (ADR 0018): Unicode NFKC (full-width letters, digits and brackets become
 * half-width), no white space, lower case. Two names with the same key are the same company.
 */
export function normaliseCompanyName(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}

/**
 * The spellings under which a company's name may appear as a patent applicant: as written (trimmed), normalised,
 * and normalised with full-width brackets (the register writes 有限公司（北京） with full-width brackets; imports
 * and hand input often use half-width ones). patent_applicants.name is matched exactly against these, so the join
 * uses its index.
 */
export function nameVariants(name: string): string[] {
  const trimmed = name.trim();
  if (!trimmed) return [];
  const norm = normaliseCompanyName(trimmed);
  const fullBrackets = norm.replace(/\(/g, '（').replace(/\)/g, '）');
  const upper = trimmed.normalize('NFKC').replace(/\s+/g, '');
  return [...new Set([trimmed, norm, fullBrackets, upper, upper.replace(/\(/g, '（').replace(/\)/g, '）')])];
}

/** The former names of a companies row (JSON array text; anything else reads as none). */
export function formerNamesOf(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json || '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
  } catch {
    return [];
  }
}

/** Rewrites company_names for one company from its current and former names. */
export async function refreshCompanyNames(db: Q, companyId: number): Promise<void> {
  const c = await db
    .selectFrom('companies')
    .select(['company_name', 'former_names'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  await db.deleteFrom('company_names').where('company_id', '=', companyId).execute();
  if (!c) return;
  const names = new Set<string>();
  for (const n of [c.company_name, ...formerNamesOf(c.former_names)]) for (const v of nameVariants(n)) names.add(v);
  if (names.size) {
    await db
      .insertInto('company_names')
      .values([...names].map((name) => ({ company_id: companyId, name })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await refreshCompanyFacts(db, [companyId]); // its litigation cases are matched by these names (ADR 0050)
}

/** Rewrites company_names for every company (after a bulk change of names, and once at migration time). */
export async function refreshAllCompanyNames(db: Q): Promise<void> {
  const ids = await db.selectFrom('companies').select('id').execute();
  for (const { id } of ids) await refreshCompanyNames(db, id);
}

/**
 * Links patents to companies by applicant name (ADR 0018): every patent with an applicant spelt as one of a
 * company's names becomes that company's ('auto'), unless the company took it out (removed stays 1). A patent the
 * company had only collected becomes its own. One INSERT … SELECT over the indexed join, so it is fast after an
 * import of a million patents (tools/bench/link-bench). Then the companies' stored patent counts are refreshed.
 * companyId: only that company (on approval, on a name change); omitted: all companies (after an import).
 */
export async function linkCompanyPatents(db: Q, now: string, companyId?: number): Promise<number> {
  const only = companyId === undefined ? sql`` : sql`AND cn.company_id = ${companyId}`;
  const res = await sql`
    INSERT INTO company_patents (company_id, patent_id, source, created_at, updated_at)
    SELECT DISTINCT cn.company_id, pa.patent_id, 'auto', ${now}, ${now}
    FROM company_names cn JOIN patent_applicants pa ON pa.name = cn.name
    WHERE 1 = 1 ${only}
    ON CONFLICT (company_id, patent_id) DO UPDATE SET source = 'auto', updated_at = excluded.updated_at
    WHERE company_patents.source = 'collect'`.execute(db);
  await refreshPatentCounts(db, companyId);
  return Number(res.numAffectedRows ?? 0);
}

/** companies.patent_num = the company's own patents (not removed, not only collected). */
export async function refreshPatentCounts(db: Q, companyId?: number): Promise<void> {
  const only = companyId === undefined ? sql`` : sql`WHERE companies.id = ${companyId}`;
  await sql`UPDATE companies SET patent_num = (
      SELECT count(*) FROM company_patents cp
      WHERE cp.company_id = companies.id AND cp.removed = 0 AND cp.source <> 'collect') ${only}`.execute(db);
  // The ranking's stored counts (ADR 0050) follow the patents linked.
  await refreshCompanyFacts(db, companyId === undefined ? undefined : [companyId]);
}
