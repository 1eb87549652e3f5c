import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAs } from '../../../test/applications';
import { call, createTestApp, DEMO, login, loginAs, type TestApp } from '../../../test/helpers';
import { seedDemoStats } from '../../db/seed/stats';
import { demoCreditCode } from '../../db/seed';
import { allJobHandlers } from '..';
import { drainJobs } from '../jobs/jobs.service';
import { dayOf, kindOf, resolveRange } from './stats.service';

// The statistics' stored counts (stats_days, stats_company_days; migration 046, ADR 0063) are kept by triggers on
// search_history, activity_log and users: after a mix of writes through the API (logins, searches — the same
// expression again replaces the older row —, an export, a trial user verified into a company) and straight in the
// database (batch inserts, a row moved across the China day boundary, to another kind and to another user, rows
// deleted, a user moved to another company and out of any, a user deleted with the cascade to its searches, a user
// inserted after its rows), the stored rows equal a recomputation from the rows, on SQLite and PostgreSQL.

let t: TestApp;
let admin: string;
const db = () => t.db.db;
const num = (rows: Record<string, unknown>[]) =>
  rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'kind' || k === 'day' ? v : Number(v)])));
const rowsOf = async (q: ReturnType<typeof sql>) => num((await sql<Record<string, unknown>>`${q}`.execute(db())).rows);

/** The stored rows (counts of 0 carry nothing) and the same counts computed from the rows now. */
async function storedAndRecomputed() {
  const d = t.db.dialect;
  const events = sql`select user_id, 'search' as kind, created_at from search_history
    union all select user_id, kind, created_at from activity_log`;
  const day = dayOf(d, 'e.created_at');
  const company = (period: RawBuilder<string>) => sql`select company_id, day, logins, searches, exports, actions from (
      select u.company_id, ${period} as day, sum(case when e.kind = 'login' then 1 else 0 end) as logins,
        sum(case when e.kind = 'search' then 1 else 0 end) as searches,
        sum(case when e.kind = 'export' then 1 else 0 end) as exports, count(*) as actions
      from (${events}) e join users u on u.id = e.user_id where u.company_id > 0 group by u.company_id, ${period}) x
    order by company_id, day`;
  const stored = {
    days: await rowsOf(sql`select kind, day, n from stats_days where n <> 0 order by kind, day`),
    companyDays: await rowsOf(sql`select company_id, day, logins, searches, exports, actions from stats_company_days
      where actions <> 0 order by company_id, day`),
    companyMonths: await rowsOf(sql`select company_id, month as day, logins, searches, exports, actions
      from stats_company_months where actions <> 0 order by company_id, month`),
    users: await rowsOf(sql`select kind, day, n from stats_user_days where n <> 0 order by kind, day`),
  };
  const fresh = {
    days: await rowsOf(sql`select kind, day, n from (
        select e.kind, ${day} as day, count(*) as n from (${events}) e group by e.kind, ${day}) x
      order by kind, day`),
    companyDays: await rowsOf(company(day)),
    companyMonths: await rowsOf(company(sql<string>`substr(${day}, 1, 7)`)),
    users: await rowsOf(sql`select kind, day, n from (
        select ${kindOf} as kind, ${dayOf(d, 'u.created_at')} as day, count(*) as n from users u
        group by ${kindOf}, ${dayOf(d, 'u.created_at')}) x
      order by kind, day`),
  };
  return { stored, fresh };
}

/** A company user inserted straight in the database (with the id given, when given). */
async function newUser(mobile: string, company_id: number, id?: number) {
  const at = '2026-01-01T00:00:00.000Z';
  const row = await db()
    .insertInto('users')
    .values({
      ...(id === undefined ? {} : { id }),
      mobile,
      password_hash: 'x',
      name: `统计${mobile.slice(-3)}`,
      avatar: '',
      type: '2',
      is_admin: 0,
      is_news: 0,
      rid: 0,
      com_id: 0,
      pid: 0,
      street_id: 0,
      street_name: '',
      introduction: '',
      company_name: '',
      status: 1,
      newtype: 1,
      company_id,
      must_change_password: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const userId = async (mobile: string) =>
  Number((await db().selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()).id);
const companyOf = async (id: number) =>
  Number((await db().selectFrom('users').select('company_id').where('id', '=', id).executeTakeFirstOrThrow()).company_id);

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-10T02:00:00.000Z' });
  admin = await loginAs(t.app, 'admin');
  await seedDemoStats(t.deps);
});
afterAll(() => t?.close());

describe('stats_days and stats_company_days', () => {
  it('equal a recomputation from search_history, activity_log and users after every kind of write', async () => {
    const seeded = await storedAndRecomputed();
    expect(seeded.fresh.days.length).toBeGreaterThan(20);
    expect(seeded.fresh.companyDays.length).toBeGreaterThan(20);
    expect(seeded.fresh.companyMonths.length).toBeGreaterThan(2);
    expect(seeded.fresh.users.length).toBeGreaterThan(3);
    expect(seeded.stored).toEqual(seeded.fresh);

    // Through the API.
    const company = await loginAs(t.app, 'company');
    const companyUser = await userId(DEMO.company);
    expect(await companyOf(companyUser)).toBeGreaterThan(0);
    const search = async (token: string, expression: string) => {
      const res = await call(t.app, 'POST', '/v1/search/expression', { token, body: { expression } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await search(company, '锂电池');
    await search(company, '石墨烯');
    await search(company, '锂电池');
    const exported = await call(t.app, 'POST', '/v1/frontend/user/patent_export', {
      token: company,
      body: { expression: '电池', sort: 'date_asc' },
    });
    expect(exported.status).toBe(200);
    await drainJobs(t.deps, allJobHandlers());
    expect(
      await db()
        .selectFrom('activity_log')
        .select('id')
        .where('kind', '=', 'export')
        .where('user_id', '=', companyUser)
        .execute(),
    ).not.toHaveLength(0);

    const mobile = '13900000901';
    const created = await call(t.app, 'POST', '/v1/news/user/create', {
      token: admin,
      body: { mobile, name: '统计试用', kind: 'trial', company_name: '统计触发器测试有限公司', password: 'Trial2026x' },
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(1);
    const trialId = Number(created.body.data.id);
    await db().updateTable('users').set({ must_change_password: 0 }).where('id', '=', trialId).execute();
    const trial = await login(t.app, mobile, 'Trial2026x');
    await search(trial, '专利 AND 电池');
    expect(await companyOf(trialId)).toBe(0);
    const application = await applyAs(t.app, trial, { company_name: '统计触发器测试有限公司', credit_code: demoCreditCode(61) });
    const approved = await call(t.app, 'POST', '/v1/news/user/queuestate', {
      token: admin,
      body: { id: application, status: 1 },
    });
    expect(approved.body.code, JSON.stringify(approved.body)).toBe(1);
    expect(await companyOf(trialId)).toBeGreaterThan(0);
    const middle = await storedAndRecomputed();
    expect(middle.stored).toEqual(middle.fresh);

    // Straight in the database.
    const companies = (await db().selectFrom('companies').select('id').orderBy('id').limit(3).execute()).map((x) => Number(x.id));
    expect(companies).toHaveLength(3);
    const [a, b, c] = await Promise.all(
      companies.map(async (company, i) => ({ id: await newUser(`1390000091${i}`, company), company })),
    );
    await db()
      .insertInto('activity_log')
      .values([
        { kind: 'login', user_id: a.id, created_at: '2026-03-01T15:59:59.000Z' },
        { kind: 'login', user_id: a.id, created_at: '2026-03-01T16:00:00.000Z' },
        { kind: 'export', user_id: b.id, created_at: '2026-03-02T01:00:00.000Z' },
        { kind: 'login', user_id: 987_654, created_at: '2026-03-02T02:00:00.000Z' },
      ])
      .execute();
    await db()
      .insertInto('search_history')
      .values([
        { user_id: a.id, expression: '触发器检索一', total: 1, created_at: '2026-03-03T15:59:59.000Z' },
        { user_id: b.id, expression: '触发器检索二', total: 2, created_at: '2026-03-03T16:00:00.000Z' },
      ])
      .execute();
    // Across the China day boundary, to the other kind, to another user.
    await db()
      .updateTable('activity_log')
      .set({ created_at: '2026-03-01T16:00:01.000Z' })
      .where('user_id', '=', a.id)
      .where('created_at', '=', '2026-03-01T15:59:59.000Z')
      .execute();
    await db()
      .updateTable('activity_log')
      .set({ kind: 'export' })
      .where('user_id', '=', b.id)
      .where('kind', '=', 'login')
      .execute();
    await db().updateTable('search_history').set({ user_id: c.id }).where('expression', '=', '触发器检索一').execute();
    await db()
      .updateTable('search_history')
      .set({ created_at: '2026-03-04T15:59:59.000Z' })
      .where('expression', '=', '触发器检索二')
      .execute();
    const after = await storedAndRecomputed();
    expect(after.stored).toEqual(after.fresh);

    // Rows deleted; users moved to another company, out of any; one deleted (its searches go with it); one inserted
    // after its rows.
    await db().deleteFrom('activity_log').where('user_id', '=', a.id).where('kind', '=', 'login').execute();
    await db().deleteFrom('search_history').where('user_id', '=', a.id).where('expression', '=', '触发器检索一').execute();
    await db().deleteFrom('search_history').where('user_id', '=', companyUser).where('expression', '=', '石墨烯').execute();
    await db().updateTable('users').set({ company_id: c.company }).where('id', '=', a.id).execute();
    await db().updateTable('users').set({ company_id: 0 }).where('id', '=', trialId).execute();
    await db().updateTable('users').set({ name: '改名不计' }).where('id', '=', b.id).execute();
    await db().updateTable('users').set({ created_at: '2026-02-27T16:00:00.000Z' }).where('id', '=', a.id).execute();
    await db().updateTable('users').set({ is_news: 1 }).where('id', '=', c.id).execute();
    const gone = await newUser('13900000903', c.company);
    await db()
      .insertInto('search_history')
      .values({ user_id: gone, expression: '将删除', total: 0, created_at: '2026-03-05T01:00:00.000Z' })
      .execute();
    await db()
      .insertInto('activity_log')
      .values({ kind: 'login', user_id: gone, created_at: '2026-03-05T02:00:00.000Z' })
      .execute();
    const between = await storedAndRecomputed();
    expect(between.stored).toEqual(between.fresh);
    await db().deleteFrom('users').where('id', '=', gone).execute();
    expect(await db().selectFrom('search_history').select('id').where('user_id', '=', gone).execute()).toHaveLength(0);
    await newUser('13900000902', b.company, 987_654);
    const end = await storedAndRecomputed();
    expect(end.stored).toEqual(end.fresh);
    expect(end.stored).not.toEqual(seeded.stored);
  });
});

describe('the active companies read from whole months and days', () => {
  it('equal the events joined to their users, for ranges with and without whole months', async () => {
    const ranges = [
      { date_from: '2026-01-15', date_to: '2026-03-09' },
      { date_from: '2026-02-01', date_to: '2026-02-28' },
      { date_from: '2026-01-01', date_to: '2026-03-01' },
      { date_from: '2026-02-02', date_to: '2026-03-10' },
      { date_from: '2026-03-02', date_to: '2026-03-02' },
    ];
    for (const range of ranges) {
      const res = await call(t.app, 'POST', '/v1/stats/list', {
        token: admin,
        body: { ...range, table: 'companies', page_size: 100 },
      });
      expect(res.body.code).toBe(1);
      const r = resolveRange(range, t.now());
      const joined = await rowsOf(sql`select u.company_id, sum(case when e.kind = 'login' then 1 else 0 end) as logins,
          sum(case when e.kind = 'search' then 1 else 0 end) as searches,
          sum(case when e.kind = 'export' then 1 else 0 end) as exports, count(*) as actions
        from (select user_id, 'search' as kind, created_at from search_history
          union all select user_id, kind, created_at from activity_log) e join users u on u.id = e.user_id
        where u.company_id > 0 and e.created_at >= ${r.lo} and e.created_at < ${r.hi}
        group by u.company_id order by count(*) desc, u.company_id`);
      expect(joined.length, JSON.stringify(range)).toBeGreaterThan(0);
      expect(res.body.data.total).toBe(joined.length);
      expect(
        res.body.data.list.map((c: Record<string, unknown>) => ({
          company_id: c.company_id,
          logins: c.logins,
          searches: c.searches,
          exports: c.exports,
          actions: c.actions,
        })),
        JSON.stringify(range),
      ).toEqual(joined);
    }
  });
});
