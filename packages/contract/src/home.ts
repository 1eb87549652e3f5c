import type { FeeSummary } from './fees';

/** /home for set A (issue 9): the company's dashboard figures (POST /v1/frontend/home/summary, ADR 0018). */
export interface HomeSummary {
  /** null: the user has no company yet (a trial user before approval). */
  company: { id: number; company_name: string; credit_code: string; fee_reduction: number } | null;
  /** The company's own patents (not removed, not only collected). */
  total: number;
  by_type: { type: string; count: number }[];
  by_status: { status: string; count: number }[];
  core: number;
  collected: number;
  uncategorised: number;
  /** This calendar year (Asia/Shanghai): granted, applied, and in force with the term ending this year. */
  year: number;
  granted_this_year: number;
  applied_this_year: number;
  expiring_this_year: number;
  /** In force, the term ending within the next 12 months: the nearest first (at most 5). */
  expiring_soon: { patent_id: number; title: string; an: string | null; type: string; expiry_date: string }[];
  /** Certificates expiring within 90 days (expired ones not counted), the nearest first (at most 5), and how many. */
  certificates_expiring: { id: number; name: string; kind: string; expiry_date: string }[];
  certificates_expiring_count: number;
  /** Cases the company follows (收藏), the latest filed first (at most 5), and how many. */
  litigation_followed: { id: number; case_no: string; cause: string; status: string; filing_date: string }[];
  litigation_followed_count: number;
  /** The company's latest finished monthly report (issue 10), null when none. */
  latest_report?: { id: number; month: string; generated_at: string | null } | null;
  /** Annual fees (ADR 0026): due within 30/90 days (count, amount after reduction), in grace, lapsed-restorable. */
  fees?: FeeSummary;
  /** Unread monitoring hits of the company (ADR 0033), shown on /home with a link to /early. */
  monitor_unread?: number;
}
