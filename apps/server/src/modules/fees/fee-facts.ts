// The facts the fee engine works on, read from the database (ADR 0025): a company's own portfolio patents
// (company_patents, not removed, not only collected) with their type, filing date (ad), grant date (gd), term
// adjustment and recorded fee reduction (patents), and the company's payments (fee_payments).
import type { Deps } from '../../deps';
import { APPLICATION_TYPES } from '../../search/patent-number';
import type { FeePatentInput, FeePatentType, FeePayment } from './fee-engine';

/** Ids per query: far below SQLite's and PostgreSQL's limits on bound parameters. */
const CHUNK = 5000;

const TYPE_BY_NAME: Record<string, FeePatentType> = { 发明: 'invention', 实用新型: 'utility', 外观设计: 'design' };

/**
 * The type a Chinese application number gives (DOMAIN §2): digit 5 of the 12 digits (digit 3 of an old 8-digit
 * number): 1 and 8 invention, 2 and 9 utility model, 3 design. Null when the number is not one.
 */
export function feeTypeFromApplicationNumber(an: string | null): FeePatentType | null {
  if (!an) return null;
  const m = /^(?:CN|ZL)?(\d{12}|\d{8})(?:\.?[0-9X])?$/.exec(an.toUpperCase().replace(/[\s.-]/g, (c) => (c === '.' ? '.' : '')));
  if (!m) return null;
  const digits = m[1]!;
  const entry = APPLICATION_TYPES[Number(digits.length === 12 ? digits[4] : digits[2])];
  return entry ? TYPE_BY_NAME[entry.type]! : null;
}

/** The engine's type for a patent row: from the application number when it is a Chinese one, else the stored type. */
export function feeTypeOf(an: string | null, storedType: string): FeePatentType | null {
  return feeTypeFromApplicationNumber(an) ?? TYPE_BY_NAME[storedType] ?? null;
}

function reductionOf(v: unknown): 0 | 70 | 85 {
  const n = Number(v);
  return n === 85 ? 85 : n === 70 ? 70 : 0;
}

/**
 * The fee-engine input of each of the company's own patents (all of them, or those of `patentIds`), keyed by patent
 * id. A patent is left out when China's annual fees do not apply to it or cannot be computed: another country's
 * patent, no filing date, or no known type.
 */
export async function loadFeeInputs(
  deps: Pick<Deps, 'db'>,
  companyId: number,
  patentIds?: readonly number[],
): Promise<Map<number, FeePatentInput>> {
  const out = new Map<number, FeePatentInput>();
  const chunks: (readonly number[] | null)[] = [];
  if (patentIds) {
    const ids = [...new Set(patentIds)].filter((id) => Number.isInteger(id) && id > 0);
    for (let i = 0; i < ids.length; i += CHUNK) chunks.push(ids.slice(i, i + CHUNK));
  } else chunks.push(null);
  const db = deps.db.db;
  for (const ids of chunks) {
    let q = db
      .selectFrom('company_patents as cp')
      .innerJoin('patents as p', 'p.id', 'cp.patent_id')
      .select(['p.id', 'p.an', 'p.ad', 'p.gd', 'p.type', 'p.country', 'p.term_adjustment_days', 'p.fee_reduction_pct'])
      .where('cp.company_id', '=', companyId)
      .where('cp.removed', '=', 0)
      .where('cp.source', '<>', 'collect');
    if (ids) q = q.where('cp.patent_id', 'in', ids);
    const rows = await q.execute();
    for (const r of rows) {
      if (r.country && r.country !== 'CN') continue;
      if (!r.ad) continue;
      const type = feeTypeOf(r.an, r.type);
      if (!type) continue;
      out.set(Number(r.id), {
        type,
        filingDate: r.ad,
        grantDate: r.gd || null,
        termAdjustmentDays: Number(r.term_adjustment_days) || 0,
        reductionPct: reductionOf(r.fee_reduction_pct),
        payments: [],
      });
    }
    let pq = db.selectFrom('fee_payments').select(['patent_id', 'year', 'paid_on', 'amount']).where('company_id', '=', companyId);
    if (ids) pq = pq.where('patent_id', 'in', ids);
    const payments = await pq.execute();
    for (const pay of payments) {
      const input = out.get(Number(pay.patent_id));
      if (!input) continue;
      const p: FeePayment = { year: Number(pay.year), paidOn: pay.paid_on, amount: Number(pay.amount) };
      input.payments.push(p);
    }
  }
  return out;
}
