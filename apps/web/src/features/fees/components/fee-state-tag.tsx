import { feeStateLabel, type FeeState } from '@ip/contract';
import { ToneTag, type Tone } from '../../../components/record-files';

const TONES: Record<FeeState, Tone> = {
  not_due: 'blue',
  due: 'orange',
  grace: 'red',
  lapsed: 'magenta',
  expired: 'gray',
  paid: 'green',
  paid_at_grant: 'green',
  pre_grant: 'gray',
};

/** 未到期 / 待缴费 / 宽限期（滞纳金 x%） / 已失效（可恢复） / 已届满 / 已缴, in accessible tones. */
export function FeeStateTag({ state, lateFeePct = 0 }: { state: FeeState; lateFeePct?: number }) {
  return <ToneTag tone={TONES[state]}>{feeStateLabel(state, lateFeePct)}</ToneTag>;
}

/** Money in RMB with two decimals and thousands separators. */
export const yuan = (n: number) => `¥${n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** 剩余 N 天 / 今日到期 / 逾期 N 天. */
export function daysText(days: number): string {
  if (days > 0) return `剩余 ${days} 天`;
  if (days === 0) return '今日到期';
  return `逾期 ${-days} 天`;
}
