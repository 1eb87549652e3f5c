import type { Insertable } from 'kysely';
import type { Deps } from '../../deps';
import type { VisitsTable } from '../schema';
import { chinaToday } from '../../modules/common/records';
import { writeTransaction } from '../write';
import { isoAddDays } from '@ip/contract';

// Demo visits (issue 12 bundle B4, ADR 0040) for the office of 13800000003: records over the past year (some with the
// follow-up still open), plans in the coming weeks (a few overdue), a few cancelled plans. Deterministic: by position
// of each enterprise (by id), counted from the day of the fresh start. The demo staff member (13800000004) visits the
// enterprises of its scope, the main account the others.

const PURPOSES = [
  '了解专利布局与申请计划',
  '宣讲知识产权资助政策',
  '回访上次反映的问题',
  '高企认定辅导',
  '融资与质押对接',
  '商标与品牌保护交流',
];
const PEOPLE = ['王总（总经理）', '李经理（研发部）', '张工（知识产权专员）', '陈总监（法务）', '刘主任（办公室）'];
const CONTENTS = [
  '企业今年计划新申请发明专利 5 件，希望了解优先审查的条件，已现场讲解并留下材料。',
  '介绍了区知识产权资助政策，企业关注 PCT 申请资助，约定下月提交材料。',
  '企业反映一件实用新型被仿冒，建议先固定证据，已转法律援助渠道。',
  '检查了研发费用归集与专利对应关系，提示高企认定需在 9 月前补齐两项发明授权。',
  '企业有 500 万元流动资金需求，介绍了专利质押融资产品，约定银行上门对接。',
  '企业准备出口东南亚，讲解了马德里商标国际注册流程。',
];
const TIMES = ['09:00', '09:30', '10:00', '14:00', '14:30', '15:30', ''];

export async function seedDemoVisits(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const main = await db.selectFrom('users').select('id').where('mobile', '=', '13800000003').executeTakeFirst();
  if (!main) return;
  const ownerId = Number(main.id);
  const staff = await db.selectFrom('users').select('id').where('mobile', '=', '13800000004').executeTakeFirst();
  const staffId = staff ? Number(staff.id) : ownerId;
  const companies = await db
    .selectFrom('companies')
    .select(['id', 'street_id'])
    .where('service_owner_id', '=', ownerId)
    .orderBy('id')
    .execute();
  if (!companies.length) return;
  const direct = new Set(
    (await db.selectFrom('staff_companies').select('company_id').where('staff_id', '=', staffId).execute()).map((r) =>
      Number(r.company_id),
    ),
  );
  const streets = new Set(
    (await db.selectFrom('staff_streets').select('street_id').where('staff_id', '=', staffId).execute()).map((r) =>
      Number(r.street_id),
    ),
  );
  const visitor = (c: { id: number; street_id: number }) =>
    direct.has(Number(c.id)) || streets.has(Number(c.street_id)) ? staffId : ownerId;
  const now = deps.clock().toISOString();
  const today = chinaToday(deps.clock());
  const rows: Insertable<VisitsTable>[] = [];
  const base = (c: { id: number; street_id: number }) => ({
    owner_id: ownerId,
    company_id: Number(c.id),
    staff_id: visitor(c),
    created_by: visitor(c),
    photos: '[]',
    request_key: null,
    created_at: now,
    updated_at: now,
  });
  // Records: the first 150 enterprises get 1–3 visits spread over the past year.
  companies.slice(0, 150).forEach((c, i) => {
    const n = 1 + (i % 3);
    for (let k = 0; k < n; k++) {
      const back = ((i * 37 + k * 113) % 360) + 1;
      const day = isoAddDays(today, -back);
      const open = back <= 60 && (i + k) % 4 === 0;
      const closed = !open && (i + k) % 7 === 0;
      rows.push({
        ...base(c),
        status: 'done',
        plan_date: day,
        plan_time: TIMES[(i + k) % TIMES.length],
        purpose: PURPOSES[(i + k) % PURPOSES.length],
        visit_date: day,
        people_met: PEOPLE[(i + 2 * k) % PEOPLE.length],
        content: CONTENTS[(i + k) % CONTENTS.length],
        follow_up: open || closed ? 1 : 0,
        follow_note: open || closed ? '补充提供政策申报材料清单' : '',
        follow_done_at: closed ? `${isoAddDays(day, 3)}T02:00:00.000Z` : null,
      });
    }
  });
  // Plans: 40 in the coming four weeks (two today), 4 overdue, 3 cancelled.
  Array.from({ length: 47 }, (_, i) => companies[(i * 7) % companies.length]).forEach((c, i) => {
    const offset = i < 40 ? (i < 2 ? 0 : (i * 5) % 28) : i < 44 ? -(i - 39) : 3 + i;
    rows.push({
      ...base(c),
      status: i >= 44 ? 'cancelled' : 'plan',
      plan_date: isoAddDays(today, offset),
      plan_time: TIMES[i % TIMES.length],
      purpose: PURPOSES[i % PURPOSES.length],
      visit_date: '',
      people_met: '',
      content: '',
      follow_up: 0,
      follow_note: '',
      follow_done_at: null,
    });
  });
  await writeTransaction(deps.db, { what: 'seed demo visits' }, async (trx) => {
    for (let i = 0; i < rows.length; i += 100) {
      await trx
        .insertInto('visits')
        .values(rows.slice(i, i + 100))
        .execute();
    }
  });
}
