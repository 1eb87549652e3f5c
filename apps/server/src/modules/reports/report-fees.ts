// The fee figures of a monthly report (ADR 0030). Stand-in until the fee engine (branch h1) is merged.
import type { ReportFeeItem } from '@ip/contract';
import type { Deps } from '../../deps';

export interface ReportRange {
  start: string;
  end: string;
  nextStart: string;
  nextEnd: string;
  /** First month of the 12-month fee chart. */
  chartFrom: string;
}

export interface FeeFacts {
  paid: ReportFeeItem[];
  due: ReportFeeItem[];
  /** Fees paid per month (YYYY-MM) over the chart's months. */
  byMonth: Map<string, { amount: number; count: number }>;
  /** Patents that lapsed for an unpaid fee in the month: the day of the lapse. */
  lapses: Map<number, string>;
  /** Term expiry (last day in force) by patent, from the fee engine. */
  expiries: Map<number, string>;
}

export async function reportFees(_deps: Deps, _companyId: number, _patentIds: number[], _range: ReportRange): Promise<FeeFacts> {
  return { paid: [], due: [], byMonth: new Map(), lapses: new Map(), expiries: new Map() };
}
