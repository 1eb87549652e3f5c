import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import {
  VISIT_CALENDAR_MAX_DAYS,
  VISIT_EXPORT_MAX,
  VISIT_PHOTO_MIMES,
  VISIT_STATUS_TEXT,
  type VisitCalendarEntry,
  type VisitCreated,
  type VisitDemandBrief,
  type VisitDetail,
  type VisitExport,
  type VisitList,
  type VisitNews,
  type VisitPrefill,
  type VisitRow,
  type VisitStatus,
  isoAddDays,
} from '@ip/contract';
import { refreshCompanyFacts } from '../grading/facts';
import type { Deps } from '../../deps';
import type { Database } from '../../db/schema';
import { containsText } from '../../db/sql';
import { badRequest, notFound } from '../../http/errors';
import { releaseAttachments } from '../common/attachment-cleanup';
import { attachmentsOf, chinaToday, parseFileIds, writeExport } from '../common/records';
import { assertInScope, idsInScope, inScope, type ServiceScope } from './service-scope';
import { actorOf, notifyDemandStep, registerDemand } from './demands';
import { findStaff } from './staff';

// Visits (issue 12 bundle B4, ADR 0040): plans (待走访), records (走访记录) and follow-ups (待跟进). Every call reads and
// writes only visits whose enterprise is in the caller's scope (service-scope.ts); another office's visit, or one
// of an enterprise outside a staff member's assignment, answers 404 as an unknown id does.

const VISIT_MISSING = '走访不存在或不在您的服务范围内';

type Db = Kysely<Database>;
type Exec = Db | Transaction<Database>;

/** The visit with its enterprise and staff name, limited to the caller's scope. */
function scopedVisits(db: Db, scope: ServiceScope) {
  return db
    .selectFrom('visits')
    .innerJoin('companies', 'companies.id', 'visits.company_id')
    .leftJoin('users as staff', 'staff.id', 'visits.staff_id')
    .where('visits.owner_id', '=', scope.ownerId)
    .where(inScope(scope));
}

const ROW_COLUMNS = [
  'visits.id',
  'visits.status',
  'visits.company_id',
  'companies.company_name',
  'companies.street_name',
  'visits.staff_id',
  'staff.name as staff_name',
  'visits.plan_date',
  'visits.plan_time',
  'visits.purpose',
  'visits.visit_date',
  'visits.people_met',
  'visits.content',
  'visits.photos',
  'visits.follow_up',
  'visits.follow_note',
  'visits.follow_done_at',
  'visits.created_by',
  'visits.created_at',
  'visits.updated_at',
] as const;

/** The day a visit is on: its visit date once recorded, its plan date before. */
const dayExpr = sql<string>`CASE WHEN visits.status = 'done' THEN visits.visit_date ELSE visits.plan_date END`;

interface RawRow {
  id: number;
  status: string;
  company_id: number;
  company_name: string;
  street_name: string;
  staff_id: number;
  staff_name: string | null;
  plan_date: string;
  plan_time: string;
  purpose: string;
  visit_date: string;
  people_met: string;
  content: string;
  photos: string;
  follow_up: number;
  follow_note: string;
  follow_done_at: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}

function toRow(r: RawRow): VisitRow {
  const status = r.status as VisitStatus;
  const followUp = Number(r.follow_up) === 1 ? 1 : 0;
  return {
    id: Number(r.id),
    status,
    company_id: Number(r.company_id),
    company_name: r.company_name,
    street_name: r.street_name,
    staff_id: Number(r.staff_id),
    staff_name: r.staff_name ?? '',
    day: status === 'done' ? r.visit_date : r.plan_date,
    plan_date: r.plan_date,
    plan_time: r.plan_time,
    purpose: r.purpose,
    visit_date: r.visit_date,
    people_met: r.people_met,
    content: r.content,
    photo_count: parseFileIds(r.photos).length,
    follow_up: followUp,
    follow_note: r.follow_note,
    follow_done_at: r.follow_done_at,
    follow_open: status === 'done' && followUp === 1 && !r.follow_done_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

async function loadVisit(db: Db, scope: ServiceScope, id: number): Promise<RawRow> {
  const row = await scopedVisits(db, scope).select(ROW_COLUMNS).where('visits.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(VISIT_MISSING);
  return row as RawRow;
}

/** Monday of the week (Asia/Shanghai days; the week runs Monday to Sunday). */
function weekStart(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return isoAddDays(day, -((dow + 6) % 7));
}

/**
 * Who visits: a main account may name one of its staff whose scope holds the enterprise, or itself (the default);
 * a staff member plans and records only for itself.
 */
async function resolveStaff(db: Db, scope: ServiceScope, companyId: number, staffId: number | undefined): Promise<number> {
  if (!scope.isMain) {
    if (staffId !== undefined && staffId !== scope.userId) {
      throw badRequest('员工只能为自己安排走访', [{ path: 'staff_id', msg: '员工只能为自己安排走访' }]);
    }
    return scope.userId;
  }
  if (staffId === undefined || staffId === scope.ownerId) return scope.ownerId;
  const staff = await findStaff(db, scope, staffId);
  if (Number(staff.status) !== 1)
    throw badRequest('该员工已停用，请选择其他走访人员', [{ path: 'staff_id', msg: '该员工已停用' }]);
  const theirs = await idsInScope(db, { ownerId: scope.ownerId, userId: staffId, isMain: false }, [companyId]);
  if (!theirs.has(companyId)) {
    throw badRequest(`${staff.name}不负责这家企业，请先在员工管理中分配，或选择其他走访人员`, [
      { path: 'staff_id', msg: '该员工不负责这家企业' },
    ]);
  }
  return staffId;
}

/** Photos must be images (JPG, PNG, WebP) uploaded by a user of the office (the main account or its staff). */
async function checkPhotos(db: Db, scope: ServiceScope, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length !== ids.length) throw badRequest('照片重复', [{ path: 'photos', msg: '照片重复' }]);
  if (!unique.length) return;
  const rows = await db
    .selectFrom('files')
    .innerJoin('users', 'users.id', 'files.owner_id')
    .select(['files.id', 'files.mime'])
    .where('files.id', 'in', unique)
    .where('files.visibility', '=', 'private')
    .where('files.purpose', '=', 'document')
    .where((eb) => eb.or([eb('users.id', '=', scope.ownerId), eb('users.com_id', '=', scope.ownerId)]))
    .execute();
  if (rows.length !== unique.length) {
    throw badRequest('照片不存在或不是本中心上传的，请重新上传', [{ path: 'photos', msg: '照片不存在，请重新上传' }]);
  }
  if (rows.some((r) => !(VISIT_PHOTO_MIMES as readonly string[]).includes(r.mime))) {
    throw badRequest('照片只能是 JPG、PNG 或 WebP 图片', [{ path: 'photos', msg: '照片只能是 JPG、PNG 或 WebP 图片' }]);
  }
}

function checkPlanDate(day: string, today: string): void {
  if (day < today) throw badRequest('计划走访日期不能早于今天', [{ path: 'plan_date', msg: '计划走访日期不能早于今天' }]);
}
function checkVisitDate(day: string, today: string): void {
  if (day > today)
    throw badRequest('走访日期不能晚于今天，尚未走访请发起待走访', [{ path: 'visit_date', msg: '走访日期不能晚于今天' }]);
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

interface RecordInput {
  visit_date: string;
  people_met: string;
  content: string;
  photos: number[];
  follow_up: 0 | 1;
  follow_note: string;
}
export interface DemandInput {
  title: string;
  content: string;
  label_id: number;
}

/** Registers the demands raised with a record through the demand loop, inside the visit's transaction. */
async function registerDemands(
  deps: Deps,
  trx: Transaction<Database>,
  scope: ServiceScope,
  companyId: number,
  visitId: number,
  demands: DemandInput[],
): Promise<number[]> {
  if (!demands.length) return [];
  const actor = await actorOf(trx, scope.userId);
  const ids: number[] = [];
  for (const d of demands) {
    const { id } = await registerDemand(
      deps,
      scope,
      { company_id: companyId, title: d.title, content: d.content, label_id: d.label_id },
      { source: 'visit', visitId, actor, trx },
    );
    ids.push(id);
  }
  return ids;
}

/** After the visit's transaction committed: the company and the handler hear of each demand, as at 登记需求. */
async function notifyRegistered(deps: Deps, scope: ServiceScope, demandIds: number[]): Promise<void> {
  for (const id of demandIds) await notifyDemandStep(deps, id, 'register', scope.userId);
}

/** createVisit: a plan, or a record made directly; the same request_key from the same user answers the first visit. */
export async function createVisit(
  deps: Deps,
  scope: ServiceScope,
  input:
    | {
        status: 'plan';
        company_id: number;
        staff_id?: number;
        plan_date: string;
        plan_time: string;
        purpose: string;
        request_key?: string;
      }
    | ({
        status: 'done';
        company_id: number;
        staff_id?: number;
        purpose: string;
        request_key?: string;
        demands: DemandInput[];
      } & RecordInput),
): Promise<VisitCreated> {
  const { db } = deps.db;
  const repeated = async (): Promise<VisitCreated | null> => {
    if (!input.request_key) return null;
    const prior = await db
      .selectFrom('visits')
      .select(['id', 'status'])
      .where('created_by', '=', scope.userId)
      .where('request_key', '=', input.request_key)
      .executeTakeFirst();
    if (!prior) return null;
    const demandIds = await db.selectFrom('demands').select('id').where('visit_id', '=', prior.id).orderBy('id').execute();
    return {
      id: Number(prior.id),
      created: false,
      status: prior.status as VisitStatus,
      demand_ids: demandIds.map((d) => Number(d.id)),
    };
  };
  const first = await repeated();
  if (first) return first;
  await assertInScope(db, scope, [input.company_id]);
  const staffId = await resolveStaff(db, scope, input.company_id, input.staff_id);
  const now = deps.clock().toISOString();
  const today = chinaToday(deps.clock());
  const base = {
    owner_id: scope.ownerId,
    company_id: input.company_id,
    staff_id: staffId,
    purpose: input.purpose,
    request_key: input.request_key ?? null,
    created_by: scope.userId,
    created_at: now,
    updated_at: now,
  };
  let values;
  if (input.status === 'plan') {
    checkPlanDate(input.plan_date, today);
    values = { ...base, status: 'plan' as const, plan_date: input.plan_date, plan_time: input.plan_time };
  } else {
    checkVisitDate(input.visit_date, today);
    await checkPhotos(db, scope, input.photos);
    values = {
      ...base,
      status: 'done' as const,
      plan_date: input.visit_date,
      visit_date: input.visit_date,
      people_met: input.people_met,
      content: input.content,
      photos: JSON.stringify(input.photos),
      follow_up: input.follow_up,
      follow_note: input.follow_note,
    };
  }
  try {
    const created = await db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('visits').values(values).returning('id').executeTakeFirstOrThrow();
      const id = Number(row.id);
      const demandIds =
        input.status === 'done' ? await registerDemands(deps, trx, scope, input.company_id, id, input.demands) : [];
      if (input.status === 'done') await refreshCompanyFacts(trx, [input.company_id]);
      return { id, created: true, status: input.status, demand_ids: demandIds };
    });
    await notifyRegistered(deps, scope, created.demand_ids);
    return created;
  } catch (err) {
    // Two copies of one request raced: the other one stored it.
    if (isUniqueViolation(err)) {
      const again = await repeated();
      if (again) return again;
    }
    throw err;
  }
}

type EditInput =
  | { action: 'reschedule'; id: number; plan_date: string; plan_time?: string; staff_id?: number; purpose?: string }
  | ({ action: 'record'; id: number; demands: DemandInput[] } & RecordInput)
  | { action: 'cancel'; id: number }
  | ({ action: 'edit'; id: number } & RecordInput)
  | { action: 'follow_done'; id: number; follow_note?: string };

const STATE_TEXT: Record<string, string> = { plan: '待走访', done: '已走访', cancelled: '已取消' };

/** editVisit: one step on a visit; a step that does not fit the visit's state is refused and changes nothing. */
export async function editVisit(deps: Deps, scope: ServiceScope, input: EditInput): Promise<VisitCreated> {
  const { db } = deps.db;
  const visit = await loadVisit(db, scope, input.id);
  const now = deps.clock().toISOString();
  const today = chinaToday(deps.clock());
  const need = (states: string[], what: string) => {
    if (!states.includes(visit.status)) {
      throw badRequest(`该走访${STATE_TEXT[visit.status] ?? visit.status}，不能${what}`);
    }
  };
  const update = (set: Record<string, unknown>, exec: Exec = db) =>
    exec
      .updateTable('visits')
      .set({ ...set, updated_at: now })
      .where('id', '=', input.id)
      .where('status', '=', visit.status as VisitStatus)
      .executeTakeFirst();
  const result = (demandIds: number[] = []): VisitCreated => ({
    id: input.id,
    created: false,
    status: (input.action === 'record' ? 'done' : input.action === 'cancel' ? 'cancelled' : visit.status) as VisitStatus,
    demand_ids: demandIds,
  });
  switch (input.action) {
    case 'reschedule': {
      need(['plan'], '改期');
      checkPlanDate(input.plan_date, today);
      const staffId =
        input.staff_id === undefined
          ? Number(visit.staff_id)
          : await resolveStaff(db, scope, Number(visit.company_id), input.staff_id);
      await update({
        plan_date: input.plan_date,
        staff_id: staffId,
        ...(input.plan_time !== undefined ? { plan_time: input.plan_time } : {}),
        ...(input.purpose !== undefined ? { purpose: input.purpose } : {}),
      });
      return result();
    }
    case 'cancel':
      need(['plan'], '取消');
      await update({ status: 'cancelled' as const });
      return result();
    case 'record': {
      need(['plan'], '登记走访');
      checkVisitDate(input.visit_date, today);
      await checkPhotos(db, scope, input.photos);
      const demandIds = await db.transaction().execute(async (trx) => {
        const res = await update(
          {
            status: 'done' as const,
            visit_date: input.visit_date,
            people_met: input.people_met,
            content: input.content,
            photos: JSON.stringify(input.photos),
            follow_up: input.follow_up,
            follow_note: input.follow_note,
          },
          trx,
        );
        if (Number(res.numUpdatedRows) !== 1) throw badRequest('该走访已被他人处理，请刷新后再试');
        const ids = await registerDemands(deps, trx, scope, Number(visit.company_id), input.id, input.demands);
        await refreshCompanyFacts(trx, [Number(visit.company_id)]);
        return ids;
      });
      await notifyRegistered(deps, scope, demandIds);
      return result(demandIds);
    }
    case 'edit': {
      need(['done'], '修改走访记录');
      checkVisitDate(input.visit_date, today);
      await checkPhotos(db, scope, input.photos);
      const before = parseFileIds(visit.photos);
      await update({
        visit_date: input.visit_date,
        people_met: input.people_met,
        content: input.content,
        photos: JSON.stringify(input.photos),
        follow_up: input.follow_up,
        follow_note: input.follow_note,
        // Turning the follow-up off and on again opens it anew.
        ...(input.follow_up === 0 ? { follow_done_at: null } : {}),
      });
      if (input.visit_date !== visit.visit_date) await refreshCompanyFacts(db, [Number(visit.company_id)]);
      const dropped = before.filter((p) => !input.photos.includes(p));
      if (dropped.length) await releaseAttachments(deps, dropped);
      return result();
    }
    case 'follow_done': {
      need(['done'], '完成跟进');
      if (Number(visit.follow_up) !== 1) throw badRequest('该走访无需跟进');
      if (visit.follow_done_at) throw badRequest('该走访已完成跟进');
      await update({
        follow_done_at: now,
        ...(input.follow_note ? { follow_note: input.follow_note } : {}),
      });
      return result();
    }
  }
}

/** visitDel: deletes a plan or a record (and its photos); a record that raised demands stays (they need it). */
export async function deleteVisit(deps: Deps, scope: ServiceScope, id: number): Promise<{ id: number; photos_removed: number }> {
  const { db } = deps.db;
  const visit = await loadVisit(db, scope, id);
  const raised = await db
    .selectFrom('demands')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('visit_id', '=', id)
    .executeTakeFirstOrThrow();
  if (Number(raised.n) > 0) throw badRequest(`该走访登记了 ${Number(raised.n)} 条需求，不能删除`);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('visits').where('id', '=', id).execute();
    if (visit.status === 'done') await refreshCompanyFacts(trx, [Number(visit.company_id)]);
  });
  const removed = await releaseAttachments(deps, parseFileIds(visit.photos));
  return { id, photos_removed: removed };
}

async function demandsOf(db: Db, where: { visitId?: number; companyId?: number; open?: boolean }): Promise<VisitDemandBrief[]> {
  let q = db
    .selectFrom('demands')
    .leftJoin('service_labels', 'service_labels.id', 'demands.label_id')
    .select(['demands.id', 'demands.title', 'demands.status', 'service_labels.name as label_name', 'demands.registered_at']);
  if (where.visitId !== undefined) q = q.where('demands.visit_id', '=', where.visitId);
  if (where.companyId !== undefined) q = q.where('demands.company_id', '=', where.companyId);
  if (where.open) q = q.where('demands.status', 'in', ['registered', 'assigned']);
  const rows = await q.orderBy('demands.id').limit(100).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    status: r.status,
    label_name: r.label_name ?? '',
    registered_at: r.registered_at,
  }));
}

export async function visitDetail(deps: Deps, scope: ServiceScope, id: number): Promise<VisitDetail> {
  const { db } = deps.db;
  const raw = await loadVisit(db, scope, id);
  const creator = await db.selectFrom('users').select('name').where('id', '=', raw.created_by).executeTakeFirst();
  return {
    ...toRow(raw),
    photos: await attachmentsOf(deps, parseFileIds(raw.photos)),
    created_by: Number(raw.created_by),
    created_by_name: creator?.name ?? '',
    demands: await demandsOf(db, { visitId: id }),
  };
}

/** visitDetailtwo: the record form's prefill — the visit, the enterprise's previous record, its open demands. */
export async function visitPrefill(deps: Deps, scope: ServiceScope, id: number): Promise<VisitPrefill> {
  const { db } = deps.db;
  const raw = await loadVisit(db, scope, id);
  const last = await scopedVisits(db, scope)
    .select(ROW_COLUMNS)
    .where('visits.company_id', '=', raw.company_id)
    .where('visits.status', '=', 'done')
    .where('visits.id', '!=', id)
    .orderBy('visits.visit_date', 'desc')
    .orderBy('visits.id', 'desc')
    .executeTakeFirst();
  return {
    visit: toRow(raw),
    last_visit: last ? toRow(last as RawRow) : null,
    open_demands: await demandsOf(db, { companyId: Number(raw.company_id), open: true }),
  };
}

export interface ListQuery {
  page: number;
  page_size: number;
  status?: VisitStatus;
  staff_id?: number;
  street_id?: number;
  company_id?: number;
  keyword?: string;
  date_from?: string;
  date_to?: string;
  follow_up?: '0' | '1';
  sort: 'asc' | 'desc';
  export?: '0' | '1';
}

type Filtered = SelectQueryBuilder<Database & { staff: Database['users'] }, 'visits' | 'companies' | 'staff', object>;

function filtered(db: Db, scope: ServiceScope, q: Omit<ListQuery, 'page' | 'page_size' | 'sort' | 'export'>): Filtered {
  let base = scopedVisits(db, scope) as unknown as Filtered;
  if (q.status) base = base.where('visits.status', '=', q.status);
  if (q.staff_id !== undefined) base = base.where('visits.staff_id', '=', q.staff_id);
  if (q.street_id !== undefined) base = base.where('companies.street_id', '=', q.street_id);
  if (q.company_id !== undefined) base = base.where('visits.company_id', '=', q.company_id);
  if (q.keyword) base = base.where(containsText('companies.company_name', q.keyword));
  if (q.date_from) base = base.where(dayExpr, '>=', q.date_from);
  if (q.date_to) base = base.where(dayExpr, '<=', q.date_to);
  if (q.follow_up === '1') {
    base = base.where('visits.status', '=', 'done').where('visits.follow_up', '=', 1).where('visits.follow_done_at', 'is', null);
  } else if (q.follow_up === '0') {
    base = base.where((eb) =>
      eb.or([eb('visits.status', '!=', 'done'), eb('visits.follow_up', '=', 0), eb('visits.follow_done_at', 'is not', null)]),
    );
  }
  return base;
}

export async function listVisits(deps: Deps, scope: ServiceScope, q: ListQuery): Promise<VisitList | VisitExport> {
  const { db } = deps.db;
  if (q.date_from && q.date_to && q.date_from > q.date_to) throw badRequest('开始日期不能晚于结束日期');
  const base = filtered(db, scope, q);
  const ordered = base.select(ROW_COLUMNS).orderBy(dayExpr, q.sort).orderBy('visits.id', q.sort);
  if (q.export === '1') {
    const rows = (await ordered.limit(VISIT_EXPORT_MAX + 1).execute()).map((r) => toRow(r as RawRow));
    const truncated = rows.length > VISIT_EXPORT_MAX;
    return writeExport<VisitRow>(deps, scope.userId, {
      name: `走访记录-${chinaToday(deps.clock())}.xlsx`,
      sheet: '走访记录',
      truncated,
      rows: rows.slice(0, VISIT_EXPORT_MAX),
      columns: [
        { header: '日期', width: 12, value: (r) => r.day },
        { header: '状态', width: 8, value: (r) => VISIT_STATUS_TEXT[r.status] },
        { header: '企业', width: 32, value: (r) => r.company_name },
        { header: '街道', width: 12, value: (r) => r.street_name },
        { header: '走访人员', width: 10, value: (r) => r.staff_name },
        { header: '走访目的', width: 24, value: (r) => r.purpose },
        { header: '接待人员', width: 16, value: (r) => r.people_met },
        { header: '走访内容', width: 40, value: (r) => r.content },
        { header: '照片数', width: 8, value: (r) => r.photo_count },
        { header: '跟进', width: 10, value: (r) => (r.follow_open ? '待跟进' : r.follow_up ? '已跟进' : '无需跟进') },
        { header: '跟进说明', width: 24, value: (r) => r.follow_note },
      ],
    });
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await ordered
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute();
  return { list: rows.map((r) => toRow(r as RawRow)), total: Number(total), page: q.page, page_size: q.page_size };
}

/** calendar: the plans and records between two days (cancelled plans are left out), optionally of one staff member. */
export async function visitCalendar(
  deps: Deps,
  scope: ServiceScope,
  q: { from: string; to: string; staff_id?: number },
): Promise<VisitCalendarEntry[]> {
  const { db } = deps.db;
  if (q.from > q.to) throw badRequest('开始日期不能晚于结束日期');
  if (Date.parse(q.to) - Date.parse(q.from) >= VISIT_CALENDAR_MAX_DAYS * 86_400_000) {
    throw badRequest(`一次最多查看 ${VISIT_CALENDAR_MAX_DAYS} 天`);
  }
  let base = filtered(db, scope, { date_from: q.from, date_to: q.to, staff_id: q.staff_id });
  base = base.where('visits.status', 'in', ['plan', 'done']);
  const rows = await base
    .select(ROW_COLUMNS)
    .orderBy(dayExpr)
    .orderBy('visits.plan_time')
    .orderBy('visits.id')
    .limit(2000)
    .execute();
  return rows.map((r) => {
    const v = toRow(r as RawRow);
    return {
      id: v.id,
      status: v.status as 'plan' | 'done',
      day: v.day,
      plan_time: v.plan_time,
      company_id: v.company_id,
      company_name: v.company_name,
      staff_id: v.staff_id,
      staff_name: v.staff_name,
      purpose: v.purpose,
      follow_open: v.follow_open,
    };
  });
}

/** visitListnews: the work-group home — the latest records of the scope and the caller's own counts. */
export async function visitNews(deps: Deps, scope: ServiceScope, limit: number): Promise<VisitNews> {
  const { db } = deps.db;
  const today = chinaToday(deps.clock());
  const monday = weekStart(today);
  const latest = await filtered(db, scope, { status: 'done' })
    .select(ROW_COLUMNS)
    .orderBy('visits.visit_date', 'desc')
    .orderBy('visits.id', 'desc')
    .limit(limit)
    .execute();
  const mine = filtered(db, scope, { staff_id: scope.userId });
  const count = async (q: Filtered) =>
    Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const plans = mine.where('visits.status', '=', 'plan');
  return {
    latest: latest.map((r) => toRow(r as RawRow)),
    counts: {
      plan_today: await count(plans.where('visits.plan_date', '=', today)),
      plan_week: await count(
        plans.where('visits.plan_date', '>=', monday).where('visits.plan_date', '<=', isoAddDays(monday, 6)),
      ),
      plan_overdue: await count(plans.where('visits.plan_date', '<', today)),
      follow_open: await count(filtered(db, scope, { staff_id: scope.userId, follow_up: '1' })),
      done_month: await count(
        mine
          .where('visits.status', '=', 'done')
          .where('visits.visit_date', '>=', `${today.slice(0, 7)}-01`)
          .where('visits.visit_date', '<=', today),
      ),
    },
  };
}
