import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import {
  DEMAND_CONTENT_MAX,
  DEMAND_LIGHT_LABELS,
  DEMAND_SOURCE_LABELS,
  DEMAND_STATUS_LABELS,
  DEMAND_STEP_LABELS,
  DEMAND_TITLE_MAX,
  type CompanyDemandList,
  type CompanyDemandRow,
  type CompanyVisitList,
  type DemandAction,
  type DemandDetail,
  type DemandExportBody,
  type DemandFollow,
  type DemandLightCode,
  type DemandList,
  type DemandRow,
  type DemandSource,
  type DemandStatus,
  type DemandStepCode,
  type DemandStepRow,
  type RecordExport,
} from '@ip/contract';
import type { Database } from '../../db/schema';
import { refreshCompanyFacts } from '../grading/facts';
import type { Deps } from '../../deps';
import { containsText } from '../../db/sql';
import { writeTransaction } from '../../db/write';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { getWorkingCalendar, type WorkingCalendar } from '../calendar/working-calendar';
import { writeExport, chinaToday } from '../common/records';
import type { CompanyActor } from '../company/company-context';
import { deliverToUser } from '../messages/deliver';
import { serviceLimits } from './companies';
import { currentDue, demandDueDays, demandLight, lightRankSql, lightSql } from './demand-lights';
import { assertInScope, idsInScope, inScope, type ServiceScope } from './service-scope';

// The demand loop (issue 12, ADR 0042, DOMAIN §5): 登记 → 分派 → 办理 → 评价 → 回访. Registration is exported on
// its own because a visit record raises demands inside its own transaction (visits, s8a). Every step is a
// conditional update on the status it starts from, so a step out of order (or a second click) changes nothing.

type Q = Kysely<Database> | Transaction<Database>;

export { DEMAND_TITLE_MAX, DEMAND_CONTENT_MAX };
export const UNKNOWN_DEMAND_LABEL = '未知的需求标签';
export const DEMAND_NOT_FOUND = '需求不存在或不在您的服务范围内';
export const NO_OFFICE = '贵企业尚未纳入企业服务中心的服务范围，暂不能在线提出需求，请联系所在街道或园区';

/** The calendar day in Asia/Shanghai (the district's day), YYYY-MM-DD. */
/** The first instant of a Shanghai day, as the ISO text stored in *_at columns. */
const dayStartIso = (day: string) => new Date(`${day}T00:00:00+08:00`).toISOString();

export interface DemandActor {
  id: number;
  name: string;
}

export interface RegisterDemandInput {
  company_id: number;
  title: string;
  content?: string;
  label_id?: number;
}

export interface RegisterDemandOpts {
  source: DemandSource;
  visitId?: number;
  actor: DemandActor;
  trx?: Transaction<Database>;
}

/** Checks a demand's own fields (title, content) with Chinese messages; throws 400 with the field. */
export function checkDemandText(input: { title: string; content?: string }): { title: string; content: string } {
  const title = (input.title ?? '').trim();
  if (!title) throw badRequest('请填写需求标题', [{ path: 'title', msg: '请填写需求标题' }]);
  if ([...title].length > DEMAND_TITLE_MAX) {
    const msg = `需求标题最多 ${DEMAND_TITLE_MAX} 个字`;
    throw badRequest(msg, [{ path: 'title', msg }]);
  }
  const content = (input.content ?? '').trim();
  if ([...content].length > DEMAND_CONTENT_MAX) {
    const msg = `需求内容最多 ${DEMAND_CONTENT_MAX} 个字`;
    throw badRequest(msg, [{ path: 'content', msg }]);
  }
  return { title, content };
}

/** A demand label of the office (0 or absent: none); another office's or a company label is unknown. */
export async function checkDemandLabel(db: Q, scope: ServiceScope, labelId: number | undefined): Promise<number> {
  if (!labelId) return 0;
  const row = await db
    .selectFrom('service_labels')
    .select('id')
    .where('id', '=', labelId)
    .where('owner_id', '=', scope.ownerId)
    .where('kind', '=', 'demand')
    .executeTakeFirst();
  if (!row) throw badRequest(UNKNOWN_DEMAND_LABEL, [{ path: 'label_id', msg: UNKNOWN_DEMAND_LABEL }]);
  return Number(row.id);
}

/**
 * Registers a demand (登记) for an enterprise in the scope: checks the title, the company and the label, fixes the
 * three due days from the office's limits on the working calendar (counted from today in Asia/Shanghai), and
 * inserts the demand ('registered') with its 'register' step in one transaction (opts.trx when given). It sends no
 * message (a caller's transaction may still roll back): call notifyDemandStep after the commit.
 */
export async function registerDemand(
  deps: Deps,
  scope: ServiceScope,
  input: RegisterDemandInput,
  opts: RegisterDemandOpts,
): Promise<{ id: number }> {
  const { title, content } = checkDemandText(input);
  // Inside a caller's transaction every read goes through it (SQLite has one connection: a read beside it would wait).
  const qdeps: Deps = opts.trx ? { ...deps, db: { ...deps.db, db: opts.trx } } : deps;
  const db = qdeps.db.db;
  await assertInScope(db, scope, [input.company_id]);
  const labelId = await checkDemandLabel(db, scope, input.label_id);
  const limits = await serviceLimits(qdeps, scope);
  const cal = await getWorkingCalendar(qdeps);
  const now = deps.clock();
  const nowIso = now.toISOString();
  const due = demandDueDays(chinaToday(now), limits, cal);
  const insert = async (trx: Transaction<Database>) => {
    const row = await trx
      .insertInto('demands')
      .values({
        owner_id: scope.ownerId,
        company_id: input.company_id,
        visit_id: opts.visitId ?? 0,
        source: opts.source,
        label_id: labelId,
        title,
        content,
        status: 'registered',
        registered_at: nowIso,
        ...due,
        created_by: opts.actor.id,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await insertStep(trx, id, 'register', opts.actor, '', nowIso);
    await refreshCompanyFacts(trx, [input.company_id]);
    return { id };
  };
  if (opts.trx) return insert(opts.trx);
  return writeTransaction(deps.db, { what: 'register demand' }, insert);
}

async function insertStep(db: Q, demandId: number, step: DemandStepCode, actor: DemandActor, note: string, at: string) {
  await db
    .insertInto('demand_steps')
    .values({ demand_id: demandId, step, actor_id: actor.id, actor_name: actor.name.slice(0, 50), note, created_at: at })
    .execute();
}

// ─── reading ────────────────────────────────────────────────────────────────────────────────────────────────

interface LightDay {
  today: string;
  next: string;
  cal: WorkingCalendar;
}
async function lightDay(deps: Deps): Promise<LightDay> {
  const cal = await getWorkingCalendar(deps);
  const today = chinaToday(deps.clock());
  return { today, next: cal.addWorkingDays(today, 1), cal };
}

type DemandBase = SelectQueryBuilder<Database, 'demands' | 'companies', object>;

/** The office's demands the scope may see: a staff member those of its enterprises and those assigned to it. */
function scopedDemands(db: Kysely<Database>, scope: ServiceScope): DemandBase {
  const q = db
    .selectFrom('demands')
    .innerJoin('companies', 'companies.id', 'demands.company_id')
    .where('demands.owner_id', '=', scope.ownerId);
  if (scope.isMain) return q as DemandBase;
  return q.where((eb) =>
    eb.or([
      eb('demands.handler_id', '=', scope.userId),
      eb('demands.company_id', 'in', eb.selectFrom('companies').select('companies.id').where(inScope(scope))),
    ]),
  ) as DemandBase;
}

/** Open demands of a query by light, in one row (sums, so no GROUP BY on a parameterised expression). */
async function lightCounts(q: DemandBase, ld: LightDay): Promise<Record<DemandLightCode, number>> {
  const light = lightSql(ld.today, ld.next);
  const r = await q
    .select([
      sql<number>`sum(case when ${light} = 'red' then 1 else 0 end)`.as('red'),
      sql<number>`sum(case when ${light} = 'yellow' then 1 else 0 end)`.as('yellow'),
      sql<number>`sum(case when ${light} = 'green' then 1 else 0 end)`.as('green'),
    ])
    .executeTakeFirstOrThrow();
  return { red: Number(r.red ?? 0), yellow: Number(r.yellow ?? 0), green: Number(r.green ?? 0) };
}

const ROW_COLUMNS = [
  'demands.id',
  'demands.company_id',
  'companies.company_name',
  'companies.street_name',
  'demands.title',
  'demands.content',
  'demands.source',
  'demands.label_id',
  'demands.status',
  'demands.handler_id',
  'demands.registered_at',
  'demands.contact_due',
  'demands.reply_due',
  'demands.close_due',
  'demands.assigned_at',
  'demands.contacted_at',
  'demands.replied_at',
  'demands.handled_at',
  'demands.result',
  'demands.evaluated_at',
  'demands.rating',
  'demands.evaluation',
  'demands.closed_at',
  'demands.visit_id',
] as const;

type RawRow = Pick<
  Database['demands'],
  | 'title'
  | 'source'
  | 'status'
  | 'registered_at'
  | 'contact_due'
  | 'reply_due'
  | 'close_due'
  | 'assigned_at'
  | 'contacted_at'
  | 'replied_at'
  | 'handled_at'
  | 'evaluated_at'
  | 'closed_at'
> & {
  id: number;
  company_id: number;
  company_name: string;
  street_name: string;
  content: string;
  label_id: number;
  handler_id: number;
  result: string;
  rating: number;
  evaluation: string;
  visit_id: number;
};

function dueLabel(r: RawRow): string | null {
  if (r.status !== 'registered' && r.status !== 'assigned') return null;
  if (!r.contacted_at) return '联系企业';
  if (!r.replied_at) return '首次答复';
  return '办结';
}

async function toRows(db: Q, raws: RawRow[], ld: LightDay): Promise<DemandRow[]> {
  const labelIds = [...new Set(raws.map((r) => Number(r.label_id)).filter(Boolean))];
  const userIds = [...new Set(raws.map((r) => Number(r.handler_id)).filter(Boolean))];
  const labels = new Map<number, { id: number; name: string; color: string }>();
  if (labelIds.length)
    for (const l of await db.selectFrom('service_labels').select(['id', 'name', 'color']).where('id', 'in', labelIds).execute())
      labels.set(Number(l.id), { id: Number(l.id), name: l.name, color: l.color });
  const names = new Map<number, string>();
  if (userIds.length)
    for (const u of await db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute())
      names.set(Number(u.id), u.name);
  return raws.map((r) => {
    const facts = {
      status: r.status,
      contacted_at: r.contacted_at,
      replied_at: r.replied_at,
      contact_due: r.contact_due,
      reply_due: r.reply_due,
      close_due: r.close_due,
    };
    const status = r.status as DemandStatus;
    const source = r.source as DemandSource;
    return {
      id: Number(r.id),
      company_id: Number(r.company_id),
      company_name: r.company_name,
      street_name: r.street_name,
      title: r.title,
      content: r.content,
      source,
      source_label: DEMAND_SOURCE_LABELS[source] ?? r.source,
      label: labels.get(Number(r.label_id)) ?? null,
      status,
      status_label: DEMAND_STATUS_LABELS[status] ?? r.status,
      handler_id: Number(r.handler_id),
      handler_name: names.get(Number(r.handler_id)) ?? '',
      registered_at: r.registered_at,
      register_day: chinaToday(new Date(r.registered_at)),
      contact_due: r.contact_due,
      reply_due: r.reply_due,
      close_due: r.close_due,
      due: currentDue(facts),
      due_label: dueLabel(r),
      light: demandLight(facts, ld.today, ld.cal),
      assigned_at: r.assigned_at,
      contacted_at: r.contacted_at,
      replied_at: r.replied_at,
      handled_at: r.handled_at,
      result: r.result,
      evaluated_at: r.evaluated_at,
      rating: Number(r.rating),
      evaluation: r.evaluation,
      closed_at: r.closed_at,
      visit_id: Number(r.visit_id),
    };
  });
}

export interface DemandFilters {
  status?: DemandStatus;
  open?: boolean;
  light?: DemandLightCode;
  label_id?: number;
  handler_id?: number;
  street_id?: number;
  company_id?: number;
  keyword?: string;
  date_from?: string;
  date_to?: string;
  id?: number;
}

function applyFilters(q: DemandBase, f: DemandFilters, ld: LightDay, withLight = true): DemandBase {
  if (f.status) q = q.where('demands.status', '=', f.status);
  if (f.open) q = q.where('demands.status', 'in', ['registered', 'assigned']);
  if (withLight && f.light) q = q.where(lightSql(ld.today, ld.next), '=', f.light);
  if (f.label_id) q = q.where('demands.label_id', '=', f.label_id);
  if (f.handler_id) q = q.where('demands.handler_id', '=', f.handler_id);
  if (f.street_id) q = q.where('companies.street_id', '=', f.street_id);
  if (f.company_id) q = q.where('demands.company_id', '=', f.company_id);
  if (f.id) q = q.where('demands.id', '=', f.id);
  if (f.keyword) {
    const kw = f.keyword;
    q = q.where((eb) => eb.or([containsText('companies.company_name', kw), containsText('demands.title', kw)]));
  }
  if (f.date_from) q = q.where('demands.registered_at', '>=', dayStartIso(f.date_from));
  if (f.date_to) {
    const end = new Date(new Date(`${f.date_to}T00:00:00+08:00`).getTime() + 86_400_000).toISOString();
    q = q.where('demands.registered_at', '<', end);
  }
  return q;
}

function checkRange(f: DemandFilters) {
  if (f.date_from && f.date_to && f.date_from > f.date_to)
    throw badRequest('开始日期不能晚于结束日期', [{ path: 'date_from', msg: '开始日期不能晚于结束日期' }]);
}

/** POST /v1/demand/list: one page, red, yellow, green first, then by due day, newest first. */
/** The rows of a filtered query in the list's order: red, yellow, green; open first; by current due day; newest. */
async function orderedRaws(base: DemandBase, ld: LightDay, limit: number, offset: number): Promise<RawRow[]> {
  return (await base
    .select([...ROW_COLUMNS])
    .orderBy(lightRankSql(ld.today, ld.next))
    .orderBy(sql`(case when demands.status in ('registered', 'assigned') then 0 else 1 end)`)
    .orderBy(
      sql`(case when demands.contacted_at is null then demands.contact_due when demands.replied_at is null then demands.reply_due else demands.close_due end)`,
    )
    .orderBy('demands.registered_at', 'desc')
    .orderBy('demands.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()) as unknown as RawRow[];
}

export async function listDemands(
  deps: Deps,
  scope: ServiceScope,
  q: DemandFilters & { page: number; page_size: number },
): Promise<DemandList> {
  checkRange(q);
  const { db } = deps.db;
  const ld = await lightDay(deps);
  const base = applyFilters(scopedDemands(db, scope), q, ld);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const raws = await orderedRaws(base, ld, q.page_size, (q.page - 1) * q.page_size);
  const counts = await lightCounts(applyFilters(scopedDemands(db, scope), q, ld, false), ld);
  return { list: await toRows(db, raws, ld), total: Number(total), page: q.page, page_size: q.page_size, counts };
}

export const DEMAND_EXPORT_MAX = 5000;

/** POST /v1/demand/export: the filtered list in the list's order as .xlsx (at most DEMAND_EXPORT_MAX rows). */
export async function exportDemands(deps: Deps, scope: ServiceScope, f: DemandExportBody & DemandFilters): Promise<RecordExport> {
  // One ordered query (the list's order) of at most MAX + 1 rows: the extra row only tells that there are more.
  checkRange(f);
  const ld = await lightDay(deps);
  const raws = await orderedRaws(applyFilters(scopedDemands(deps.db.db, scope), f, ld), ld, DEMAND_EXPORT_MAX + 1, 0);
  const rows = await toRows(deps.db.db, raws.slice(0, DEMAND_EXPORT_MAX), ld);
  const today = chinaToday(deps.clock());
  return writeExport<DemandRow>(deps, scope.userId, {
    name: `需求记录-${today}.xlsx`,
    sheet: '需求记录',
    rows,
    truncated: raws.length > DEMAND_EXPORT_MAX,
    columns: [
      { header: '需求编号', width: 10, value: (r) => r.id },
      { header: '企业', width: 32, value: (r) => r.company_name },
      { header: '街道', width: 12, value: (r) => r.street_name },
      { header: '需求标题', width: 36, value: (r) => r.title },
      { header: '需求标签', width: 12, value: (r) => r.label?.name ?? '' },
      { header: '来源', width: 12, value: (r) => r.source_label },
      { header: '状态', width: 10, value: (r) => r.status_label },
      { header: '灯色', width: 14, value: (r) => (r.light ? DEMAND_LIGHT_LABELS[r.light] : '') },
      { header: '当前时限', width: 12, value: (r) => r.due ?? '' },
      { header: '办理人', width: 10, value: (r) => r.handler_name },
      { header: '登记日期', width: 12, value: (r) => r.register_day },
      { header: '办理结果', width: 36, value: (r) => r.result },
      { header: '评分', width: 8, value: (r) => r.rating || '' },
    ],
  });
}

async function stepsOf(db: Q, demandId: number): Promise<DemandStepRow[]> {
  const rows = await db
    .selectFrom('demand_steps')
    .select(['id', 'step', 'actor_name', 'note', 'created_at'])
    .where('demand_id', '=', demandId)
    .orderBy('id')
    .execute();
  return rows.map((s) => ({
    id: Number(s.id),
    step: s.step as DemandStepCode,
    step_label: DEMAND_STEP_LABELS[s.step as DemandStepCode] ?? s.step,
    actor_name: s.actor_name,
    note: s.note,
    created_at: s.created_at,
  }));
}

/** What the scope may do next on a demand in this state. */
export function demandActions(
  scope: ServiceScope,
  d: Pick<DemandRow, 'status' | 'handler_id' | 'contacted_at' | 'replied_at'>,
): DemandAction[] {
  const mine = scope.isMain || d.handler_id === scope.userId;
  const out: DemandAction[] = [];
  if (d.status === 'registered' && scope.isMain) out.push('assign');
  if (d.status === 'assigned') {
    if (scope.isMain) out.push('reassign');
    if (mine && !d.contacted_at) out.push('contact');
    if (mine && d.contacted_at && !d.replied_at) out.push('reply');
    if (mine && d.contacted_at) out.push('handle');
  }
  if (d.status === 'handled' && mine) out.push('evaluate');
  if (d.status === 'evaluated' && mine) out.push('revisit');
  return out;
}

async function findRow(deps: Deps, scope: ServiceScope, id: number, ld?: LightDay): Promise<DemandRow> {
  const { db } = deps.db;
  const raw = (await scopedDemands(db, scope)
    .select([...ROW_COLUMNS])
    .where('demands.id', '=', id)
    .executeTakeFirst()) as RawRow | undefined;
  if (!raw) throw notFound(DEMAND_NOT_FOUND);
  return (await toRows(db, [raw], ld ?? (await lightDay(deps))))[0];
}

/** POST /v1/demand/detail: the demand, its steps, its light and what the caller may do next. */
export async function demandDetail(deps: Deps, scope: ServiceScope, id: number): Promise<DemandDetail> {
  const row = await findRow(deps, scope, id);
  return { ...row, steps: await stepsOf(deps.db.db, id), actions: demandActions(scope, row) };
}

// ─── steps ──────────────────────────────────────────────────────────────────────────────────────────────────

export async function actorOf(db: Q, userId: number): Promise<DemandActor> {
  const u = await db.selectFrom('users').select(['id', 'name', 'company_name']).where('id', '=', userId).executeTakeFirst();
  return { id: userId, name: u?.name || u?.company_name || `用户${userId}` };
}

const OUT_OF_ORDER: Record<DemandAction, string> = {
  assign: '该需求已分派，如需更换办理人请使用改派',
  reassign: '只有办理中的需求可以改派',
  contact: '该需求当前不能登记联系企业：须先分派，且尚未联系',
  reply: '该需求当前不能登记首次答复：须先联系企业，且尚未答复',
  handle: '该需求当前不能办理：须先分派并联系企业，已办理的需求不能再次办理',
  evaluate: '只有已办理、尚未评价的需求可以评价',
  revisit: '只有已评价的需求可以回访，回访后需求即办结',
};
const NOT_YOURS = '只有该需求的办理人或服务中心主账号可以进行该操作';

/** Refuses a step the scope may not take on this demand now (400 out of order, 403 not the handler). */
function allow(scope: ServiceScope, d: DemandRow, action: DemandAction) {
  if (demandActions(scope, d).includes(action)) return;
  const mine = scope.isMain || d.handler_id === scope.userId;
  const possible = demandActions({ ...scope, isMain: true }, d).includes(action);
  if (possible && (action === 'assign' || action === 'reassign')) throw forbidden('仅企业服务主账号可以分派需求');
  if (possible && !mine) throw forbidden(NOT_YOURS);
  throw badRequest(OUT_OF_ORDER[action]);
}

/** Checks a handler: the main account, or an enabled staff member of the office whose scope has the company. */
async function checkHandler(db: Kysely<Database>, scope: ServiceScope, handlerId: number, companyId: number) {
  if (handlerId === scope.ownerId) return;
  const u = await db
    .selectFrom('users')
    .select(['id', 'status'])
    .where('id', '=', handlerId)
    .where('com_id', '=', scope.ownerId)
    .executeTakeFirst();
  const msg = '办理人须为本中心的员工或主账号';
  if (!u) throw badRequest(msg, [{ path: 'handler_id', msg }]);
  if (Number(u.status) !== 1) {
    const m = '该员工已停用，不能分派';
    throw badRequest(m, [{ path: 'handler_id', msg: m }]);
  }
  const found = await idsInScope(db, { ownerId: scope.ownerId, userId: handlerId, isMain: false }, [companyId]);
  if (!found.has(companyId)) {
    const m = '该员工的服务范围不含这家企业，请先在系统管理中为其分配企业或街道';
    throw badRequest(m, [{ path: 'handler_id', msg: m }]);
  }
}

interface StepChange {
  from: DemandStatus[];
  set: Partial<{
    status: DemandStatus;
    handler_id: number;
    assigned_at: string;
    contacted_at: string;
    replied_at: string;
    handled_at: string;
    result: string;
    evaluated_at: string;
    rating: number;
    evaluation: string;
    closed_at: string;
  }>;
  /** Extra conditions (e.g. contacted_at is null) the update checks again. */
  where?: 'not_contacted' | 'contacted_not_replied' | 'contacted';
  step: DemandStepCode;
  note: string;
}

/** Applies a step as one conditional update plus its step row; 400 when another request moved the demand first. */
async function applyStep(deps: Deps, demandId: number, actor: DemandActor, change: StepChange, nowIso: string) {
  await writeTransaction(deps.db, { what: `demand ${change.step}` }, async (trx) => {
    let u = trx
      .updateTable('demands')
      .set({ ...change.set, updated_at: nowIso })
      .where('id', '=', demandId)
      .where('status', 'in', change.from);
    if (change.where === 'not_contacted') u = u.where('contacted_at', 'is', null);
    if (change.where === 'contacted_not_replied') u = u.where('contacted_at', 'is not', null).where('replied_at', 'is', null);
    if (change.where === 'contacted') u = u.where('contacted_at', 'is not', null);
    const r = await u.executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw badRequest('该需求的状态已变化，请刷新后重试');
    await insertStep(trx, demandId, change.step, actor, change.note, nowIso);
    if (change.set.status) {
      const d = await trx.selectFrom('demands').select('company_id').where('id', '=', demandId).executeTakeFirstOrThrow();
      await refreshCompanyFacts(trx, [Number(d.company_id)]);
    }
  });
}

const STEP_TEXT: Record<DemandStepCode, string> = {
  register: '已登记',
  assign: '已分派办理人',
  reassign: '已改派办理人',
  contact: '服务人员已联系贵企业',
  reply: '已首次答复',
  handle: '已办理完成，请评价',
  evaluate: '已评价',
  revisit: '已回访，需求办结',
};

/**
 * Tells the company (its message centre) and the handler (theirs) about a step, except whoever did it. Delivery
 * keys carry the step row's id, so a step is told once.
 */
export async function notifyDemandStep(
  deps: Deps,
  demandId: number,
  step: DemandStepCode,
  actorId: number,
  opts: { toCompany?: boolean; toOffice?: boolean } = {},
): Promise<void> {
  const { db } = deps.db;
  const d = await db
    .selectFrom('demands')
    .innerJoin('companies', 'companies.id', 'demands.company_id')
    .select([
      'demands.id',
      'demands.title',
      'demands.company_id',
      'demands.handler_id',
      'demands.owner_id',
      'companies.company_name',
    ])
    .where('demands.id', '=', demandId)
    .executeTakeFirst();
  if (!d) return;
  const last = await db
    .selectFrom('demand_steps')
    .select(['id', 'actor_name', 'note'])
    .where('demand_id', '=', demandId)
    .where('step', '=', step)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const stepId = Number(last?.id ?? 0);
  const title = `需求「${d.title.slice(0, 40)}」${STEP_TEXT[step]}`;
  const body = [
    `企业：${d.company_name}`,
    `${DEMAND_STEP_LABELS[step]}：${last?.actor_name ?? ''}`,
    last?.note ? `说明：${last.note}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const base = {
    kind: 'system' as const,
    title,
    body,
    objectType: 'demand',
    objectId: Number(d.id),
    key: `demand:${d.id}:${step}:${stepId}`,
  };
  if (opts.toCompany !== false) {
    const users = await db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', Number(d.company_id))
      .where('status', '=', 1)
      .execute();
    if (users.some((u) => Number(u.id) !== actorId))
      for (const u of users)
        if (Number(u.id) !== actorId)
          await deliverToUser(deps, Number(u.id), Number(d.company_id), { ...base, link: `/VisitsNeeds?id=${d.id}` });
  }
  const office = new Set<number>();
  if (Number(d.handler_id)) office.add(Number(d.handler_id));
  if (opts.toOffice) office.add(Number(d.owner_id));
  office.delete(actorId);
  for (const uid of office) await deliverToUser(deps, uid, 0, { ...base, link: `/workWaitvisit3?id=${d.id}` });
}

/** POST /v1/demand/register (office): registers and tells the company. */
export async function officeRegister(deps: Deps, scope: ServiceScope, input: RegisterDemandInput): Promise<DemandDetail> {
  const actor = await actorOf(deps.db.db, scope.userId);
  const { id } = await registerDemand(deps, scope, input, { source: 'staff', actor });
  await notifyDemandStep(deps, id, 'register', scope.userId);
  return demandDetail(deps, scope, id);
}

/** POST /v1/demand/assign: assign (registered) or reassign (assigned); main account only. */
export async function assignDemand(
  deps: Deps,
  scope: ServiceScope,
  input: { id: number; handler_id: number },
): Promise<DemandDetail> {
  const d = await findRow(deps, scope, input.id);
  const action: DemandAction = d.status === 'assigned' ? 'reassign' : 'assign';
  allow(scope, d, action);
  if (action === 'reassign' && d.handler_id === input.handler_id) {
    const m = '该需求已由此人办理，请选择另一位办理人';
    throw badRequest(m, [{ path: 'handler_id', msg: m }]);
  }
  await checkHandler(deps.db.db, scope, input.handler_id, d.company_id);
  const actor = await actorOf(deps.db.db, scope.userId);
  const handler = await actorOf(deps.db.db, input.handler_id);
  const nowIso = deps.clock().toISOString();
  await applyStep(
    deps,
    d.id,
    actor,
    {
      from: [d.status],
      set:
        action === 'assign'
          ? { status: 'assigned', handler_id: input.handler_id, assigned_at: nowIso }
          : { handler_id: input.handler_id },
      step: action,
      note: action === 'assign' ? `办理人：${handler.name}` : `办理人：${d.handler_name} → ${handler.name}`,
    },
    nowIso,
  );
  await notifyDemandStep(deps, d.id, action, scope.userId);
  return demandDetail(deps, scope, d.id);
}

/** contact / reply / handle / evaluate / revisit from the office. */
export async function officeStep(
  deps: Deps,
  scope: ServiceScope,
  action: 'contact' | 'reply' | 'handle' | 'evaluate' | 'revisit',
  input: { id: number; note?: string; result?: string; rating?: number; evaluation?: string },
): Promise<DemandDetail> {
  const d = await findRow(deps, scope, input.id);
  allow(scope, d, action);
  const actor = await actorOf(deps.db.db, scope.userId);
  const nowIso = deps.clock().toISOString();
  const change = stepChange(action, d, input, nowIso, true);
  await applyStep(deps, d.id, actor, change, nowIso);
  await notifyDemandStep(deps, d.id, action, scope.userId, { toOffice: action === 'evaluate' || action === 'revisit' });
  return demandDetail(deps, scope, d.id);
}

function stepChange(
  action: 'contact' | 'reply' | 'handle' | 'evaluate' | 'revisit',
  d: DemandRow,
  input: { note?: string; result?: string; rating?: number; evaluation?: string },
  nowIso: string,
  onBehalf: boolean,
): StepChange {
  switch (action) {
    case 'contact':
      return {
        from: ['assigned'],
        where: 'not_contacted',
        set: { contacted_at: nowIso },
        step: 'contact',
        note: input.note ?? '',
      };
    case 'reply':
      return {
        from: ['assigned'],
        where: 'contacted_not_replied',
        set: { replied_at: nowIso },
        step: 'reply',
        note: input.note ?? '',
      };
    case 'handle':
      return {
        from: ['assigned'],
        where: 'contacted',
        // A handling done before any separate first reply is the reply.
        set: {
          status: 'handled',
          handled_at: nowIso,
          result: input.result ?? '',
          ...(d.replied_at ? {} : { replied_at: nowIso }),
        },
        step: 'handle',
        note: input.result ?? '',
      };
    case 'evaluate':
      return {
        from: ['handled'],
        set: { status: 'evaluated', evaluated_at: nowIso, rating: input.rating ?? 0, evaluation: input.evaluation ?? '' },
        step: 'evaluate',
        note: `${onBehalf ? '（代企业评价）' : ''}${input.rating ?? 0} 分${input.evaluation ? `：${input.evaluation}` : ''}`,
      };
    case 'revisit':
      return { from: ['evaluated'], set: { status: 'closed', closed_at: nowIso }, step: 'revisit', note: input.note ?? '' };
  }
}

// ─── 待跟进 ─────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /v1/demand/follow: what needs the caller now: open demands it handles (the main account also the
 * registered ones waiting to be assigned), red and yellow first; and visit records marked for follow-up not yet done
 * (a staff member its own, the main account the office's).
 */
export async function followList(deps: Deps, scope: ServiceScope, q: { page: number; page_size: number }): Promise<DemandFollow> {
  const { db } = deps.db;
  const ld = await lightDay(deps);
  const base = scopedDemands(db, scope).where((eb) =>
    scope.isMain
      ? eb.or([
          eb('demands.status', '=', 'registered'),
          eb.and([eb('demands.status', '=', 'assigned'), eb('demands.handler_id', '=', scope.userId)]),
        ])
      : eb.and([eb('demands.status', '=', 'assigned'), eb('demands.handler_id', '=', scope.userId)]),
  ) as DemandBase;
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const raws = (await base
    .select([...ROW_COLUMNS])
    .orderBy(lightRankSql(ld.today, ld.next))
    .orderBy(
      sql`(case when demands.contacted_at is null then demands.contact_due when demands.replied_at is null then demands.reply_due else demands.close_due end)`,
    )
    .orderBy('demands.id')
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute()) as unknown as RawRow[];
  const counts = await lightCounts(base, ld);
  let visits = db
    .selectFrom('visits')
    .innerJoin('companies', 'companies.id', 'visits.company_id')
    .leftJoin('users', 'users.id', 'visits.staff_id')
    .where('visits.owner_id', '=', scope.ownerId)
    .where('visits.status', '=', 'done')
    .where('visits.follow_up', '=', 1)
    .where('visits.follow_done_at', 'is', null);
  if (!scope.isMain) visits = visits.where('visits.staff_id', '=', scope.userId);
  const vTotal = await visits.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const vRows = await visits
    .select([
      'visits.id',
      'visits.company_id',
      'companies.company_name',
      'visits.staff_id',
      'users.name as staff_name',
      'visits.visit_date',
      'visits.content',
      'visits.follow_note',
    ])
    .orderBy('visits.visit_date')
    .orderBy('visits.id')
    .limit(100)
    .execute();
  return {
    demands: { list: await toRows(db, raws, ld), total: Number(total), page: q.page, page_size: q.page_size, counts },
    visits: {
      total: Number(vTotal.n),
      list: vRows.map((v) => ({
        id: Number(v.id),
        company_id: Number(v.company_id),
        company_name: v.company_name,
        staff_id: Number(v.staff_id),
        staff_name: v.staff_name ?? '',
        visit_date: v.visit_date,
        content: v.content,
        follow_note: v.follow_note,
      })),
    },
  };
}

// ─── the company side (/VisitsNeeds) ─────────────────────────────────────────────────────────────────────────

/** The office serving the actor's company (its main account), or null. */
async function officeOf(db: Kysely<Database>, companyId: number): Promise<{ ownerId: number; name: string } | null> {
  const c = await db.selectFrom('companies').select('service_owner_id').where('id', '=', companyId).executeTakeFirst();
  const ownerId = Number(c?.service_owner_id ?? 0);
  if (!ownerId) return null;
  const u = await db
    .selectFrom('users')
    .select(['id', 'company_name', 'name'])
    .where('id', '=', ownerId)
    .where('is_news', '=', 1)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!u) return null;
  return { ownerId, name: u.company_name || u.name || '企业服务中心' };
}

/** POST /v1/demand/mine/raise: the company raises a demand; it goes to the office serving the company. */
export async function companyRaise(
  deps: Deps,
  actor: CompanyActor,
  input: { title: string; content?: string },
): Promise<CompanyDemandRow> {
  const { db } = deps.db;
  const office = await officeOf(db, actor.companyId);
  if (!office) throw badRequest(NO_OFFICE);
  const scope: ServiceScope = { ownerId: office.ownerId, userId: office.ownerId, isMain: true };
  const who = await actorOf(db, actor.userId);
  const { id } = await registerDemand(deps, scope, { company_id: actor.companyId, ...input }, { source: 'company', actor: who });
  await notifyDemandStep(deps, id, 'register', actor.userId, { toCompany: false, toOffice: true });
  return (await companyRows(deps, actor, { id }))[0];
}

async function companyRows(
  deps: Deps,
  actor: CompanyActor,
  f: { id?: number; status?: DemandStatus; page?: number; page_size?: number },
) {
  const { db } = deps.db;
  let q = db.selectFrom('demands').where('company_id', '=', actor.companyId);
  if (f.id) q = q.where('id', '=', f.id);
  if (f.status) q = q.where('status', '=', f.status);
  const rows = await q
    .select(['id', 'title', 'content', 'source', 'status', 'handler_id', 'registered_at', 'result', 'rating', 'evaluation'])
    .orderBy('registered_at', 'desc')
    .orderBy('id', 'desc')
    .limit(f.page_size ?? 1)
    .offset(((f.page ?? 1) - 1) * (f.page_size ?? 1))
    .execute();
  const ids = rows.map((r) => Number(r.id));
  const steps = new Map<number, DemandStepRow[]>();
  if (ids.length)
    for (const s of await db
      .selectFrom('demand_steps')
      .select(['id', 'demand_id', 'step', 'actor_name', 'note', 'created_at'])
      .where('demand_id', 'in', ids)
      .orderBy('id')
      .execute()) {
      const l = steps.get(Number(s.demand_id)) ?? [];
      l.push({
        id: Number(s.id),
        step: s.step as DemandStepCode,
        step_label: DEMAND_STEP_LABELS[s.step as DemandStepCode] ?? s.step,
        actor_name: s.actor_name,
        note: s.note,
        created_at: s.created_at,
      });
      steps.set(Number(s.demand_id), l);
    }
  const handlerIds = [...new Set(rows.map((r) => Number(r.handler_id)).filter(Boolean))];
  const names = new Map<number, string>();
  if (handlerIds.length)
    for (const u of await db.selectFrom('users').select(['id', 'name']).where('id', 'in', handlerIds).execute())
      names.set(Number(u.id), u.name);
  return rows.map((r): CompanyDemandRow => {
    const status = r.status as DemandStatus;
    const source = r.source as DemandSource;
    return {
      id: Number(r.id),
      title: r.title,
      content: r.content,
      source,
      source_label: DEMAND_SOURCE_LABELS[source] ?? r.source,
      status,
      status_label: DEMAND_STATUS_LABELS[status] ?? r.status,
      handler_name: names.get(Number(r.handler_id)) ?? '',
      registered_at: r.registered_at,
      result: r.result,
      rating: Number(r.rating),
      evaluation: r.evaluation,
      steps: steps.get(Number(r.id)) ?? [],
      can_evaluate: status === 'handled',
    };
  });
}

/** POST /v1/demand/mine/list: the company's own demands, newest first, with their steps. */
export async function companyList(
  deps: Deps,
  actor: CompanyActor,
  q: { page: number; page_size: number; status?: DemandStatus },
): Promise<CompanyDemandList> {
  const { db } = deps.db;
  let c = db.selectFrom('demands').where('company_id', '=', actor.companyId);
  if (q.status) c = c.where('status', '=', q.status);
  const { n } = await c.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const office = await officeOf(db, actor.companyId);
  return {
    list: await companyRows(deps, actor, q),
    total: Number(n),
    page: q.page,
    page_size: q.page_size,
    office: office?.name ?? null,
  };
}

/** POST /v1/demand/mine/evaluate: the company evaluates a handled demand of its own. */
export async function companyEvaluate(
  deps: Deps,
  actor: CompanyActor,
  input: { id: number; rating: number; evaluation?: string },
): Promise<CompanyDemandRow> {
  const { db } = deps.db;
  const d = await db
    .selectFrom('demands')
    .select(['id', 'status'])
    .where('id', '=', input.id)
    .where('company_id', '=', actor.companyId)
    .executeTakeFirst();
  if (!d) throw notFound('需求不存在');
  if (d.status !== 'handled') throw badRequest(OUT_OF_ORDER.evaluate);
  const who = await actorOf(db, actor.userId);
  const nowIso = deps.clock().toISOString();
  await applyStep(deps, Number(d.id), who, stepChange('evaluate', {} as DemandRow, input, nowIso, false), nowIso);
  await notifyDemandStep(deps, Number(d.id), 'evaluate', actor.userId, { toCompany: false, toOffice: true });
  return (await companyRows(deps, actor, { id: Number(d.id) }))[0];
}

/** POST /v1/demand/mine/visits: the visits the office recorded at the company (read-only), newest first. */
export async function companyVisits(
  deps: Deps,
  actor: CompanyActor,
  q: { page: number; page_size: number },
): Promise<CompanyVisitList> {
  const { db } = deps.db;
  const base = db
    .selectFrom('visits')
    .leftJoin('users', 'users.id', 'visits.staff_id')
    .where('visits.company_id', '=', actor.companyId)
    .where('visits.status', '=', 'done');
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['visits.id', 'visits.visit_date', 'users.name as staff_name', 'visits.people_met', 'visits.content'])
    .orderBy('visits.visit_date', 'desc')
    .orderBy('visits.id', 'desc')
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute();
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      visit_date: r.visit_date,
      staff_name: r.staff_name ?? '',
      people_met: r.people_met,
      content: r.content,
    })),
    total: Number(n),
    page: q.page,
    page_size: q.page_size,
  };
}
