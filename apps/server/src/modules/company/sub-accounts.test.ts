import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUB_ACCOUNT_MAX, SUB_ACCOUNT_RID, USER_STATUS_DELETED } from '@ip/contract';
import { call, createTestApp, DEMO, DEMO_PASSWORD, login, loginAs, type TestApp } from '../../../test/helpers';
import { loadSession } from '../../http/auth';
import { NEW_USER } from '../account/new-user';
import { hashPassword } from '../account/passwords';
import { seedDemoSubAccounts } from '../../db/seed/sub-accounts';
import { companyActor } from './company-context';

// /v1/frontend/visitor/* (ADR 0022): the company's main user manages its sub-accounts (rid 1). Runs on SQLite, and
// on PostgreSQL with TEST_DATABASE_URL.

const V = '/v1/frontend/visitor';
const INITIAL = 'Start2026a';

let t: TestApp;
let owner: string;
let ownerId: number;
let companyId: number;
/** The main user of a second company (华芯半导体科技有限公司) and one of its sub-accounts. */
let other: string;
let otherSubId: number;

async function userByMobile(mobile: string) {
  return t.db.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

async function userById(id: number) {
  return t.db.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A company user of an existing demo company, inserted directly (verified, rid 0). */
async function companyUser(mobile: string, companyName: string, extra: Partial<typeof NEW_USER> = {}): Promise<number> {
  const c = await t.db.db.selectFrom('companies').select('id').where('company_name', '=', companyName).executeTakeFirstOrThrow();
  const now = t.now().toISOString();
  const row = await t.db.db
    .insertInto('users')
    .values({
      ...NEW_USER,
      mobile,
      name: `用户${mobile.slice(-4)}`,
      company_name: companyName,
      company_id: c.id,
      password_hash: await hashPassword(DEMO_PASSWORD),
      created_at: now,
      updated_at: now,
      ...extra,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function add(token: string, mobile: string, name = '测试子账号', password = INITIAL) {
  return call(t.app, 'POST', `${V}/add_visitor`, { token, body: { mobile, name, password } });
}

async function list(token: string, body: Record<string, unknown> = {}) {
  return call(t.app, 'POST', `${V}/index`, { token, body });
}

/** Whether a token still opens a session. */
async function infoStatus(token: string): Promise<number> {
  return (await call(t.app, 'POST', '/v1/user/info', { token, body: {} })).status;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await loginAs(t.app, 'company');
  const o = (await userByMobile(DEMO.company))!;
  ownerId = o.id;
  companyId = o.company_id;
  await companyUser('13900000900', '华芯半导体科技有限公司');
  other = await login(t.app, '13900000900');
  const res = await add(other, '13900000901', '他司子账号');
  expect(res.body.code).toBe(1);
  otherSubId = res.body.data.id;
});
afterAll(() => t.close());

describe('add_visitor', () => {
  it('creates a sub-account of the main user company that must change its initial password', async () => {
    const res = await add(owner, ' 139 0000 0001 ', '  王小明 ');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 1,
      data: { mobile: '13900000001', name: '王小明', status: 1, must_change_password: 1, created_by_name: '张经理' },
    });
    const row = (await userByMobile('13900000001'))!;
    expect(row).toMatchObject({
      rid: SUB_ACCOUNT_RID,
      pid: ownerId,
      company_id: companyId,
      company_name: '示例科技有限公司',
      type: '0',
      is_news: 0,
      is_admin: 0,
      com_id: 0,
      status: 1,
      must_change_password: 1,
    });
    expect(row.password_hash).not.toContain(INITIAL);

    // The sub-account logs in with the initial password; the server flags it to change it first.
    const sub = await login(t.app, '13900000001', INITIAL);
    const info = await call(t.app, 'POST', '/v1/user/info', { token: sub, body: {} });
    expect(info.body.data).toMatchObject({ rid: SUB_ACCOUNT_RID, com_id: 0, is_news: 0, is_admin: 0, type: '0' });
    // It sees the company side's menu (the sidebar hides the not-for-admin-view entries for rid > 0 in the web).
    expect(JSON.stringify(info.body.data.menu)).toContain('/patent');
    expect((await userByMobile('13900000001'))!.must_change_password).toBe(1);
  });

  it('attributes what a sub-account does to the sub-account itself (companyActor: its own id, same company)', async () => {
    await add(owner, '13900000002', '归属测试');
    const token = await login(t.app, '13900000002', INITIAL);
    const actor = companyActor(await loadSession(t.deps, token));
    const row = (await userByMobile('13900000002'))!;
    expect(actor).toEqual({ companyId, userId: row.id, isSubAccount: true, adminId: null });
  });

  it('refuses a mobile any account already uses, in Chinese, and creates nothing', async () => {
    const before = await t.db.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const mobile of [DEMO.admin, DEMO.main, DEMO.company, '13900000001', '13900000901']) {
      const res = await add(owner, mobile);
      expect(res.status, mobile).toBe(409);
      expect(res.body).toEqual({
        code: 0,
        msg: '该手机号已被其他账号使用，请换一个手机号',
        fields: [{ path: 'mobile', msg: '该手机号已被其他账号使用，请换一个手机号' }],
      });
    }
    const after = await t.db.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses bad input with a Chinese message and creates nothing', async () => {
    const cases: [unknown, number, string][] = [
      [{}, 400, '请输入手机号'],
      [{ name: '甲', password: INITIAL }, 400, '请输入手机号'],
      [{ mobile: '13900000010', password: INITIAL }, 400, '请输入姓名'],
      [{ mobile: '13900000010', name: '甲' }, 400, '请输入新密码'],
      [{ mobile: '12345', name: '甲', password: INITIAL }, 400, '请输入 11 位中国大陆手机号'],
      [{ mobile: 13900000010, name: '甲', password: INITIAL }, 400, '请输入手机号'],
      [{ mobile: '13900000010', name: '   ', password: INITIAL }, 400, '请输入姓名'],
      [{ mobile: '13900000010', name: '名'.repeat(31), password: INITIAL }, 400, '姓名不能超过 30 个字'],
      [{ mobile: '13900000010', name: ['甲'], password: INITIAL }, 400, '请输入姓名'],
      [{ mobile: '13900000010', name: '甲', password: 'short1' }, 400, '密码至少 8 位'],
      [{ mobile: '13900000010', name: '甲', password: 'onlyletters' }, 400, '密码须同时包含字母和数字'],
      [{ mobile: '13900000010', name: '甲', password: 12345678 }, 400, '请输入新密码'],
      [{ mobile: '13900000010', name: 'x'.repeat(5 * 1024 * 1024), password: INITIAL }, 413, '请求内容过大'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await call(t.app, 'POST', `${V}/add_visitor`, { token: owner, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body).toMatchObject({ code: 0, msg });
    }
    expect(await userByMobile('13900000010')).toBeUndefined();
  });

  it(`stops at ${SUB_ACCOUNT_MAX} sub-accounts per company`, async () => {
    const t2 = await createTestApp();
    try {
      const token = await loginAs(t2.app, 'company');
      const o = await t2.db.db.selectFrom('users').selectAll().where('mobile', '=', DEMO.company).executeTakeFirstOrThrow();
      const now = t2.now().toISOString();
      await t2.db.db
        .insertInto('users')
        .values(
          Array.from({ length: SUB_ACCOUNT_MAX }, (_, i) => ({
            ...NEW_USER,
            mobile: `1370000${String(i).padStart(4, '0')}`,
            name: `子${i}`,
            rid: 1,
            pid: o.id,
            company_id: o.company_id,
            password_hash: 'x',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      const l = await call(t2.app, 'POST', `${V}/index`, { token, body: {} });
      expect(l.body.data).toMatchObject({ total: SUB_ACCOUNT_MAX, remaining: 0 });
      const res = await call(t2.app, 'POST', `${V}/add_visitor`, {
        token,
        body: { mobile: '13900000011', name: '超出', password: INITIAL },
      });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(`每个企业最多可建 ${SUB_ACCOUNT_MAX} 个子账号，请先删除不再使用的子账号`);
    } finally {
      await t2.close();
    }
  });
});

describe('index', () => {
  it('lists only this company sub-accounts, newest first, with paging, keyword and status filter', async () => {
    for (let i = 0; i < 3; i++) expect((await add(owner, `1390000010${i}`, `列表${i}号`)).body.code).toBe(1);
    const mine = await list(owner, { keyword: '列表' });
    expect(mine.body.code).toBe(1);
    expect(mine.body.data.list.map((r: { name: string }) => r.name)).toEqual(['列表2号', '列表1号', '列表0号']);
    expect(mine.body.data.total).toBe(3);
    expect(Object.keys(mine.body.data.list[0]).sort()).toEqual(
      ['created_at', 'created_by_name', 'id', 'mobile', 'must_change_password', 'name', 'status'].sort(),
    );

    const all = await list(owner);
    const ids: number[] = all.body.data.list.map((r: { id: number }) => r.id);
    // Never the main user itself, never another company's users.
    expect(ids).not.toContain(ownerId);
    expect(ids).not.toContain(otherSubId);
    expect(all.body.data.remaining).toBe(SUB_ACCOUNT_MAX - all.body.data.total);

    const page2 = await list(owner, { keyword: '列表', page: 2, page_size: 2 });
    expect(page2.body.data).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page2.body.data.list.map((r: { name: string }) => r.name)).toEqual(['列表0号']);

    expect((await list(owner, { keyword: '13900000101' })).body.data.list.map((r: { name: string }) => r.name)).toEqual([
      '列表1号',
    ]);
    expect((await list(owner, { keyword: '%' })).body.data.total).toBe(0);

    const id = mine.body.data.list[0].id;
    await call(t.app, 'POST', `${V}/edit_visitor`, { token: owner, body: { id, status: 0 } });
    const disabled = await list(owner, { keyword: '列表', status: 0 });
    expect(disabled.body.data.list.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await list(owner, { keyword: '列表', status: 1 })).body.data.total).toBe(2);

    // The other company sees its own only.
    const theirs = await list(other);
    expect(theirs.body.data.list.map((r: { id: number }) => r.id)).toEqual([otherSubId]);
  });

  it('refuses bad filters in Chinese', async () => {
    const cases: [unknown, string][] = [
      [{ page: 0 }, '页码不正确'],
      [{ page: 'x' }, '页码不正确'],
      [{ page_size: 101 }, '每页最多 100 条'],
      [{ keyword: 'k'.repeat(51) }, '关键词不能超过 50 个字'],
      [{ keyword: 5 }, '关键词须为文字'],
      [{ status: 2 }, '状态只能是 0（停用）或 1（启用）'],
      [{ status: '1' }, '状态只能是 0（停用）或 1（启用）'],
    ];
    for (const [body, msg] of cases) {
      const res = await list(owner, body as Record<string, unknown>);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 0, msg });
    }
  });
});

describe('edit_visitor', () => {
  it('renames and moves a sub-account to another mobile; the old sessions end on a mobile change', async () => {
    const { id } = (await add(owner, '13900000201', '改名前')).body.data;
    const token = await login(t.app, '13900000201', INITIAL);
    const renamed = await call(t.app, 'POST', `${V}/edit_visitor`, { token: owner, body: { id, name: '改名后' } });
    expect(renamed.body).toEqual({ code: 1, msg: 'ok', data: { id, name: '改名后', mobile: '13900000201', status: 1 } });
    // A rename keeps the session.
    expect(await infoStatus(token)).toBe(200);
    const moved = await call(t.app, 'POST', `${V}/edit_visitor`, { token: owner, body: { id, mobile: '13900000202' } });
    expect(moved.body.data).toMatchObject({ mobile: '13900000202', name: '改名后' });
    expect(await infoStatus(token)).toBe(401);
    await expect(login(t.app, '13900000201', INITIAL)).rejects.toThrow(/手机号或密码错误/);
    expect(await login(t.app, '13900000202', INITIAL)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('disabling ends the sub-account sessions at once; enabling lets it log in again', async () => {
    const { id } = (await add(owner, '13900000203', '停用测试')).body.data;
    const token = await login(t.app, '13900000203', INITIAL);
    expect(await infoStatus(token)).toBe(200);
    const off = await call(t.app, 'POST', `${V}/edit_visitor`, { token: owner, body: { id, status: 0 } });
    expect(off.body.data.status).toBe(0);
    expect(await infoStatus(token)).toBe(401);
    const denied = await call(t.app, 'POST', '/v1/user/login', { body: { mobile: '13900000203', password: INITIAL } });
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('账号已被停用，请联系管理员');
    await call(t.app, 'POST', `${V}/edit_visitor`, { token: owner, body: { id, status: 1 } });
    expect(await login(t.app, '13900000203', INITIAL)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a duplicate mobile, bad input and unknown ids in Chinese, changing nothing', async () => {
    const { id } = (await add(owner, '13900000204', '原样')).body.data;
    const before = await userById(id);
    const cases: [unknown, number, string][] = [
      [{ id, mobile: DEMO.main }, 409, '该手机号已被其他账号使用，请换一个手机号'],
      [{ id, mobile: '13900000901' }, 409, '该手机号已被其他账号使用，请换一个手机号'],
      [{ id }, 400, '请填写要修改的内容'],
      [{}, 400, '请选择子账号'],
      [{ id: 'abc', name: '甲' }, 400, '请选择子账号'],
      [{ id: -1, name: '甲' }, 400, '子账号编号不正确'],
      [{ id: 1.5, name: '甲' }, 400, '子账号编号不正确'],
      [{ id, name: '' }, 400, '请输入姓名'],
      [{ id, name: 7 }, 400, '请输入姓名'],
      [{ id, mobile: '1234567890a' }, 400, '请输入 11 位中国大陆手机号'],
      [{ id, status: 'off' }, 400, '状态只能是 0（停用）或 1（启用）'],
      [{ id, name: '名'.repeat(5 * 1024 * 1024) }, 413, '请求内容过大'],
      [{ id: 999999, name: '甲' }, 404, '子账号不存在或已删除'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await call(t.app, 'POST', `${V}/edit_visitor`, { token: owner, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body).toMatchObject({ code: 0, msg });
    }
    expect(await userById(id)).toEqual(before);
  });
});

describe('edit_info (reset password)', () => {
  it('sets a new password: sessions and lockouts end, the old password stops working, a change is due', async () => {
    const { id } = (await add(owner, '13900000301', '重置测试')).body.data;
    const token = await login(t.app, '13900000301', INITIAL);
    // Pretend the holder changed the initial password already.
    await t.db.db.updateTable('users').set({ must_change_password: 0 }).where('id', '=', id).execute();
    const res = await call(t.app, 'POST', `${V}/edit_info`, { token: owner, body: { id, password: 'Reset2026b' } });
    expect(res.body).toEqual({ code: 1, msg: 'ok', data: { id, must_change_password: 1 } });
    expect(await infoStatus(token)).toBe(401);
    await expect(login(t.app, '13900000301', INITIAL)).rejects.toThrow(/手机号或密码错误/);
    expect(await login(t.app, '13900000301', 'Reset2026b')).toMatch(/^[0-9a-f]{64}$/);
    expect((await userById(id)).must_change_password).toBe(1);
  });

  it('refuses weak passwords, missing fields and unknown ids in Chinese', async () => {
    const { id } = (await add(owner, '13900000302', '重置校验')).body.data;
    const before = await userById(id);
    const cases: [unknown, number, string][] = [
      [{ id }, 400, '请输入新密码'],
      [{ id, password: 'abc' }, 400, '密码至少 8 位'],
      [{ id, password: '12345678' }, 400, '密码须同时包含字母和数字'],
      [{ id, password: `a1${'x'.repeat(70)}` }, 400, '密码不能超过 64 位'],
      [{ password: 'Reset2026b' }, 400, '请选择子账号'],
      [{ id: 999999, password: 'Reset2026b' }, 404, '子账号不存在或已删除'],
      [{ id, password: 'p'.repeat(5 * 1024 * 1024) }, 413, '请求内容过大'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await call(t.app, 'POST', `${V}/edit_info`, { token: owner, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body).toMatchObject({ code: 0, msg });
    }
    expect(await userById(id)).toEqual(before);
  });
});

describe('del_visitor', () => {
  it('deletes: the token stops at once, login fails, the row stays for attribution, the mobile is free again', async () => {
    const { id } = (await add(owner, '13900000401', '将删除')).body.data;
    const token = await login(t.app, '13900000401', INITIAL);
    const res = await call(t.app, 'POST', `${V}/del_visitor`, { token: owner, body: { id } });
    expect(res.body).toEqual({ code: 1, msg: 'ok', data: { id } });
    expect(await infoStatus(token)).toBe(401);
    await expect(login(t.app, '13900000401', INITIAL)).rejects.toThrow(/手机号或密码错误/);
    const row = await userById(id);
    expect(row).toMatchObject({ status: USER_STATUS_DELETED, name: '将删除', company_id: companyId, rid: SUB_ACCOUNT_RID });
    expect(row.mobile).not.toBe('13900000401');
    expect((await list(owner)).body.data.list.map((r: { id: number }) => r.id)).not.toContain(id);
    // A deleted account is gone for every call.
    for (const [url, body] of [
      ['edit_visitor', { id, status: 1 }],
      ['edit_info', { id, password: 'Again2026c' }],
      ['del_visitor', { id }],
    ] as const) {
      const again = await call(t.app, 'POST', `${V}/${url}`, { token: owner, body });
      expect(again.status, url).toBe(404);
      expect(again.body.msg).toBe('子账号不存在或已删除');
    }
    expect((await userById(id)).status).toBe(USER_STATUS_DELETED);
    // The number can be given to a new sub-account.
    expect((await add(owner, '13900000401', '新人')).body.code).toBe(1);
  });

  it('is gone for the administrator too: not in the user list, not re-enabled by the switch or any admin call (ADR 0031)', async () => {
    const { id } = (await add(owner, '13900000402', '已删子账号')).body.data;
    expect((await call(t.app, 'POST', `${V}/del_visitor`, { token: owner, body: { id } })).body.code).toBe(1);
    const admin = await loginAs(t.app, 'admin');
    const before = await userById(id);
    const listed = await call(t.app, 'POST', '/v1/news/user/index', { token: admin, body: { page_size: 100, kind: 'company' } });
    expect(listed.body.code).toBe(1);
    expect(listed.body.data.list.map((r: { id: number }) => r.id)).not.toContain(id);
    expect(listed.body.data.list.some((r: { mobile: string }) => r.mobile.startsWith('deleted-'))).toBe(false);
    const byKeyword = await call(t.app, 'POST', '/v1/news/user/index', { token: admin, body: { keyword: '已删子账号' } });
    expect(byKeyword.body.data).toMatchObject({ list: [], total: 0 });
    for (const [url, body] of [
      ['/v1/news/user/state', { id, status: 1 }],
      ['/v1/news/user/update-user', { id, status: 1 }],
      ['/v1/news/user/update-user', { id, mobile: '13900000403' }],
      ['/v1/news/user/update-user-info', { id, name: '复活' }],
      ['/v1/news/user/password', { id, password: 'Again2026c' }],
      ['/v1/news/user/newsinfo', { id }],
      ['/v1/user/admin-view', { user_id: id }],
    ] as const) {
      const res = await call(t.app, 'POST', url, { token: admin, body });
      expect(res.status, url).toBe(404);
      expect(res.body.msg, url).toBe('用户不存在');
    }
    expect(await userById(id)).toEqual(before);
  });

  it('refuses missing and wrongly typed ids in Chinese', async () => {
    for (const [body, msg] of [
      [{}, '请选择子账号'],
      [{ id: '1' }, '请选择子账号'],
      [{ id: 0 }, '子账号编号不正确'],
      [{ id: 2 ** 40 }, '子账号编号不正确'],
    ] as const) {
      const res = await call(t.app, 'POST', `${V}/del_visitor`, { token: owner, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 0, msg });
    }
  });
});

describe('who may manage sub-accounts', () => {
  it('another company main user cannot reach this company sub-accounts (IDOR): 404 and nothing changes', async () => {
    const { id } = (await add(owner, '13900000501', '本司子账号')).body.data;
    const before = await userById(id);
    for (const [url, body] of [
      ['edit_visitor', { id, status: 0, name: '被改' }],
      ['edit_info', { id, password: 'Hijack2026' }],
      ['del_visitor', { id }],
    ] as const) {
      const res = await call(t.app, 'POST', `${V}/${url}`, { token: other, body });
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ code: 0, msg: '子账号不存在或已删除' });
    }
    expect(await userById(id)).toEqual(before);
    expect(await login(t.app, '13900000501', INITIAL)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a main user cannot edit, reset or delete itself or any rid-0 account through these calls', async () => {
    const admin = (await userByMobile(DEMO.admin))!;
    for (const target of [ownerId, admin.id]) {
      const before = await userById(target);
      for (const [url, body] of [
        ['edit_visitor', { id: target, status: 0 }],
        ['edit_info', { id: target, password: 'Hijack2026' }],
        ['del_visitor', { id: target }],
      ] as const) {
        const res = await call(t.app, 'POST', `${V}/${url}`, { token: owner, body });
        expect(res.status, `${url} ${target}`).toBe(404);
      }
      expect(await userById(target)).toEqual(before);
    }
  });

  it('refuses every other account kind, a sub-account and a company user without a company, in Chinese', async () => {
    await add(owner, '13900000601', '无权子账号');
    // Changed its initial password (else every call answers 请先修改密码, ADR 0031).
    await t.db.db.updateTable('users').set({ must_change_password: 0 }).where('mobile', '=', '13900000601').execute();
    const sub = await login(t.app, '13900000601', INITIAL);
    await t.db.db
      .insertInto('users')
      .values({
        ...NEW_USER,
        mobile: '13900000602',
        name: '无企业',
        password_hash: await hashPassword(DEMO_PASSWORD),
        created_at: t.now().toISOString(),
        updated_at: t.now().toISOString(),
      })
      .execute();
    const callers: [string, string | undefined, number, string][] = [
      ['anonymous', undefined, 401, '请先登录'],
      ['admin', await loginAs(t.app, 'admin'), 403, '仅企业用户的主账号可以管理子账号'],
      ['trial', await loginAs(t.app, 'trial'), 403, '仅企业用户的主账号可以管理子账号'],
      ['main', await loginAs(t.app, 'main'), 403, '仅企业用户的主账号可以管理子账号'],
      ['staff', await loginAs(t.app, 'staff'), 403, '仅企业用户的主账号可以管理子账号'],
      ['sub-account', sub, 403, '子账号不能进行该操作，请联系企业主账号'],
      ['no company', await login(t.app, '13900000602'), 403, '当前账号尚未关联企业，请联系管理员'],
    ];
    const target = (await list(owner)).body.data.list[0].id as number;
    const before = await userById(target);
    const bodies: Record<string, unknown> = {
      index: {},
      add_visitor: { mobile: '13900000603', name: '越权', password: INITIAL },
      edit_visitor: { id: target, status: 0 },
      edit_info: { id: target, password: 'Hijack2026' },
      del_visitor: { id: target },
    };
    for (const [who, token, status, msg] of callers) {
      for (const [url, body] of Object.entries(bodies)) {
        const res = await call(t.app, 'POST', `${V}/${url}`, { token, body });
        expect(res.status, `${who} ${url}`).toBe(status);
        expect(res.body, `${who} ${url}`).toEqual({ code: 0, msg });
      }
    }
    expect(await userById(target)).toEqual(before);
    expect(await userByMobile('13900000603')).toBeUndefined();
  });

  it('an administrator in admin view may manage them, and each change is in the audit log', async () => {
    const adminToken = await loginAs(t.app, 'admin');
    const view = await call(t.app, 'POST', '/v1/user/admin-view', { token: adminToken, body: { user_id: ownerId } });
    const token = view.body.data.token as string;
    const res = await add(token, '13900000701', '代建子账号');
    expect(res.body.code).toBe(1);
    expect((await userByMobile('13900000701'))!.pid).toBe(ownerId);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'POST /frontend/visitor/add_visitor')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: ownerId, admin_id: (await userByMobile(DEMO.admin))!.id });
    // Lists are not audited.
    await list(token);
    expect(
      await t.db.db.selectFrom('audit_log').selectAll().where('action', '=', 'POST /frontend/visitor/index').execute(),
    ).toEqual([]);
  });
});

describe('demo sub-accounts', () => {
  it('seeds two sub-accounts of 示例科技有限公司, one disabled, on Demo@2026, once', async () => {
    const t2 = await createTestApp();
    try {
      await seedDemoSubAccounts(t2.deps);
      await seedDemoSubAccounts(t2.deps);
      const o = await t2.db.db.selectFrom('users').selectAll().where('mobile', '=', DEMO.company).executeTakeFirstOrThrow();
      const subs = await t2.db.db.selectFrom('users').selectAll().where('rid', '>', 0).orderBy('mobile').execute();
      expect(subs.map((s) => [s.mobile, s.status, s.pid, s.company_id, s.must_change_password])).toEqual([
        ['13800000021', 1, o.id, o.company_id, 0],
        ['13800000022', 0, o.id, o.company_id, 0],
      ]);
      expect(await login(t2.app, '13800000021')).toMatch(/^[0-9a-f]{64}$/);
      const res = await call(t2.app, 'POST', '/v1/user/login', { body: { mobile: '13800000022', password: DEMO_PASSWORD } });
      expect(res.status).toBe(403);
    } finally {
      await t2.close();
    }
  });
});
