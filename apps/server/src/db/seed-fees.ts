// Demo annual fees of 示例科技有限公司 (ADR 0026), for a fresh start: fee reductions on about half its patents (85 %,
// some 70 %), a few term adjustments on inventions, and payments of every past year, so each patent's next fee lies
// ahead, except a couple of patents left unpaid in the grace period and one left lapsed (restorable). Relative to
// the seed day and deterministic for it: patents are taken in id order, nothing is random.
import { isoAddDays } from '@ip/contract';
import type { Deps } from '../deps';
import { getWorkingCalendar } from '../modules/calendar/working-calendar';
import { chinaToday } from '../modules/common/records';
import { feeStatus } from '../modules/fees/fee-engine';
import { loadFeeInputs } from '../modules/fees/fee-facts';
import { DEMO_PORTFOLIO_COMPANY } from './seed/portfolio';
import { writeTransaction } from './write';

const PAYERS = ['北京智诚知识产权代理有限公司', '财务部 王会计', '上海专信专利事务所'];

/** Reduction of the i-th patent: 85 % for two of four, 70 % for one of eight, none for the rest. */
export const demoReduction = (i: number): 0 | 70 | 85 => (i % 4 < 2 ? 85 : i % 8 === 2 ? 70 : 0);

export async function seedDemoFees(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('company_name', '=', DEMO_PORTFOLIO_COMPANY)
    .executeTakeFirst();
  if (!company) return;
  const companyId = Number(company.id);
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('rid', '=', 0)
    .orderBy('id')
    .executeTakeFirst();
  const own = await db
    .selectFrom('company_patents as cp')
    .innerJoin('patents as p', 'p.id', 'cp.patent_id')
    .select(['p.id', 'p.type'])
    .where('cp.company_id', '=', companyId)
    .where('cp.removed', '=', 0)
    .where('cp.source', '<>', 'collect')
    .where('p.gd', 'is not', null)
    .orderBy('p.id')
    .execute();
  if (!own.length) return;

  await writeTransaction(deps.db, { what: 'demo fees' }, async (trx) => {
    for (const [i, p] of own.entries()) {
      const adjust = p.type === '发明' && i % 5 === 0 ? 30 + ((i * 37) % 300) : 0;
      await trx
        .updateTable('patents')
        .set({ fee_reduction_pct: demoReduction(i), term_adjustment_days: adjust })
        .where('id', '=', p.id)
        .execute();
    }
  });

  const today = chinaToday(deps.clock());
  const cal = await getWorkingCalendar(deps);
  const inputs = await loadFeeInputs(
    deps,
    companyId,
    own.map((p) => Number(p.id)),
  );
  // Each patent's unpaid years that fell due before today, and the last of them.
  const plans: { patentId: number; years: { year: number; due: string; amount: number }[] }[] = [];
  for (const p of own) {
    const input = inputs.get(Number(p.id));
    if (!input) continue;
    const status = feeStatus(input, cal, today);
    const years = status.years
      .filter((y) => !y.payment && y.due < today && (y.state === 'due' || y.state === 'grace' || y.state === 'lapsed'))
      .map((y) => ({ year: y.year, due: y.due, amount: y.amount }));
    if (years.length) plans.push({ patentId: Number(p.id), years });
  }
  // Left unpaid: the last year of two patents whose due date is 1–5 months ago (grace), of one 7–11 months ago (lapsed).
  const lastDue = (pl: (typeof plans)[number]) => pl.years[pl.years.length - 1].due;
  const grace = plans
    .filter((pl) => lastDue(pl) >= isoAddDays(today, -150) && lastDue(pl) <= isoAddDays(today, -35))
    .slice(0, 2)
    .map((pl) => pl.patentId);
  const lapsed = plans
    .filter((pl) => lastDue(pl) >= isoAddDays(today, -330) && lastDue(pl) <= isoAddDays(today, -215))
    .slice(0, 1)
    .map((pl) => pl.patentId);
  const skipLast = new Set([...grace, ...lapsed]);
  const now = deps.clock().toISOString();
  const rows = plans.flatMap((pl, k) => {
    const years = skipLast.has(pl.patentId) ? pl.years.slice(0, -1) : pl.years;
    return years.map((y) => ({
      company_id: companyId,
      patent_id: pl.patentId,
      year: y.year,
      // Paid a few days before the due date (never after today).
      paid_on: isoAddDays(y.due, -(3 + ((k + y.year) % 20))),
      amount: y.amount,
      payer: PAYERS[(k + y.year) % PAYERS.length],
      file_id: 0,
      note: '',
      created_by: Number(user?.id ?? 0),
      created_at: now,
    }));
  });
  await writeTransaction(deps.db, { what: 'demo fee payments' }, async (trx) => {
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto('fee_payments')
        .values(rows.slice(i, i + 200))
        .execute();
  });
}
