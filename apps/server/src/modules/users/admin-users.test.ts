import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, DEMO_PASSWORD, login, loginAs, type TestApp } from '../../../test/helpers';
import { demoCreditCode } from '../../db/seed';
import { loadRecords } from '../search/testing';

// news/user/create, update-user, update-user-info, password, newsinfo, companies (ADR 0019): the administrator's
// account management. Every change is checked in the database, with its audit row, and every refusal leaves
// nothing changed.

let t: TestApp;
let admin: string;
let adminId: number;
const idOf = async (mobile: string) =>
  (await t.db.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()).id;
const userRow = (id: number) => t.db.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditRows = () => t.db.db.selectFrom('audit_log').selectAll().orderBy('id', 'asc').execute();
const snapshot = async () => ({
  users: await t.db.db.selectFrom('users').selectAll().orderBy('id', 'asc').execute(),
  companies: await t.db.db.selectFrom('companies').selectAll().orderBy('id', 'asc').execute(),
  audit: (await auditRows()).length,
});
const post = (url: string, body: unknown, token = admin) => call(t.app, 'POST', `/v1/news/user/${url}`, { token, body });

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  adminId = await idOf(DEMO.admin);
  // One patent of 华芯半导体科技有限公司 (a demo company) and one of a company that does not exist yet.
  await loadRecords(t.db, [
    {
      pn: 'CN900000001A',
      ad: '2022-01-01',
      title: '一种半导体封装结构',
      applicants: ['华芯半导体科技有限公司'],
      type: '发明',
    },
    {
      pn: 'CN900000002A',
      ad: '2022-02-01',
      title: '一种新型传感器',
      applicants: ['新建传感科技有限公司'],
      type: '发明',
    },
  ]);
});
afterAll(() => t.close());

describe('POST /v1/news/user/create', () => {
  it('creates a company user linked to an existing company found by name, with its patents, and an audit row', async () => {
    const res = await post('create', {
      mobile: '13900000101',
      name: '周工',
      kind: 'company',
      company_name: ' 华芯半导体科技有限公司 ',
      password: 'Start2026x',
    });
    expect(res.body).toMatchObject({ code: 1, data: { password: null } });
    const u = await userRow(res.body.data.id);
    const c = await t.db.db
      .selectFrom('companies')
      .selectAll()
      .where('company_name', '=', '华芯半导体科技有限公司')
      .executeTakeFirstOrThrow();
    expect(u).toMatchObject({ type: '0', is_admin: 0, is_news: 0, company_id: c.id, company_name: '华芯半导体科技有限公司' });
    expect(u.must_change_password).toBe(1);
    expect(c.patent_num).toBe(1);
    const links = await t.db.db.selectFrom('company_patents').selectAll().where('company_id', '=', c.id).execute();
    expect(links).toHaveLength(1);
    const last = (await auditRows()).at(-1)!;
    expect(last).toMatchObject({ admin_id: adminId, user_id: u.id, action: 'create_user' });
    expect(last.detail).toContain('周工');
    // The new user logs in with the password the administrator typed, and is asked to change it.
    const token = await login(t.app, '13900000101', 'Start2026x');
    const info = await call(t.app, 'POST', '/v1/user/info', { token });
    expect(info.body.data).toMatchObject({ must_change_password: 1, company_name: '华芯半导体科技有限公司' });
  });

  it('finds the company by credit code, and creates a new company (names and patents linked) when none matches', async () => {
    const byCode = await post('create', {
      mobile: '13900000102',
      name: '吴工',
      kind: 'company',
      credit_code: demoCreditCode(3).toLowerCase(),
    });
    expect(byCode.body.code).toBe(1);
    expect((await userRow(byCode.body.data.id)).company_name).toBe('绿源新能源科技有限公司');
    // A random password is made and shown once.
    expect(byCode.body.data.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{8,}$/);
    await expect(login(t.app, '13900000102', byCode.body.data.password)).resolves.toBeTruthy();

    const code = demoCreditCode(40);
    const created = await post('create', {
      mobile: '13900000103',
      name: '郑工',
      kind: 'company',
      company_name: '新建传感科技有限公司',
      credit_code: code,
    });
    expect(created.body.code).toBe(1);
    const c = await t.db.db
      .selectFrom('companies')
      .selectAll()
      .where('company_name', '=', '新建传感科技有限公司')
      .executeTakeFirstOrThrow();
    expect(c).toMatchObject({ credit_code: code, patent_num: 1 });
    expect((await userRow(created.body.data.id)).company_id).toBe(c.id);
  });

  it('creates a trial user, a main account, its staff and an administrator', async () => {
    const trial = await post('create', {
      mobile: '13900000104',
      name: '试用甲',
      kind: 'trial',
      company_name: '甲方科技有限公司',
    });
    expect(await userRow(trial.body.data.id)).toMatchObject({ type: '1', company_id: 0, company_name: '甲方科技有限公司' });
    const main = await post('create', { mobile: '13900000105', name: '街道服务中心', kind: 'main', street_name: '东城街道' });
    expect(await userRow(main.body.data.id)).toMatchObject({ is_news: 1, com_id: 0, street_name: '东城街道' });
    const staff = await post('create', {
      mobile: '13900000106',
      name: '服务专员',
      kind: 'staff',
      main_id: main.body.data.id,
      street_id: 3,
      street_name: '东城街道',
    });
    expect(await userRow(staff.body.data.id)).toMatchObject({ is_news: 1, com_id: main.body.data.id, street_id: 3 });
    const adm = await post('create', { mobile: '13900000107', name: '副管理员', kind: 'admin' });
    expect(await userRow(adm.body.data.id)).toMatchObject({ is_admin: 1, is_news: 0 });
    const kinds = await call(t.app, 'POST', '/v1/user/info', {
      token: await login(t.app, '13900000106', staff.body.data.password),
    });
    expect(kinds.body.data).toMatchObject({ is_news: 1, com_id: main.body.data.id });
  });

  it.each([
    ['a missing mobile', { name: '甲', kind: 'trial' }, /手机号/],
    ['a bad mobile', { mobile: '12345', name: '甲', kind: 'trial' }, /11 位/],
    ['a mobile of the wrong type', { mobile: 13900000199, name: '甲', kind: 'trial' }, /手机号|类型/],
    ['a missing name', { mobile: '13900000199', kind: 'trial' }, /姓名/],
    ['an unknown kind', { mobile: '13900000199', name: '甲', kind: 'boss' }, /用户类型/],
    ['a weak password', { mobile: '13900000199', name: '甲', kind: 'trial', password: 'abcdefgh' }, /字母和数字/],
    ['a short password', { mobile: '13900000199', name: '甲', kind: 'trial', password: 'a1' }, /至少 8 位/],
    ['a company user without a company', { mobile: '13900000199', name: '甲', kind: 'company' }, /所属企业/],
    [
      'an invalid credit code',
      { mobile: '13900000199', name: '甲', kind: 'company', credit_code: '91330106MA2XXXXX1Y' },
      /统一社会信用代码/,
    ],
    ['staff without a main account', { mobile: '13900000199', name: '甲', kind: 'staff' }, /主账号/],
    ['a 5 MB name', { mobile: '13900000199', name: '名'.repeat(5 * 1024 * 1024), kind: 'trial' }, /过大|姓名/],
    [
      'a 5 MB introduction',
      { mobile: '13900000199', name: '甲', kind: 'trial', introduction: 'x'.repeat(5 * 1024 * 1024) },
      /过大|简介/,
    ],
  ])('refuses %s with a Chinese message and changes nothing', async (_what, body, msg) => {
    const before = await snapshot();
    const res = await post('create', body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toMatch(msg);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a duplicate mobile, an unknown company and a main account that is not one', async () => {
    const before = await snapshot();
    const dup = await post('create', { mobile: DEMO.company, name: '重复', kind: 'trial' });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ code: 0, msg: `手机号 ${DEMO.company} 已被其他账号使用` });
    const noCompany = await post('create', { mobile: '13900000198', name: '甲', kind: 'company', company_id: 99999 });
    expect(noCompany.status).toBe(404);
    expect(noCompany.body.msg).toBe('所选企业不存在，请重新选择');
    const badMain = await post('create', { mobile: '13900000198', name: '甲', kind: 'staff', main_id: await idOf(DEMO.company) });
    expect(badMain.status).toBe(400);
    expect(badMain.body.msg).toMatch(/主账号/);
    const codeOnly = await post('create', {
      mobile: '13900000198',
      name: '甲',
      kind: 'company',
      credit_code: demoCreditCode(77),
    });
    expect(codeOnly.body.msg).toMatch(/请填写公司名称/);
    const contradicts = await post('create', {
      mobile: '13900000198',
      name: '甲',
      kind: 'company',
      company_name: '华芯半导体科技有限公司',
      credit_code: demoCreditCode(78),
    });
    expect(contradicts.body.msg).toMatch(/不一致/);
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /v1/news/user/update-user and update-user-info', () => {
  it('turns a trial user into a company user of a chosen company and back, ending the link', async () => {
    const id = (
      await post('create', { mobile: '13900000111', name: '转正', kind: 'trial', company_name: '示例新材料股份有限公司' })
    ).body.data.id;
    const c = await t.db.db
      .selectFrom('companies')
      .select('id')
      .where('company_name', '=', '示例医疗器械有限公司')
      .executeTakeFirstOrThrow();
    const res = await post('update-user', { id, kind: 'company', company_id: c.id });
    expect(res.body.code).toBe(1);
    expect(await userRow(id)).toMatchObject({ type: '0', company_id: c.id, company_name: '示例医疗器械有限公司' });
    const a = (await auditRows()).at(-1)!;
    expect(a).toMatchObject({ action: 'update_user', user_id: id, admin_id: adminId });
    expect(a.detail).toContain('试用用户 → 企业用户');
    // Without company fields, a trial user becoming a company user is linked by the company name it carries.
    await post('update-user', { id, kind: 'trial' });
    expect(await userRow(id)).toMatchObject({ type: '1', company_id: 0 });
    await post('update-user', { id, kind: 'company' });
    expect(await userRow(id)).toMatchObject({ type: '0', company_id: c.id });
  });

  it('changes the mobile (duplicate refused), moves staff and disables (sessions end)', async () => {
    const staffId = await idOf(DEMO.staff);
    const dup = await post('update-user', { id: staffId, mobile: DEMO.company });
    expect(dup.status).toBe(409);
    expect((await userRow(staffId)).mobile).toBe(DEMO.staff);
    const main2 = (await post('create', { mobile: '13900000112', name: '第二中心', kind: 'main' })).body.data.id;
    expect((await post('update-user', { id: staffId, main_id: main2 })).body.code).toBe(1);
    expect((await userRow(staffId)).com_id).toBe(main2);
    // A main account with staff cannot stop being one.
    const refused = await post('update-user', { id: main2, kind: 'company', company_name: '示例科技有限公司' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/还有 1 名员工/);
    expect((await userRow(main2)).is_news).toBe(1);
    await post('update-user', { id: staffId, main_id: await idOf(DEMO.main) });

    const token = await loginAs(t.app, 'staff');
    expect((await post('update-user', { id: staffId, status: 0 })).body.code).toBe(1);
    expect((await call(t.app, 'POST', '/v1/user/info', { token })).status).toBe(401);
    await post('update-user', { id: staffId, status: 1 });
    const renamed = await post('update-user', { id: staffId, mobile: '13900000113' });
    expect(renamed.body.code).toBe(1);
    await expect(login(t.app, '13900000113')).resolves.toBeTruthy();
    await post('update-user', { id: staffId, mobile: DEMO.staff });
  });

  it('refuses to demote or disable oneself, unknown ids and empty changes', async () => {
    const before = await snapshot();
    expect((await post('update-user', { id: adminId, kind: 'company', company_name: '示例科技有限公司' })).body.msg).toBe(
      '不能修改自己的管理员身份',
    );
    expect((await post('update-user', { id: adminId, status: 0 })).body.msg).toBe('不能停用自己的账号');
    expect((await post('update-user', { id: 999999, status: 0 })).status).toBe(404);
    expect((await post('update-user', { id: 'abc', status: 0 })).status).toBe(400);
    expect((await post('update-user', { id: 2 ** 31, status: 0 })).status).toBe(400);
    expect((await post('update-user', { id: adminId })).body.msg).toBe('没有需要修改的内容');
    expect((await post('update-user-info', { id: 999999, name: '某' })).status).toBe(404);
    expect((await post('update-user-info', { id: adminId, avatar: 'javascript:alert(1)' })).body.msg).toMatch(/头像/);
    expect((await post('update-user-info', { id: adminId, introduction: 'x'.repeat(501) })).body.msg).toMatch(/简介/);
    expect(await snapshot()).toEqual(before);
  });

  it('edits the profile fields with an audit row', async () => {
    const id = await idOf(DEMO.company);
    const res = await post('update-user-info', {
      id,
      name: '张总',
      introduction: '知识产权负责人',
      street_name: '科创街道',
      street_id: 2,
    });
    expect(res.body).toMatchObject({ code: 1, data: { changes: ['姓名', '简介', '街道编号', '所属街道'] } });
    expect(await userRow(id)).toMatchObject({
      name: '张总',
      introduction: '知识产权负责人',
      street_name: '科创街道',
      street_id: 2,
    });
    expect((await auditRows()).at(-1)).toMatchObject({ action: 'update_user_info', user_id: id });
    await post('update-user-info', { id, name: '张经理' });
  });
});

describe('POST /v1/news/user/password (must change at the next login)', () => {
  it('sets a password, ends the sessions, forces a change at the next login, and the change clears the mark', async () => {
    const id = await idOf(DEMO.company);
    const old = await loginAs(t.app, 'company');
    const res = await post('password', { id, password: 'Reset2026a' });
    expect(res.body).toEqual({ code: 1, msg: 'ok', data: { password: null } });
    expect((await call(t.app, 'POST', '/v1/user/info', { token: old })).status).toBe(401);
    expect((await auditRows()).at(-1)).toMatchObject({ action: 'reset_password', user_id: id, admin_id: adminId });
    await expect(loginAs(t.app, 'company')).rejects.toThrow();
    const token = await login(t.app, DEMO.company, 'Reset2026a');
    expect((await call(t.app, 'POST', '/v1/user/info', { token })).body.data.must_change_password).toBe(1);
    const changed = await call(t.app, 'POST', '/v1/user/change-password', {
      token,
      body: { old_password: 'Reset2026a', password: DEMO_PASSWORD, password_confirm: DEMO_PASSWORD },
    });
    expect(changed.body.code).toBe(1);
    const again = await loginAs(t.app, 'company');
    expect((await call(t.app, 'POST', '/v1/user/info', { token: again })).body.data.must_change_password).toBe(0);
  });

  it('makes up a random password when none is typed; refuses weak ones, oneself and unknown users', async () => {
    const id = await idOf(DEMO.main);
    const res = await post('password', { id });
    expect(res.body.data.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{8,}$/);
    await expect(login(t.app, DEMO.main, res.body.data.password)).resolves.toBeTruthy();
    await post('password', { id, password: DEMO_PASSWORD });
    const before = await snapshot();
    expect((await post('password', { id, password: '12345678' })).body.msg).toBe('密码须同时包含字母和数字');
    expect((await post('password', { id: adminId, password: 'Another2026' })).body.msg).toMatch(/修改密码/);
    expect((await post('password', { id: 999999 })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /v1/news/user/newsinfo and companies', () => {
  it('reads one account in full; a main account with its staff and counts', async () => {
    const main = await post('newsinfo', { id: await idOf(DEMO.main) });
    expect(main.body.data.user).toMatchObject({ mobile: DEMO.main, kind: 'main' });
    expect(main.body.data.user).not.toHaveProperty('password_hash');
    expect(main.body.data.staff.map((s: { mobile: string }) => s.mobile)).toEqual([DEMO.staff]);
    expect(main.body.data.staff_counts).toEqual({ total: 1, enabled: 1 });
    const company = await post('newsinfo', { id: await idOf(DEMO.company) });
    expect(company.body.data.company).toMatchObject({ company_name: '示例科技有限公司', credit_code: demoCreditCode(0) });
    expect(company.body.data.recent_audit.length).toBeGreaterThan(0);
    const staff = await post('newsinfo', { id: await idOf(DEMO.staff) });
    expect(staff.body.data.main).toMatchObject({ mobile: DEMO.main });
    expect((await post('newsinfo', { id: 999999 })).status).toBe(404);
    expect((await post('newsinfo', {})).body.msg).toBe('请选择用户');
  });

  it('finds companies by part of the name or the start of the credit code', async () => {
    const byName = await post('companies', { keyword: '半导体' });
    expect(byName.body.data.map((c: { company_name: string }) => c.company_name)).toEqual(['华芯半导体科技有限公司']);
    const byCode = await post('companies', { keyword: demoCreditCode(5).slice(0, 17) });
    expect(byCode.body.data.map((c: { company_name: string }) => c.company_name)).toEqual(['康宁生物医药有限公司']);
    expect((await post('companies', { keyword: '%' })).body.data).toEqual([]);
  });

  it('refuses every other account kind and anonymous callers, changing nothing', async () => {
    const before = await snapshot();
    for (const kind of ['company', 'trial', 'main', 'staff'] as const) {
      const token = await loginAs(t.app, kind);
      for (const url of [
        'create',
        'update-user',
        'update-user-info',
        'password',
        'newsinfo',
        'companies',
        'queue',
        'queuestate',
      ]) {
        const res = await post(url, { id: adminId, mobile: '13900000197', name: '越权', kind: 'admin', status: 0 }, token);
        expect(res.status, `${kind} ${url}`).toBe(403);
        expect(res.body.code).toBe(0);
      }
    }
    expect((await post('create', { mobile: '13900000197', name: '越权', kind: 'admin' }, '')).status).toBe(401);
    const after = await snapshot();
    // Logins touch nothing but tokens; the accounts, companies and audit rows are as they were.
    expect(after).toEqual(before);
  });
});
