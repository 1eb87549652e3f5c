// Demo demands (issue 12, ADR 0042): ~30 demands of the demo office's enterprises in every status and every light,
// relative to the clock of the fresh start, so /workWaitvisit3, /workFollow and /VisitsNeeds have content at once.
// Some belong to the demo company user's company (13800000001, served by the demo office since ADR 0038's seed):
// one handled (it can evaluate it), one closed, one open. Deterministic: positions decide everything.
import type { Deps } from '../../deps';
import { getWorkingCalendar, type WorkingCalendar } from '../../modules/calendar/working-calendar';
import { demandDueDays, DEFAULT_DEMAND_LIMITS } from '../../modules/enterprise/demand-lights';
import { idsInScope } from '../../modules/enterprise/service-scope';
import { writeTransaction } from '../write';
import { chinaToday } from '../../modules/common/records';

type Status = 'registered' | 'assigned' | 'handled' | 'evaluated' | 'closed';
interface Plan {
  /** Working days before today the demand was registered. */
  ago: number;
  status: Status;
  contacted?: boolean;
  replied?: boolean;
  own?: boolean;
  source?: 'visit' | 'staff' | 'company';
}

const TITLES = [
  '申请高新技术企业认定辅导',
  '专利质押融资对接',
  '研发人员招聘渠道',
  '扩建厂房用地咨询',
  '研发费用加计扣除政策解读',
  '海外专利布局咨询',
  '产学研合作对接高校',
  '商标被抢注维权咨询',
  '参加行业展会的补贴申请',
  '专精特新企业申报',
  '知识产权贯标辅导',
  '科技型中小企业评价入库',
];
const RESULTS = ['已对接合作银行，完成授信评估', '已安排政策专员上门讲解', '已推荐三家人才服务机构', '已协调街道提供厂房信息'];

/** The working day `n` working days before `day` (n ≥ 0; today itself when 0 and a working day). */
function workingDaysBefore(day: string, n: number, cal: WorkingCalendar): string {
  let d = day;
  const back = (x: string) => {
    const t = new Date(`${x}T00:00:00Z`);
    t.setUTCDate(t.getUTCDate() - 1);
    return t.toISOString().slice(0, 10);
  };
  while (!cal.isWorkingDay(d)) d = back(d);
  for (let i = 0; i < n; i++) {
    d = back(d);
    while (!cal.isWorkingDay(d)) d = back(d);
  }
  return d;
}
/** An instant on a Shanghai day at hh:mm, as stored. */
const at = (day: string, hh: number, mm = 0) =>
  new Date(`${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+08:00`).toISOString();

const PLANS: Plan[] = [
  // Open, red: past the contact limit, the reply limit, the close limit.
  { ago: 4, status: 'registered' },
  { ago: 3, status: 'assigned' },
  { ago: 5, status: 'assigned', contacted: true },
  { ago: 8, status: 'assigned', contacted: true, replied: true },
  { ago: 7, status: 'assigned', contacted: true, replied: true, own: true, source: 'company' },
  // Open, yellow: due today or on the next working day.
  { ago: 0, status: 'registered', source: 'visit' },
  { ago: 1, status: 'registered', own: true, source: 'company' },
  { ago: 0, status: 'assigned' },
  { ago: 2, status: 'assigned', contacted: true },
  { ago: 4, status: 'assigned', contacted: true, replied: true },
  // Open, green.
  { ago: 0, status: 'assigned', contacted: true },
  { ago: 1, status: 'assigned', contacted: true },
  { ago: 1, status: 'assigned', contacted: true, replied: true },
  { ago: 2, status: 'assigned', contacted: true, replied: true, source: 'visit' },
  { ago: 0, status: 'assigned', contacted: true, replied: true },
  // Handled, evaluated, closed.
  { ago: 6, status: 'handled' },
  { ago: 9, status: 'handled', own: true, source: 'company' },
  { ago: 3, status: 'handled', source: 'visit' },
  { ago: 12, status: 'evaluated' },
  { ago: 15, status: 'evaluated', source: 'visit' },
  { ago: 20, status: 'closed' },
  { ago: 25, status: 'closed', own: true },
  { ago: 30, status: 'closed', source: 'visit' },
  { ago: 40, status: 'closed' },
  { ago: 55, status: 'closed', source: 'company' },
  { ago: 70, status: 'closed' },
];

export async function seedDemoDemands(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const main = await db.selectFrom('users').select(['id', 'name']).where('mobile', '=', '13800000003').executeTakeFirst();
  const staff = await db.selectFrom('users').select(['id', 'name']).where('mobile', '=', '13800000004').executeTakeFirst();
  const own = await db
    .selectFrom('users')
    .select(['id', 'name', 'company_id'])
    .where('mobile', '=', '13800000001')
    .executeTakeFirst();
  if (!main) return;
  const ownerId = Number(main.id);
  const companies = (
    await db.selectFrom('companies').select('id').where('service_owner_id', '=', ownerId).orderBy('id').limit(60).execute()
  ).map((c) => Number(c.id));
  if (!companies.length) return;
  const ownCompany = own && companies.includes(Number(own.company_id)) ? Number(own.company_id) : 0;
  const staffScope = staff
    ? await idsInScope(db, { ownerId, userId: Number(staff.id), isMain: false }, companies)
    : new Set<number>();
  const labels = (
    await db
      .selectFrom('service_labels')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('kind', '=', 'demand')
      .orderBy('sort')
      .execute()
  ).map((l) => Number(l.id));
  const cal = await getWorkingCalendar(deps);
  const today = chinaToday(deps.clock());
  const nowIso = deps.clock().toISOString();
  const others = companies.filter((c) => c !== ownCompany);
  const mainActor = { id: ownerId, name: main.name };
  const staffActor = staff ? { id: Number(staff.id), name: staff.name } : mainActor;

  await writeTransaction(deps.db, { what: 'seed demo demands' }, async (trx) => {
    for (const [i, p] of PLANS.entries()) {
      const companyId = p.own && ownCompany ? ownCompany : others[(i * 7) % others.length];
      const handler = staffScope.has(companyId) ? staffActor : mainActor;
      const day = workingDaysBefore(today, p.ago, cal);
      const due = demandDueDays(day, DEFAULT_DEMAND_LIMITS, cal);
      const source = p.source ?? 'staff';
      const registrar = source === 'company' && p.own && own ? { id: Number(own.id), name: own.name } : handler;
      const done = p.status !== 'registered' && p.status !== 'assigned';
      // Steps happen on the registration day (and, for finished demands, on the following working days), never after now.
      const stepDay = (k: number) => {
        const d = cal.addWorkingDays(day, Math.min(k, p.ago));
        return d > today ? today : d;
      };
      const cap = (iso: string) => (iso > nowIso ? nowIso : iso);
      const registered = cap(at(day, 9, 10 + (i % 40)));
      const assigned = p.status === 'registered' ? null : cap(at(day, 10, 5));
      const contacted = done || p.contacted ? cap(at(stepDay(done ? 1 : 0), 11)) : null;
      const replied = done || p.replied ? cap(at(stepDay(done ? 2 : 0), 14)) : null;
      const handled = done ? cap(at(stepDay(3), 16)) : null;
      const evaluated = p.status === 'evaluated' || p.status === 'closed' ? cap(at(stepDay(4), 10)) : null;
      const closed = p.status === 'closed' ? cap(at(stepDay(5), 15)) : null;
      const rating = evaluated ? [5, 4, 5, 3, 5][i % 5] : 0;
      const row = await trx
        .insertInto('demands')
        .values({
          owner_id: ownerId,
          company_id: companyId,
          visit_id: 0,
          source,
          label_id: labels.length ? labels[i % labels.length] : 0,
          title: TITLES[i % TITLES.length],
          content: `企业希望${TITLES[i % TITLES.length]}，请服务专员跟进。`,
          status: p.status,
          handler_id: assigned ? handler.id : 0,
          registered_at: registered,
          ...due,
          assigned_at: assigned,
          contacted_at: contacted,
          replied_at: replied,
          handled_at: handled,
          result: handled ? RESULTS[i % RESULTS.length] : '',
          evaluated_at: evaluated,
          rating,
          evaluation: evaluated ? ['服务及时，非常满意', '沟通顺畅', '问题已解决'][i % 3] : '',
          closed_at: closed,
          created_by: registrar.id,
          created_at: registered,
          updated_at: closed ?? evaluated ?? handled ?? replied ?? contacted ?? assigned ?? registered,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      const steps: { step: string; actor: { id: number; name: string }; note: string; at: string | null }[] = [
        { step: 'register', actor: registrar, note: '', at: registered },
        { step: 'assign', actor: mainActor, note: `办理人：${handler.name}`, at: assigned },
        { step: 'contact', actor: handler, note: '电话联系企业负责人', at: contacted },
        { step: 'reply', actor: handler, note: '已告知办理流程和所需材料', at: replied },
        { step: 'handle', actor: handler, note: handled ? RESULTS[i % RESULTS.length] : '', at: handled },
        {
          step: 'evaluate',
          actor: own && companyId === ownCompany ? { id: Number(own.id), name: own.name } : handler,
          note: `${companyId === ownCompany ? '' : '（代企业评价）'}${rating} 分`,
          at: evaluated,
        },
        { step: 'revisit', actor: handler, note: '回访企业，表示满意', at: closed },
      ];
      for (const s of steps)
        if (s.at)
          await trx
            .insertInto('demand_steps')
            .values({
              demand_id: id,
              step: s.step,
              actor_id: s.actor.id,
              actor_name: s.actor.name,
              note: s.note,
              created_at: s.at,
            })
            .execute();
    }
  });
}
