import type { TestApp } from './helpers';
import { DEMO_PASSWORD, login } from './helpers';
import { NEW_USER } from '../src/modules/account/new-user';
import { hashPassword } from '../src/modules/account/passwords';

// Test-only fixtures of the enterprise-service API tests: accounts inserted directly (insertUser), an office of its
// own (main account, one staff member, enterprises), and direct inserts of visits, demands and litigation for the
// tests that only read those tables (grading, ADR 0043).

export interface TestOffice {
  mainId: number;
  staffId: number;
  main: string;
  staff: string;
  companies: number[];
}

/** A user row with the demo password; `extra` sets its kind (is_news, com_id …). */
export async function insertUser(t: TestApp, mobile: string, extra: Partial<typeof NEW_USER>): Promise<number> {
  const now = t.now().toISOString();
  const row = await t.db.db
    .insertInto('users')
    .values({
      ...NEW_USER,
      mobile,
      name: `用户${mobile.slice(-4)}`,
      password_hash: await hashPassword(DEMO_PASSWORD),
      created_at: now,
      updated_at: now,
      ...extra,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertCompany(
  t: TestApp,
  ownerId: number,
  name: string,
  extra: { street_id?: number; street_name?: string; industry?: string } = {},
): Promise<number> {
  const now = t.now().toISOString();
  const row = await t.db.db
    .insertInto('companies')
    .values({
      company_name: name,
      credit_code: '',
      street_id: extra.street_id ?? 0,
      street_name: extra.street_name ?? '',
      industry: extra.industry ?? '',
      patent_num: 0,
      created_at: now,
      service_owner_id: ownerId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await t.db.db.insertInto('company_names').values({ company_id: id, name }).execute();
  return id;
}

/** A main account (mobile prefix + '1'), its staff member (+ '2') assigned to the first enterprise, and enterprises. */
export async function createOffice(t: TestApp, prefix: string, names: string[]): Promise<TestOffice> {
  const mainId = await insertUser(t, `${prefix}1`, { is_news: 1, company_name: `${prefix}服务中心` });
  const staffId = await insertUser(t, `${prefix}2`, { is_news: 1, com_id: mainId });
  const companies: number[] = [];
  for (const [i, n] of names.entries())
    companies.push(
      await insertCompany(t, mainId, n, { street_id: i + 1, street_name: `街道${i + 1}`, industry: i % 2 ? '制造' : '软件' }),
    );
  await t.db.db
    .insertInto('staff_companies')
    .values({ owner_id: mainId, staff_id: staffId, company_id: companies[0], created_at: t.now().toISOString() })
    .execute();
  return { mainId, staffId, companies, main: await login(t.app, `${prefix}1`), staff: await login(t.app, `${prefix}2`) };
}

export async function insertVisit(
  t: TestApp,
  o: { ownerId: number; companyId: number; staffId: number; status: 'plan' | 'done'; day: string },
): Promise<number> {
  const now = t.now().toISOString();
  const row = await t.db.db
    .insertInto('visits')
    .values({
      owner_id: o.ownerId,
      company_id: o.companyId,
      staff_id: o.staffId,
      status: o.status,
      plan_date: o.day,
      visit_date: o.status === 'done' ? o.day : '',
      created_by: o.staffId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertDemand(
  t: TestApp,
  o: {
    ownerId: number;
    companyId: number;
    status: 'registered' | 'assigned' | 'handled' | 'evaluated' | 'closed';
    registered: string;
    contact_due: string;
    reply_due?: string;
    close_due?: string;
    title?: string;
  },
): Promise<number> {
  const now = t.now().toISOString();
  const row = await t.db.db
    .insertInto('demands')
    .values({
      owner_id: o.ownerId,
      company_id: o.companyId,
      source: 'staff',
      title: o.title ?? '测试需求',
      status: o.status,
      registered_at: `${o.registered}T02:00:00.000Z`,
      contact_due: o.contact_due,
      reply_due: o.reply_due ?? o.contact_due,
      close_due: o.close_due ?? o.contact_due,
      created_by: o.ownerId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertLitigation(t: TestApp, companyName: string, caseNo: string, filingDate: string): Promise<number> {
  const now = t.now().toISOString();
  const row = await t.db.db
    .insertInto('litigation_cases')
    .values({
      case_no: caseNo,
      court: '测试法院',
      cause: '侵害发明专利权纠纷',
      trial_level: '一审',
      status: '审理中',
      filing_date: filingDate,
      filing_year: Number(filingDate.slice(0, 4)),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await t.db.db
    .insertInto('litigation_parties')
    .values({ case_id: id, sort: 1, role: '被告', name: companyName, name_key: companyName })
    .execute();
  return id;
}
