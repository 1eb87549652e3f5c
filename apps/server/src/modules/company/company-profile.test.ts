import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isContactPhone } from '@ip/contract';
import { call, createTestApp, DEMO, DEMO_PASSWORD, login, loginAs, type TestApp } from '../../../test/helpers';
import { NEW_USER } from '../account/new-user';
import { hashPassword } from '../account/passwords';

// /v1/frontend/company/info and /save (ADR 0022): the company's own profile on /system. Runs on SQLite, and on
// PostgreSQL with TEST_DATABASE_URL.

const INFO = '/v1/frontend/company/info';
const SAVE = '/v1/frontend/company/save';

let t: TestApp;
let owner: string;
let companyId: number;
let sub: string;
let other: string;
let otherCompanyId: number;

async function companyRow(id: number) {
  return t.db.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function addUser(mobile: string, companyName: string, rid: number): Promise<string> {
  const c = await t.db.db.selectFrom('companies').select('id').where('company_name', '=', companyName).executeTakeFirstOrThrow();
  const now = t.now().toISOString();
  await t.db.db
    .insertInto('users')
    .values({
      ...NEW_USER,
      mobile,
      name: `用户${mobile.slice(-4)}`,
      company_name: companyName,
      company_id: c.id,
      rid,
      password_hash: await hashPassword(DEMO_PASSWORD),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return login(t.app, mobile);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await loginAs(t.app, 'company');
  companyId = (
    await t.db.db.selectFrom('users').select('company_id').where('mobile', '=', DEMO.company).executeTakeFirstOrThrow()
  ).company_id;
  sub = await addUser('13900001001', '示例科技有限公司', 1);
  other = await addUser('13900001002', '华芯半导体科技有限公司', 0);
  otherCompanyId = (
    await t.db.db
      .selectFrom('companies')
      .select('id')
      .where('company_name', '=', '华芯半导体科技有限公司')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

describe('POST /v1/frontend/company/info', () => {
  it('gives the main user its company profile, editable', async () => {
    const res = await call(t.app, 'POST', INFO, { token: owner });
    expect(res.body.code).toBe(1);
    const c = await companyRow(companyId);
    expect(res.body.data).toEqual({
      id: companyId,
      company_name: '示例科技有限公司',
      credit_code: c.credit_code,
      address: c.address,
      contact: c.contact,
      contact_phone: c.contact_phone,
      industry: c.industry,
      size: c.size,
      fee_reduction: 1,
      former_names: ['示例电子科技有限公司'],
      patent_num: 128,
      updated_at: c.updated_at,
      editable: true,
    });
    expect(res.body.data.credit_code).toMatch(/^[0-9A-Z]{18}$/);
  });

  it('gives a sub-account the same profile, read-only', async () => {
    const res = await call(t.app, 'POST', INFO, { token: sub });
    expect(res.body.data).toMatchObject({ id: companyId, company_name: '示例科技有限公司', editable: false });
  });

  it('gives another company its own profile only', async () => {
    const res = await call(t.app, 'POST', INFO, { token: other, body: { id: companyId } });
    expect(res.body.data).toMatchObject({ id: otherCompanyId, company_name: '华芯半导体科技有限公司', former_names: [] });
  });
});

describe('POST /v1/frontend/company/save', () => {
  it('saves the contact fields, size, industry and 费减; name and credit code stay as they are', async () => {
    const before = await companyRow(companyId);
    const body = {
      address: '  示例市高新区创新路 1 号  ',
      contact: '周主管',
      contact_phone: '0571-88886666-123',
      industry: '软件和信息技术服务业',
      size: '中型',
      fee_reduction: 0,
      company_name: '改名公司',
      credit_code: '91330106000000000X',
      former_names: ['伪造曾用名'],
    };
    t.advance(60_000);
    const res = await call(t.app, 'POST', SAVE, { token: owner, body });
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({
      address: '示例市高新区创新路 1 号',
      contact: '周主管',
      contact_phone: '0571-88886666-123',
      industry: '软件和信息技术服务业',
      size: '中型',
      fee_reduction: 0,
      company_name: '示例科技有限公司',
      credit_code: before.credit_code,
      former_names: ['示例电子科技有限公司'],
      editable: true,
    });
    const after = await companyRow(companyId);
    expect(after.updated_at).toBe(t.now().toISOString());
    expect(after.company_name).toBe('示例科技有限公司');
    // Only what is sent changes; empty text clears a field.
    const partial = await call(t.app, 'POST', SAVE, { token: owner, body: { contact_phone: '', fee_reduction: 1 } });
    expect(partial.body.data).toMatchObject({ contact_phone: '', fee_reduction: 1, contact: '周主管', size: '中型' });
    // The other company is untouched.
    const theirs = await companyRow(otherCompanyId);
    expect(theirs.contact).not.toBe('周主管');
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const before = await companyRow(companyId);
    const cases: [unknown, number, string][] = [
      [{}, 400, '请填写要保存的内容'],
      [{ contact_phone: '12345' }, 400, '联系电话格式不正确，请填写手机号或带区号的固定电话'],
      [{ contact_phone: '0571-8888' }, 400, '联系电话格式不正确，请填写手机号或带区号的固定电话'],
      [{ contact_phone: 'abc-defg' }, 400, '联系电话格式不正确，请填写手机号或带区号的固定电话'],
      [{ contact_phone: 13800000000 }, 400, '联系电话须为文字'],
      [{ contact_phone: '0'.repeat(21) }, 400, '联系电话不能超过 20 个字'],
      [{ address: '址'.repeat(201) }, 400, '地址不能超过 200 个字'],
      [{ contact: '人'.repeat(31) }, 400, '联系人不能超过 30 个字'],
      [{ industry: '业'.repeat(51) }, 400, '所属行业不能超过 50 个字'],
      [{ industry: ['a'] }, 400, '所属行业须为文字'],
      [{ size: '巨型' }, 400, '企业规模只能是大型、中型、小型或微型'],
      [{ fee_reduction: 2 }, 400, '费减资格只能是 0（否）或 1（是）'],
      [{ fee_reduction: true }, 400, '费减资格只能是 0（否）或 1（是）'],
      [{ address: 'x'.repeat(5 * 1024 * 1024) }, 413, '请求内容过大'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await call(t.app, 'POST', SAVE, { token: owner, body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(res.body).toMatchObject({ code: 0, msg });
    }
    expect(await companyRow(companyId)).toEqual(before);
  });

  it('refuses a sub-account, every other account kind and a user without a company, in Chinese', async () => {
    const before = await companyRow(companyId);
    const now = t.now().toISOString();
    await t.db.db
      .insertInto('users')
      .values({
        ...NEW_USER,
        mobile: '13900001003',
        password_hash: await hashPassword(DEMO_PASSWORD),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const callers: [string, string | undefined, number, string][] = [
      ['anonymous', undefined, 401, '请先登录'],
      ['admin', await loginAs(t.app, 'admin'), 403, '仅企业用户的主账号可以修改企业信息'],
      ['trial', await loginAs(t.app, 'trial'), 403, '仅企业用户的主账号可以修改企业信息'],
      ['main', await loginAs(t.app, 'main'), 403, '仅企业用户的主账号可以修改企业信息'],
      ['staff', await loginAs(t.app, 'staff'), 403, '仅企业用户的主账号可以修改企业信息'],
      ['sub-account', sub, 403, '子账号不能进行该操作，请联系企业主账号'],
      ['no company', await login(t.app, '13900001003'), 403, '当前账号尚未关联企业，请联系管理员'],
    ];
    for (const [who, token, status, msg] of callers) {
      const res = await call(t.app, 'POST', SAVE, { token, body: { contact: '越权' } });
      expect(res.status, who).toBe(status);
      expect(res.body, who).toEqual({ code: 0, msg });
      if (who !== 'sub-account') {
        const info = await call(t.app, 'POST', INFO, { token });
        expect(info.status, `${who} info`).toBe(status);
      }
    }
    expect(await companyRow(companyId)).toEqual(before);
  });

  it('is written to the audit log when an administrator saves in admin view', async () => {
    const adminToken = await loginAs(t.app, 'admin');
    const ownerId = (await t.db.db.selectFrom('users').select('id').where('mobile', '=', DEMO.company).executeTakeFirstOrThrow())
      .id;
    const view = await call(t.app, 'POST', '/v1/user/admin-view', { token: adminToken, body: { user_id: ownerId } });
    const token = view.body.data.token as string;
    expect((await call(t.app, 'POST', INFO, { token })).body.data.editable).toBe(true);
    expect((await call(t.app, 'POST', SAVE, { token, body: { size: '大型' } })).body.data.size).toBe('大型');
    const rows = await t.db.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('action', 'like', '%/frontend/company/%')
      .execute();
    expect(rows).toEqual([{ action: 'POST /frontend/company/save', user_id: ownerId }]);
  });
});

describe('isContactPhone', () => {
  it.each([
    ['13800000000', true],
    ['0571-86000000', true],
    ['057186000000', true],
    ['010 12345678', true],
    ['0571-8600000-8001', true],
    ['400-123-4567', true],
    ['8001234567', true],
    ['12800000000', false],
    ['0571-0600000', false],
    ['86000000', false],
    ['+86 13800000000', false],
    ['', false],
  ])('%s → %s', (phone, ok) => expect(isContactPhone(phone)).toBe(ok));
});
