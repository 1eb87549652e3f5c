import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAs } from '../../../test/applications';
import { call, createTestApp, DEMO_PASSWORD, login, loginAs, type TestApp } from '../../../test/helpers';
import { seedDemoApplications } from '../../db/seed/applications';
import { demoCreditCode } from '../../db/seed';

// /apply: news/user/queue (the applications list) and news/user/queuestate (approve / reject), ADR 0019.

let t: TestApp;
let admin: string;
const post = (url: string, body: unknown, token = admin) => call(t.app, 'POST', `/v1/news/user/${url}`, { token, body });
const userOf = (mobile: string) => t.db.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
const appRow = (id: number) => t.db.db.selectFrom('verifications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const snapshot = async () => ({
  users: await t.db.db.selectFrom('users').selectAll().orderBy('id', 'asc').execute(),
  companies: await t.db.db.selectFrom('companies').selectAll().orderBy('id', 'asc').execute(),
  applications: await t.db.db.selectFrom('verifications').selectAll().orderBy('id', 'asc').execute(),
  audit: await t.db.db.selectFrom('audit_log').selectAll().orderBy('id', 'asc').execute(),
});

/** A new trial user (created by the admin with a known password) and its token. */
let seq = 0;
async function trialUser(company: string): Promise<{ mobile: string; token: string; id: number }> {
  seq += 1;
  const mobile = `1390000${String(200 + seq).padStart(4, '0')}`;
  const res = await post('create', { mobile, name: `试用${seq}`, kind: 'trial', company_name: company, password: 'Trial2026x' });
  expect(res.body.code).toBe(1);
  // An account an administrator creates must change its password before anything else (ADR 0031); these tests stand
  // for a trial user past that step.
  await t.db.db.updateTable('users').set({ must_change_password: 0 }).where('id', '=', res.body.data.id).execute();
  return { mobile, token: await login(t.app, mobile, 'Trial2026x'), id: res.body.data.id };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

describe('POST /v1/news/user/queuestate: approve', () => {
  it('approves: a new company from the application, the user verified at once (same token), an audit row', async () => {
    const u = await trialUser('星河智能科技有限公司');
    const code = demoCreditCode(50);
    const id = await applyAs(t.app, u.token, { company_name: '星河智能科技有限公司', credit_code: code, contact: '刘星' });
    expect((await call(t.app, 'POST', '/v1/user/info', { token: u.token })).body.data.type).toBe('1');
    const res = await post('queuestate', { id, status: 1 });
    expect(res.body).toMatchObject({
      code: 1,
      data: { id, status: 1, company: { company_name: '星河智能科技有限公司', created: true } },
    });
    const company = await t.db.db
      .selectFrom('companies')
      .selectAll()
      .where('company_name', '=', '星河智能科技有限公司')
      .executeTakeFirstOrThrow();
    expect(company).toMatchObject({ credit_code: code, contact: '刘星' });
    expect(await userOf(u.mobile)).toMatchObject({ type: '0', company_id: company.id, company_name: '星河智能科技有限公司' });
    expect(await appRow(id)).toMatchObject({ status: 1, reviewer_id: expect.any(Number), reviewed_at: expect.any(String) });
    // Sessions read the user row on every request: the same token is verified now.
    const info = await call(t.app, 'POST', '/v1/user/info', { token: u.token });
    expect(info.body.data).toMatchObject({ type: '0', company_name: '星河智能科技有限公司' });
    const status = await call(t.app, 'POST', '/v1/verification/status', { token: u.token });
    expect(status.body.data).toMatchObject({ status: 1 });
    const audit = await t.db.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'approve_verification', user_id: u.id });
    expect(audit.detail).toContain('（新建企业）');
  });

  it('links to an existing company found by credit code or by normalised name, or to the one the admin chose', async () => {
    const a = await trialUser('甲方试用有限公司');
    const byCode = await applyAs(t.app, a.token, { company_name: '华芯半导体（有限）', credit_code: demoCreditCode(2) });
    expect((await post('queuestate', { id: byCode, status: 1 })).body.data.company).toMatchObject({
      company_name: '华芯半导体科技有限公司',
      created: false,
    });
    expect((await userOf(a.mobile)).company_name).toBe('华芯半导体科技有限公司');

    const b = await trialUser('乙方试用有限公司');
    // A name written with spaces is the same company after normalisation (company_names); the code is not valid,
    // so only the name links.
    const byName = await applyAs(t.app, b.token, { company_name: '智联物联网 技术有限公司', credit_code: '91330100MA2XXXXX1Y' });
    const before = (await t.db.db.selectFrom('companies').select('id').execute()).length;
    expect((await post('queuestate', { id: byName, status: 1 })).body.data.company.company_name).toBe('智联物联网技术有限公司');
    expect((await t.db.db.selectFrom('companies').select('id').execute()).length).toBe(before);

    // A name whose recorded credit code differs from the application's is for the administrator to resolve.
    const b2 = await trialUser('乙二方试用有限公司');
    const contradicting = await applyAs(t.app, b2.token, {
      company_name: '博远光电科技有限公司',
      credit_code: demoCreditCode(60),
    });
    const mid = await snapshot();
    const refused = await post('queuestate', { id: contradicting, status: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/已登记的统一社会信用代码为 .+，与填写的不一致/);
    expect(await snapshot()).toEqual(mid);

    const c = await trialUser('丙方试用有限公司');
    const chosen = await applyAs(t.app, c.token, { company_name: '完全不同的名字有限公司', credit_code: demoCreditCode(61) });
    const target = await t.db.db
      .selectFrom('companies')
      .select('id')
      .where('company_name', '=', '瑞丰食品科技有限公司')
      .executeTakeFirstOrThrow();
    expect((await post('queuestate', { id: chosen, status: 1, company_id: target.id })).body.data.company.id).toBe(target.id);
    expect((await userOf(c.mobile)).company_id).toBe(target.id);
  });

  it('decides only a pending application: a second decision is a 409 and changes nothing', async () => {
    const u = await trialUser('丁方试用有限公司');
    const id = await applyAs(t.app, u.token, { company_name: '丁丁科技有限公司', credit_code: demoCreditCode(62) });
    expect((await post('queuestate', { id, status: 1 })).body.code).toBe(1);
    const before = await snapshot();
    const again = await post('queuestate', { id, status: 2, remark: '重复' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 0, msg: '该申请已通过，不能重复审核' });
    expect(await snapshot()).toEqual(before);
  });

  it('lets exactly one of two simultaneous decisions win', async () => {
    const u = await trialUser('戊方试用有限公司');
    const id = await applyAs(t.app, u.token, { company_name: '并发测试科技有限公司', credit_code: demoCreditCode(63) });
    const results = await Promise.all([
      post('queuestate', { id, status: 1 }),
      post('queuestate', { id, status: 2, remark: '同时驳回' }),
      post('queuestate', { id, status: 1 }),
    ]);
    const wins = results.filter((r) => r.body.code === 1);
    expect(wins).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    const row = await appRow(id);
    expect(row.status).toBe(wins[0].body.data.status);
    const user = await userOf(u.mobile);
    expect(user.type).toBe(row.status === 1 ? '0' : '1');
    const audits = await t.db.db
      .selectFrom('audit_log')
      .select('id')
      .where('user_id', '=', u.id)
      .where('action', 'like', '%_verification')
      .execute();
    expect(audits).toHaveLength(1);
    // A rolled-back loser leaves no half-made company behind.
    const companies = await t.db.db
      .selectFrom('companies')
      .select('id')
      .where('company_name', '=', '并发测试科技有限公司')
      .execute();
    expect(companies).toHaveLength(row.status === 1 ? 1 : 0);
  });

  it('refuses to approve what cannot be linked: a bad credit code with no matching company, a user no longer trial, an unknown company', async () => {
    const u = await trialUser('己方试用有限公司');
    const bad = await applyAs(t.app, u.token, { company_name: '校验位错误有限公司', credit_code: '91330100MA2XXXXX1Y' });
    const before = await snapshot();
    const res = await post('queuestate', { id: bad, status: 1 });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/统一社会信用代码有误.*请选择已有企业或驳回申请/);
    expect((await post('queuestate', { id: bad, status: 1, company_id: 999999 })).status).toBe(404);
    expect(await snapshot()).toEqual(before);

    // The administrator made the user a company user meanwhile: approval is refused; rejection still works.
    await post('update-user', { id: u.id, kind: 'company', company_name: '示例科技有限公司' });
    const mid = await snapshot();
    expect((await post('queuestate', { id: bad, status: 1, company_id: 1 })).body.msg).toBe(
      '申请人已不是试用账号，无需认证，请驳回该申请',
    );
    expect(await snapshot()).toEqual(mid);
    expect((await post('queuestate', { id: bad, status: 2, remark: '已由管理员直接认证' })).body.code).toBe(1);
  });
});

describe('POST /v1/news/user/queuestate: reject', () => {
  it('needs a reason; the applicant reads status and reason and may apply again', async () => {
    const u = await trialUser('庚方试用有限公司');
    const id = await applyAs(t.app, u.token, { company_name: '庚辰科技有限公司', credit_code: demoCreditCode(64) });
    const before = await snapshot();
    for (const body of [
      { id, status: 2 },
      { id, status: 2, remark: '   ' },
    ]) {
      const res = await post('queuestate', body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('请填写驳回原因');
      expect(res.body.fields).toEqual([{ path: 'remark', msg: '请填写驳回原因' }]);
    }
    expect(await snapshot()).toEqual(before);
    expect((await post('queuestate', { id, status: 2, remark: '营业执照不清晰' })).body.code).toBe(1);
    expect(await userOf(u.mobile)).toMatchObject({ type: '1', company_id: 0 });
    const status = await call(t.app, 'POST', '/v1/verification/status', { token: u.token });
    expect(status.body.data).toMatchObject({ status: 2, remark: '营业执照不清晰' });
    const again = await applyAs(t.app, u.token, { company_name: '庚辰科技有限公司', credit_code: demoCreditCode(64) });
    expect((await call(t.app, 'POST', '/v1/verification/status', { token: u.token })).body.data).toMatchObject({
      id: again,
      status: 0,
    });
  });

  it.each([
    ['no id', { status: 1 }, '请选择申请'],
    ['an id of the wrong type', { id: 'x', status: 1 }, '请选择申请'],
    ['an unknown status', { id: 1, status: 3 }, '审核结果只能是 1（通过）或 2（驳回）'],
    ['a status of the wrong type', { id: 1, status: '1' }, '审核结果只能是 1（通过）或 2（驳回）'],
    ['a 5 MB reason', { id: 1, status: 2, remark: '长'.repeat(5 * 1024 * 1024) }, /过大|审核意见/],
    ['a reason over 200 characters', { id: 1, status: 2, remark: '长'.repeat(201) }, '审核意见不能超过 200 个字'],
  ])('refuses %s with a Chinese message', async (_what, body, msg) => {
    const before = await snapshot();
    const res = await post('queuestate', body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toMatch(msg);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown application', async () => {
    expect(await post('queuestate', { id: 999999, status: 1 })).toMatchObject({
      status: 404,
      body: { code: 0, msg: '认证申请不存在' },
    });
  });
});

describe('POST /v1/news/user/queue', () => {
  it('lists pending first with counts, filters by status, keyword and date, pages and sorts', async () => {
    const u = await trialUser('辛方试用有限公司');
    const id = await applyAs(t.app, u.token, { company_name: '列表排序科技有限公司', credit_code: demoCreditCode(65) });
    const all = await post('queue', { page_size: 100 });
    expect(all.body.code).toBe(1);
    const { list, counts, total } = all.body.data;
    expect(total).toBe(counts.pending + counts.approved + counts.rejected);
    expect(list.length).toBe(total);
    const firstDone = list.findIndex((r: { status: number }) => r.status !== 0);
    expect(list.slice(firstDone).every((r: { status: number }) => r.status !== 0)).toBe(true);
    expect(counts.pending).toBeGreaterThan(0);
    const mine = list.find((r: { id: number }) => r.id === id);
    expect(mine).toMatchObject({
      user_mobile: u.mobile,
      user_kind: 'trial',
      company_name: '列表排序科技有限公司',
      licence_state: 'file',
      licence_file_id: expect.any(Number),
      credit_code_problem: null,
      matched_company: null,
    });
    expect(mine).not.toHaveProperty('license');
    // The administrator reads the licence through the private file route.
    const file = await call(t.app, 'GET', `/v1/common/file/${mine.licence_file_id}`, { token: admin });
    expect(file.status).toBe(200);

    const pending = await post('queue', { status: 'pending', page_size: 100 });
    expect(pending.body.data.list.every((r: { status: number }) => r.status === 0)).toBe(true);
    expect(pending.body.data.total).toBe(counts.pending);
    const rejected = await post('queue', { status: 'rejected' });
    expect(rejected.body.data.list.every((r: { status: number; remark: string }) => r.status === 2 && r.remark)).toBe(true);
    const byKeyword = await post('queue', { keyword: '列表排序' });
    expect(byKeyword.body.data.list.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await post('queue', { keyword: u.mobile })).body.data.total).toBe(1);
    expect((await post('queue', { date_from: '2000-01-01', date_to: '2000-01-31' })).body.data.total).toBe(0);
    expect((await post('queue', { date_from: '2000-01-01' })).body.data.total).toBe(total);
    const day = new Date(t.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await post('queue', { date_from: day, date_to: day })).body.data.total).toBe(total);
    const paged = await post('queue', { page: 2, page_size: 2 });
    expect(paged.body.data.list).toEqual(list.slice(2, 4));
    const asc = await post('queue', { status: 'pending', order: 'asc', page_size: 100 });
    const ids = asc.body.data.list.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('shows an old /uploads licence and a deleted file as such, and what an approval would link to', async () => {
    const u = await trialUser('壬方试用有限公司');
    const id = await applyAs(t.app, u.token, { company_name: '康宁生物医药有限公司', credit_code: demoCreditCode(66) });
    await t.db.db.updateTable('verifications').set({ license: '/uploads/old-licence.jpg' }).where('id', '=', id).execute();
    const v = await trialUser('癸方试用有限公司');
    const id2 = await applyAs(t.app, v.token, { company_name: '删除文件科技有限公司', credit_code: demoCreditCode(67) });
    const fileId = Number((await appRow(id2)).license.split('/').pop());
    await t.db.db.deleteFrom('files').where('id', '=', fileId).execute();
    const list = (await post('queue', { status: 'pending', page_size: 100 })).body.data.list;
    expect(list.find((r: { id: number }) => r.id === id)).toMatchObject({
      licence_state: 'legacy',
      licence_file_id: null,
      matched_company: { company_name: '康宁生物医药有限公司', by: 'name' },
    });
    expect(list.find((r: { id: number }) => r.id === id2)).toMatchObject({ licence_state: 'missing', licence_file_id: null });
  });

  it.each([
    ['a bad status', { status: 'open' }, '审核状态不正确'],
    ['a bad date', { date_from: '2024-13-01' }, '开始日期格式应为 YYYY-MM-DD'],
    ['a long keyword', { keyword: '长'.repeat(51) }, '关键词不能超过 50 个字'],
    ['a huge page size', { page_size: 1000 }, '每页最多 100 条'],
    ['a bad sort', { sort: 'id' }, '排序字段不正确'],
  ])('refuses %s', async (_what, body, msg) => {
    const res = await post('queue', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 0, msg });
  });

  it('is for administrators only', async () => {
    for (const kind of ['company', 'trial', 'main', 'staff'] as const) {
      expect((await post('queue', {}, await loginAs(t.app, kind))).status).toBe(403);
    }
    expect((await post('queue', {}, '')).status).toBe(401);
  });
});

describe('demo applications (fresh start)', () => {
  it('give /apply pending, approved and rejected rows, and the audit log its first entries', async () => {
    const d = await createTestApp({ now: '2026-03-01T00:00:00.000Z' });
    try {
      await seedDemoApplications(d.deps);
      const token = await loginAs(d.app, 'admin');
      const res = await call(d.app, 'POST', '/v1/news/user/queue', { token, body: {} });
      expect(res.body.data.counts).toEqual({ pending: 3, approved: 1, rejected: 1 });
      const rows = res.body.data.list;
      expect(rows.slice(0, 3).map((r: { user_mobile: string }) => r.user_mobile)).toEqual([
        '13800000011',
        '13800000012',
        '13800000013',
      ]);
      expect(rows.map((r: { licence_state: string }) => r.licence_state)).toEqual(['file', 'file', 'legacy', 'file', 'file']);
      expect(rows[1].matched_company).toMatchObject({ company_name: '华芯半导体科技有限公司', by: 'credit_code' });
      const approved = await d.db.db
        .selectFrom('users')
        .selectAll()
        .where('mobile', '=', '13800000014')
        .executeTakeFirstOrThrow();
      expect(approved).toMatchObject({ type: '0', company_name: '绿源新能源科技有限公司' });
      expect(approved.company_id).toBeGreaterThan(0);
      const audit = await call(d.app, 'POST', '/v1/system/audit-log', { token, body: {} });
      expect(audit.body.data.list.map((r: { action: string }) => r.action).sort()).toEqual([
        'approve_verification',
        'reject_verification',
      ]);
      // Every demo trial user logs in with the demo password.
      await expect(login(d.app, '13800000015', DEMO_PASSWORD)).resolves.toBeTruthy();
    } finally {
      await d.close();
    }
  });
});
