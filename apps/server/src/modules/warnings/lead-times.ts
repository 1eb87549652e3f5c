// A company's warning lead times (DOMAIN §3): how many days before a fee due date or a certificate's expiry a warning
// is delivered, and whether a monthly reminder goes out inside the fee grace period. Every scan reads them here.
import type { Deps } from '../../deps';

export interface LeadTimes {
  /** Days before an annual fee's due date, largest first (default 90, 30, 7). */
  fee: number[];
  /** One reminder in each month of the 6-month grace period. */
  feeGraceMonthly: boolean;
  /** Days before a certificate's expiry date, largest first (default 90, 30, 7). */
  certificate: number[];
}

export const DEFAULT_LEAD_TIMES: LeadTimes = { fee: [90, 30, 7], feeGraceMonthly: true, certificate: [90, 30, 7] };

function parseDays(text: string, fallback: number[]): number[] {
  try {
    const v = JSON.parse(text) as unknown;
    if (Array.isArray(v) && v.length > 0 && v.every((d) => Number.isInteger(d) && d > 0)) {
      return [...(v as number[])].sort((a, b) => b - a);
    }
  } catch {
    // A damaged row reads as the defaults.
  }
  return fallback;
}

/** The company's lead times: its own (warning_settings, saved on /system 提醒设置) or the defaults. ADR 0027. */
export async function getLeadTimes(deps: Pick<Deps, 'db'>, companyId: number): Promise<LeadTimes> {
  const row = await deps.db.db.selectFrom('warning_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
  if (!row) return DEFAULT_LEAD_TIMES;
  return {
    fee: parseDays(row.fee_days, DEFAULT_LEAD_TIMES.fee),
    feeGraceMonthly: Number(row.fee_grace_monthly) === 1,
    certificate: parseDays(row.certificate_days, DEFAULT_LEAD_TIMES.certificate),
  };
}
