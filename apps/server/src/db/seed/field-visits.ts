import type { Deps } from '../../deps';
import { inScope } from '../../modules/enterprise/service-scope';

/**
 * Demo data of the mobile visit pages (ADR 0044): the demo staff member (13800000004) has to-visits today, tomorrow
 * and in three days, one overdue from two days ago, and three records of the last fortnight, all on enterprises of
 * its scope, so /web/small/Waitvisit and /web/small/workVisit have content on a fresh start. Days count from the
 * start day (Asia/Shanghai); enterprises and texts by position: the same data on every fresh start.
 */
export async function seedDemoFieldVisits(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const staff = await db.selectFrom('users').select(['id', 'com_id']).where('mobile', '=', '13800000004').executeTakeFirst();
  if (!staff || !staff.com_id) return;
  const scope = { ownerId: Number(staff.com_id), userId: Number(staff.id), isMain: false };
  const companies = await db.selectFrom('companies').select('id').where(inScope(scope)).orderBy('id').limit(7).execute();
  if (companies.length === 0) return;
  const now = deps.clock();
  const today = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const at = now.toISOString();
  const base = {
    owner_id: Number(staff.com_id),
    staff_id: Number(staff.id),
    created_by: Number(staff.id),
    created_at: at,
    updated_at: at,
  };
  const company = (i: number) => Number(companies[i % companies.length].id);
  const plans = [
    { d: 0, time: '09:30', purpose: '了解企业专利布局与申请计划' },
    { d: 0, time: '14:00', purpose: '知识产权政策宣讲' },
    { d: 1, time: '10:00', purpose: '高新技术企业认定辅导' },
    { d: 3, time: '', purpose: '回访上次提出的专利质押融资需求' },
    { d: -2, time: '15:30', purpose: '商标续展提醒' },
  ];
  const records = [
    { d: -3, people: '张经理（研发部）', content: '介绍了专利导航服务，企业计划年内新申请发明专利 5 件。', follow: 1 },
    { d: -6, people: '李总', content: '了解到企业有专利侵权纠纷的顾虑，已告知维权援助渠道。', follow: 0 },
    { d: -10, people: '王主任（办公室）', content: '核对企业基本信息和联系人，发放知识产权政策汇编。', follow: 0 },
  ];
  await db
    .insertInto('visits')
    .values([
      ...plans.map((p, i) => ({
        ...base,
        company_id: company(i),
        status: 'plan' as const,
        plan_date: day(p.d),
        plan_time: p.time,
        purpose: p.purpose,
        visit_date: '',
        people_met: '',
        content: '',
        photos: '[]',
        follow_up: 0,
        follow_note: '',
        request_key: null,
        follow_done_at: null,
      })),
      ...records.map((r, i) => ({
        ...base,
        company_id: company(plans.length + i),
        status: 'done' as const,
        plan_date: day(r.d),
        plan_time: '',
        purpose: '',
        visit_date: day(r.d),
        people_met: r.people,
        content: r.content,
        photos: '[]',
        follow_up: r.follow,
        follow_note: '',
        request_key: null,
        follow_done_at: null,
      })),
    ])
    .execute();
}
