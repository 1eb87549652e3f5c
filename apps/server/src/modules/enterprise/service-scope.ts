import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Session } from '../../http/auth';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';

/** The refusal every enterprise-service call gives another kind of account. */
export const SERVICE_ONLY = '仅企业服务账号可使用该功能';

/**
 * Who acts in the enterprise service (issue 12, ADR 0038, DOMAIN §5): the office (its main account, set C) and the
 * acting user. A main account's scope is every enterprise its office serves (companies.service_owner_id); a staff
 * member's (set D, users.com_id = its main account's id) only the enterprises assigned to it directly
 * (staff_companies) or through one of its streets (staff_streets). Every enterprise-service call goes through here.
 */
export interface ServiceScope {
  /** The main account's user id: whose office, labels, staff and settings. */
  ownerId: number;
  /** The acting user (the main account itself or a staff member). */
  userId: number;
  isMain: boolean;
}

/** The scope of a main-account or staff session; any other caller is refused. */
export function serviceScope(session: Session | null): ServiceScope {
  if (!session || session.subject !== 'user') throw forbidden(SERVICE_ONLY);
  const { user, kind } = session;
  if (kind === 'main') return { ownerId: user.id, userId: user.id, isMain: true };
  if (kind === 'staff' && user.com_id > 0) return { ownerId: user.com_id, userId: user.id, isMain: false };
  throw forbidden(SERVICE_ONLY);
}

/** As serviceScope, for what only the main account does (staff, labels, assignments, time limits). */
export function serviceMain(session: Session | null): ServiceScope {
  const scope = serviceScope(session);
  if (!scope.isMain) throw forbidden('仅企业服务主账号可以进行该操作');
  return scope;
}

/**
 * A filter on `companies`: the enterprises of the office, and for a staff member (or for `staffId`, a main account
 * looking at one staff member's work) only those assigned to it directly or through its streets.
 */
export function inScope(scope: ServiceScope, staffId?: number) {
  const staff = scope.isMain ? staffId : scope.userId;
  return (eb: ExpressionBuilder<Database, 'companies'>) => {
    const own = eb('companies.service_owner_id', '=', scope.ownerId);
    if (staff === undefined) return own;
    return eb.and([
      own,
      eb.or([
        eb(
          'companies.id',
          'in',
          eb.selectFrom('staff_companies').select('staff_companies.company_id').where('staff_companies.staff_id', '=', staff),
        ),
        eb(
          'companies.street_id',
          'in',
          eb.selectFrom('staff_streets').select('staff_streets.street_id').where('staff_streets.staff_id', '=', staff),
        ),
      ]),
    ]);
  };
}

export const OUT_OF_SCOPE = '企业不存在或不在您的服务范围内';

/** The ids among `ids` that are in scope. */
export async function idsInScope(db: Kysely<Database>, scope: ServiceScope, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('companies')
      .select('companies.id')
      .where('companies.id', 'in', unique.slice(i, i + 500))
      .where(inScope(scope))
      .execute();
    for (const r of rows) found.add(Number(r.id));
  }
  return found;
}

/** Throws 404 unless every id is an enterprise in scope (nothing is changed by a call that names one outside). */
export async function assertInScope(db: Kysely<Database>, scope: ServiceScope, ids: number[]): Promise<void> {
  const found = await idsInScope(db, scope, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw notFound(`${OUT_OF_SCOPE}（编号 ${[...new Set(missing)].slice(0, 5).join('、')}）`);
}
