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

/** The company's lead times. Today the defaults; the settings tab on /system (issue 10) stores each company's own. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function getLeadTimes(deps: Pick<Deps, 'db'>, companyId: number): Promise<LeadTimes> {
  return DEFAULT_LEAD_TIMES;
}
