import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest } from '../../http/errors';
import { getWorkingCalendar } from '../calendar/working-calendar';
import { serviceLimits } from './companies';
import { demandDueDays } from './demand-lights';
import { assertInScope, type ServiceScope } from './service-scope';

// The demand loop (issue 12, ADR 0042, DOMAIN §5): 登记 → 分派 → 办理 → 评价 → 回访. Registration is exported on
// its own because a visit record raises demands inside its own transaction (visits, s8a).

type Q = Kysely<Database> | Transaction<Database>;

export const DEMAND_TITLE_MAX = 200;
export const DEMAND_CONTENT_MAX = 5000;
export const UNKNOWN_DEMAND_LABEL = '未知的需求标签';

/** The calendar day in Asia/Shanghai (the district's day), YYYY-MM-DD. */
export const shanghaiDay = (d: Date): string => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

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
  source: 'visit' | 'staff' | 'company';
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
 * inserts the demand ('registered') with its 'register' step in one transaction (opts.trx when given).
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
  const due = demandDueDays(shanghaiDay(now), limits, cal);
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
    await trx
      .insertInto('demand_steps')
      .values({
        demand_id: id,
        step: 'register',
        actor_id: opts.actor.id,
        actor_name: opts.actor.name.slice(0, 50),
        note: '',
        created_at: nowIso,
      })
      .execute();
    return { id };
  };
  if (opts.trx) return insert(opts.trx);
  return deps.db.db.transaction().execute(insert);
}
