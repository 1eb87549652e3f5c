import { sql } from 'kysely';
import { isoAddDays } from '@ip/contract';
import type { Deps } from '../../deps';
import { chinaToday } from '../../modules/common/records';
import { getWorkingCalendar } from '../../modules/calendar/working-calendar';
import { inScope } from '../../modules/enterprise/service-scope';
import { feeFor, feeNext, grantYearOf, patentTerm, type FeePatentInput } from '../../modules/fees/fee-engine';
import { feeTypeOf, type PatentFactsRow } from '../../modules/fees/fee-facts';
import { storeCases } from '../../modules/litigation/litigation-import';
import { validateCase } from '../../modules/litigation/litigation-record';

// Demo data of /workWarning (issue 12, ADR 0048): the visits and demands seeds already give 久未走访 and 需求红灯;
// this adds, for one enterprise in the demo staff member's scope and one outside it (the main account's), a
// certificate about to expire, a litigation case filed a few days ago, and fee payments that leave one linked patent's
// next annual fee in its grace period (专利即将失效). Deterministic: enterprises by id, days counted from the seed's
// clock, the patent the first (by id) whose payments can be made to end in a grace period lasting ≥ 30 more days.
// Enterprises with company users are left alone (their own fee and certificate pages stay as their seeds made them).

export async function seedDemoEnterpriseWarnings(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const main = await db.selectFrom('users').select('id').where('mobile', '=', '13800000003').executeTakeFirst();
  const staff = await db.selectFrom('users').select('id').where('mobile', '=', '13800000004').executeTakeFirst();
  if (!main || !staff) return;
  const ownerId = Number(main.id);
  const staffScope = { ownerId, userId: Number(staff.id), isMain: false };
  const withUsers = db.selectFrom('users').select('users.company_id').where('users.company_id', '>', 0);
  const office = await db
    .selectFrom('companies')
    .select(['companies.id', 'companies.company_name'])
    .where('companies.service_owner_id', '=', ownerId)
    .where('companies.id', 'not in', withUsers)
    .orderBy('companies.id')
    .execute();
  if (!office.length) return;
  const staffIds = new Set(
    (await db.selectFrom('companies').select('companies.id').where(inScope(staffScope)).execute()).map((c) => Number(c.id)),
  );
  const today = chinaToday(deps.clock());
  const now = deps.clock().toISOString();
  const cal = await getWorkingCalendar(deps);

  // 专利即将失效: for each side, the first linked patent whose payments can stop just before a year now in grace, an
  // enterprise (by id) at a time: a few patents settle it, and all the offices' linked patents (100,000 after an import
  // of 200,000 demo patents) must not be read at once on the first start.
  const linkedOf = async (companyId: number) =>
    (
      await sql<
        Omit<PatentFactsRow, 'fee_reduction_pct'> & { company_id: number }
      >`select cp.company_id, p.id, p.an, p.ad, p.gd, p.type, p.country, p.term_adjustment_days
    from company_patents cp join patents p on p.id = cp.patent_id
    where cp.company_id = ${companyId} and cp.removed = 0 and cp.source <> 'collect' and p.gd is not null
      and p.ad is not null
    order by p.id`.execute(db)
    ).rows;
  const paying = new Set(
    (await db.selectFrom('fee_payments').select('company_id').distinct().execute()).map((r) => Number(r.company_id)),
  );
  const picked = { staff: false, main: false };
  for (const co of office) {
    const side = staffIds.has(Number(co.id)) ? 'staff' : 'main';
    if (picked[side] || paying.has(Number(co.id))) continue;
    for (const p of await linkedOf(Number(co.id))) {
      if (picked[side]) break;
      if (p.country && p.country !== 'CN') continue;
      const type = feeTypeOf(p.an, p.type);
      if (!type || !p.ad || !p.gd) continue;
      const input: FeePatentInput = {
        type,
        filingDate: p.ad,
        grantDate: p.gd,
        termAdjustmentDays: Number(p.term_adjustment_days) || 0,
        reductionPct: 0,
        payments: [],
        paidYears: 0,
      };
      const grant = grantYearOf(input);
      if (grant === null) continue;
      const years = patentTerm(input).years;
      let bits = 0;
      for (let year = grant + 1; year <= years && year < 31; year++) {
        const next = feeNext({ ...input, paidYears: bits }, cal, today).next;
        if (next && next.year === year && next.state === 'grace' && isoAddDays(today, 30) <= next.graceEnd) {
          const rows = [];
          for (let y = grant + 1; y < year; y++)
            rows.push({
              company_id: Number(p.company_id),
              patent_id: Number(p.id),
              year: y,
              paid_on: isoAddDays(p.ad, 365 * (y - 1) - 20),
              amount: feeFor(type, y),
              created_at: now,
            });
          for (let i = 0; i < rows.length; i += 100)
            await db
              .insertInto('fee_payments')
              .values(rows.slice(i, i + 100))
              .execute();
          picked[side] = true;
          break;
        }
        if (next && next.year === year && next.state !== 'lapsed' && next.state !== 'grace') break;
        bits |= 1 << year;
      }
    }
    if (picked.staff && picked.main) break;
  }

  // 证书即将到期 and 新增诉讼: the first enterprise of each side.
  const staffCo = office.find((c) => staffIds.has(Number(c.id)));
  const mainCo = office.find((c) => !staffIds.has(Number(c.id)));
  const cases = [];
  for (const [i, c] of [staffCo, mainCo].entries()) {
    if (!c) continue;
    await db
      .insertInto('certificates')
      .values({
        company_id: Number(c.id),
        kind: i === 0 ? 'hightech' : 'qualification',
        number: i === 0 ? 'GR202332000518' : 'ZZ-2023-0716',
        name: i === 0 ? '高新技术企业证书' : '知识产权管理体系认证证书',
        issuer: i === 0 ? '示例省科学技术厅' : '示例认证中心',
        issue_date: isoAddDays(today, -1055 + i * 30),
        expiry_date: isoAddDays(today, 40 + i * 35),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const filed = isoAddDays(today, -(4 + i * 9));
    const year = filed.slice(0, 4);
    const v = validateCase(
      {
        case_no: `（${year}）示0${i + 1}知民初${318 + i * 47}号`,
        court: '示例市中级人民法院',
        cause: i === 0 ? '侵害实用新型专利权纠纷' : '侵害商标权纠纷',
        trial_level: '一审',
        status: '审理中',
        filing_date: filed,
        parties: [
          { role: '原告', name: i === 0 ? '示例精密机械有限公司' : '示例品牌管理有限公司' },
          { role: '被告', name: c.company_name },
        ],
        summary: '原告诉称被告生产、销售的产品落入其权利保护范围，请求判令停止侵权并赔偿经济损失。',
        judgment_text: '',
      },
      1,
      { demo: true },
    );
    if (v.ok) cases.push(v.record);
  }
  if (cases.length) await storeCases(deps.db, cases, { source: 'demo:enterprise-warnings', now: () => now });
}
