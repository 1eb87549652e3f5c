import { isoAddDays } from '@ip/contract';
import type { Deps } from '../../deps';
import { chinaToday } from '../common/records';
import { deliverToUser } from '../messages/deliver';
import type { ScheduledTask } from '../scheduler/scheduler';
import { collectWarnings } from './enterprise-warnings';

// The daily delivery of enterprise warnings (issue 12, ADR 0048): each warning that started in the last
// WARNING_DELIVERY_DAYS days goes to the message centre of the staff members serving its enterprise (directly or
// through a street; enabled ones), or of the office's main account when no staff member serves it — once: the row in
// service_warning_deliveries (user_id, kind, ref_key unique) is taken first, and only a new row sends the message.
// The ref_key names the episode (what the warning is about and the day it started, or the fee year), so a warning
// that ends and starts again later is a new episode and is delivered again; re-running the task delivers nothing.

/** A warning counts as new (is delivered) while it started at most this many days ago: a first run does not flood. */
export const WARNING_DELIVERY_DAYS = 7;

export interface WarningDeliveryResult {
  offices: number;
  warnings: number;
  delivered: number;
}

/** The enabled staff members of an office serving each enterprise (directly or through its street). */
async function servingStaff(deps: Pick<Deps, 'db'>, ownerId: number): Promise<Map<number, number[]>> {
  const db = deps.db.db;
  const [direct, byStreet] = await Promise.all([
    db
      .selectFrom('staff_companies')
      .innerJoin('users', 'users.id', 'staff_companies.staff_id')
      .select(['staff_companies.company_id', 'staff_companies.staff_id'])
      .where('staff_companies.owner_id', '=', ownerId)
      .where('users.status', '=', 1)
      .where('users.com_id', '=', ownerId)
      .execute(),
    db
      .selectFrom('staff_streets')
      .innerJoin('users', 'users.id', 'staff_streets.staff_id')
      .innerJoin('companies', 'companies.street_id', 'staff_streets.street_id')
      .select(['companies.id as company_id', 'staff_streets.staff_id'])
      .where('staff_streets.owner_id', '=', ownerId)
      .where('companies.service_owner_id', '=', ownerId)
      .where('users.status', '=', 1)
      .where('users.com_id', '=', ownerId)
      .execute(),
  ]);
  const out = new Map<number, number[]>();
  for (const r of [...direct, ...byStreet]) {
    const list = out.get(Number(r.company_id)) ?? [];
    if (!list.includes(Number(r.staff_id))) list.push(Number(r.staff_id));
    out.set(Number(r.company_id), list);
  }
  return out;
}

/** Delivers the new warnings of every office; returns how many messages were new. */
export async function deliverEnterpriseWarnings(deps: Deps): Promise<WarningDeliveryResult> {
  const db = deps.db.db;
  const today = chinaToday(deps.clock());
  const since = isoAddDays(today, -WARNING_DELIVERY_DAYS);
  const offices = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.is_news', '=', 1)
    .where('users.com_id', '=', 0)
    .where('users.status', '=', 1)
    .where((eb) =>
      eb.exists(eb.selectFrom('companies').select('companies.id').whereRef('companies.service_owner_id', '=', 'users.id')),
    )
    .orderBy('users.id')
    .execute();
  const result: WarningDeliveryResult = { offices: offices.length, warnings: 0, delivered: 0 };
  for (const o of offices) {
    const ownerId = Number(o.id);
    const warnings = (await collectWarnings(deps, { ownerId, userId: ownerId, isMain: true }, {}, since)).filter(
      (w) => w.started_on >= since,
    );
    if (!warnings.length) continue;
    const staff = await servingStaff(deps, ownerId);
    for (const w of warnings) {
      result.warnings++;
      const refKey = w.key.slice(w.kind.length + 1);
      for (const userId of staff.get(w.company_id) ?? [ownerId]) {
        const taken = await db
          .insertInto('service_warning_deliveries')
          .values({
            owner_id: ownerId,
            kind: w.kind,
            ref_key: refKey,
            company_id: w.company_id,
            user_id: userId,
            delivered_at: deps.clock().toISOString(),
          })
          .onConflict((oc) => oc.columns(['user_id', 'kind', 'ref_key']).doNothing())
          .executeTakeFirst();
        if (Number(taken.numInsertedOrUpdatedRows ?? 0) === 0) continue;
        const sent = await deliverToUser(deps, userId, w.company_id, {
          kind: 'system',
          title: `企业预警·${w.kind_label}：${w.company_name}`,
          body: `${w.detail}\n开始日期：${w.started_on}`,
          link: w.link,
          objectType: 'enterprise_warning',
          objectId: w.company_id,
          key: `ewarn:${w.key}`,
        });
        if (sent) result.delivered++;
      }
    }
  }
  return result;
}

/** Each morning at 08:00 in China, and once at start (a missed morning is caught up, once). */
export const enterpriseWarningTask: ScheduledTask = {
  name: 'enterprise-warnings',
  cron: '0 8 * * *',
  runAtStart: true,
  async run(deps) {
    const r = await deliverEnterpriseWarnings(deps);
    deps.log.info(r, 'enterprise warnings delivered');
    return r;
  },
};
