import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAs } from '../../../test/applications';
import { companyUser, otherCompany } from '../../../test/company-records';
import { call, createTestApp, DEMO, login, loginAs, type TestApp } from '../../../test/helpers';
import { demoCreditCode } from '../../db/seed';
import { seedDemoMessages } from '../../db/seed-messages';
import { deliverToUser, markHandled, type NewMessage } from './deliver';

// /v1/frontend/message/*: the message centre (ADR 0028), on SQLite and PostgreSQL.

let t: TestApp;
let token: string;
let userId: number;
let companyId: number;
let other: { companyId: number; userId: number; token: string };
let colleague: { userId: number; token: string };

const NOW = '2026-03-15T04:00:00Z'; // 12:00 in China
const post = (url: string, body: unknown = {}, tok = token) =>
  call(t.app, 'POST', `/v1/frontend/message/${url}`, { token: tok, body });
const rows = () => t.db.db.selectFrom('messages').selectAll().orderBy('id', 'asc').execute();

/** Delivers a message to a user at a given time. */
async function deliver(uid: number, cid: number, at: string, msg: Partial<NewMessage> & { key: string }) {
  const d = new Date(at);
  await deliverToUser({ db: t.db, clock: () => d }, uid, cid, { kind: 'system', title: `消息 ${msg.key}`, ...msg });
  const row = await t.db.db
    .selectFrom('messages')
    .select('id')
    .where('delivery_key', '=', `${msg.key}:u${uid}`)
    .executeTakeFirstOrThrow();
  return row.id;
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  token = await loginAs(t.app, 'company');
  const me = await t.db.db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where('mobile', '=', DEMO.company)
    .executeTakeFirstOrThrow();
  userId = me.id;
  companyId = me.company_id;
  other = await otherCompany(t);
  colleague = await companyUser(t, companyId, '13911112222', { rid: 1 });
  ids.fee = await deliver(userId, companyId, '2026-03-10T02:00:00Z', {
    kind: 'fee',
    key: 'fee:1:6:30',
    title: '年费预警：一种电池 30 天内到期',
    body: '请及时缴纳',
    link: '/costdetails?patent=1',
    objectType: 'fee',
    objectId: 77,
  });
  ids.cert = await deliver(userId, companyId, '2026-03-12T02:00:00Z', {
    kind: 'certificate',
    key: 'cert:1:90',
    title: '证书即将到期',
  });
  ids.monitor = await deliver(userId, companyId, '2026-03-14T02:00:00Z', {
    kind: 'monitor',
    key: 'mon:1',
    title: '监控命中 竞争对手',
  });
  ids.push = await deliver(userId, companyId, '2026-03-01T02:00:00Z', { kind: 'push', key: 'push:1', title: '平台通知 维护' });
  ids.report = await deliver(userId, companyId, '2026-03-13T02:00:00Z', {
    kind: 'report',
    key: 'rep:2026-02',
    title: '二月专利月报',
  });
  // Someone else's: a colleague of the same company, and a user of another company.
  ids.colleague = await deliver(colleague.userId, companyId, '2026-03-14T02:00:00Z', {
    kind: 'fee',
    key: 'fee:1:6:30',
    title: '同事的消息',
  });
  ids.other = await deliver(other.userId, other.companyId, '2026-03-14T02:00:00Z', {
    kind: 'fee',
    key: 'fee:9:1:30',
    title: '别家的消息',
  });
});
afterAll(() => t.close());

describe('message centre: list, count, detail, read, delete', () => {
  it('lists only my messages, unread first then newest; counts unread by kind', async () => {
    // The report was read earlier: it goes after every unread one.
    await t.db.db.updateTable('messages').set({ read_at: '2026-03-13T03:00:00Z' }).where('id', '=', ids.report).execute();
    const res = await post('index');
    expect(res.body.code).toBe(1);
    expect(res.body.data.list.map((m: { id: number }) => m.id)).toEqual([ids.monitor, ids.cert, ids.fee, ids.push, ids.report]);
    expect(res.body.data).toMatchObject({ total: 5, unread: 4, page: 1, page_size: 20 });
    expect(res.body.data.list[2]).toMatchObject({
      kind: 'fee',
      kind_label: '年费预警',
      link: '/costdetails?patent=1',
      read_at: null,
      handled_at: null,
    });
    expect(res.body.data.list[3]).toMatchObject({ kind: 'push', kind_label: '系统通知' });
    const count = await post('unread_count');
    expect(count.body.data).toEqual({
      total: 4,
      by_kind: { fee: 1, certificate: 1, monitor: 1, approval: 0, report: 0, system: 1 },
    });
  });

  it('filters by kind (系统通知 includes push), read state, handled, dates (China days), keyword; pages', async () => {
    const list = async (body: Record<string, unknown>) => (await post('index', body)).body.data;
    expect((await list({ kind: 'system' })).list.map((m: { id: number }) => m.id)).toEqual([ids.push]);
    expect((await list({ kind: 'fee' })).unread).toBe(1);
    expect((await list({ read: 'read' })).list.map((m: { id: number }) => m.id)).toEqual([ids.report]);
    expect((await list({ read: 'unread' })).total).toBe(4);
    await markHandled({ db: t.db, clock: t.now }, 'fee', 77);
    expect((await list({ handled: 'handled' })).list.map((m: { id: number }) => m.id)).toEqual([ids.fee]);
    expect((await list({ handled: 'unhandled' })).total).toBe(4);
    // 2026-03-14T02:00Z is 10:00 on the 14th in China.
    expect((await list({ date_from: '2026-03-14', date_to: '2026-03-14' })).list.map((m: { id: number }) => m.id)).toEqual([
      ids.monitor,
    ]);
    expect((await list({ keyword: '竞争' })).total).toBe(1);
    expect((await list({ keyword: '%' })).total).toBe(0);
    const page2 = await list({ page: 2, page_size: 2 });
    expect(page2).toMatchObject({ total: 5, page: 2, page_size: 2 });
    expect(page2.list.map((m: { id: number }) => m.id)).toEqual([ids.fee, ids.push]);
  });

  it('refuses bad filters with Chinese messages', async () => {
    for (const [body, msg] of [
      [{ kind: 'spam' }, '消息类型不正确'],
      [{ read: 'maybe' }, '已读状态不正确'],
      [{ date_from: '2026-02-30' }, '开始日期格式不正确'],
      [{ date_from: '2026-03-10', date_to: '2026-03-01' }, '结束日期不能早于开始日期'],
      [{ page_size: 500 }, '每页最多 100 条'],
      [{ keyword: 'x'.repeat(51) }, '关键词不能超过 50 个字'],
    ] as const) {
      const res = await post('index', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(0);
      expect(res.body.msg).toContain(msg);
    }
  });

  it('detail marks the message read; the unread count drops', async () => {
    const res = await post('detail', { id: ids.cert });
    expect(res.body.data).toMatchObject({ id: ids.cert, kind: 'certificate', read_at: NOW.replace('Z', '.000Z') });
    expect((await post('unread_count')).body.data.total).toBe(3);
    // Opening it again keeps the first reading time.
    t.advance(60_000);
    expect((await post('detail', { id: ids.cert })).body.data.read_at).toBe(NOW.replace('Z', '.000Z'));
  });

  it('refuses another user’s or another company’s message, unknown and bad ids: nothing changes', async () => {
    const before = await rows();
    for (const id of [ids.colleague, ids.other, 999999]) {
      const d = await post('detail', { id });
      expect(d.status).toBe(404);
      expect(d.body).toMatchObject({ code: 0, msg: '消息不存在或已删除' });
      expect((await post('read', { ids: [id] })).body.msg).toBe('消息不存在或已删除');
      expect((await post('delete', { ids: [id] })).status).toBe(404);
    }
    // One foreign id among mine: the whole request is refused.
    const mixed = await post('read', { ids: [ids.fee, ids.other] });
    expect(mixed.status).toBe(404);
    expect(mixed.body.msg).toBe('所选消息中有不存在或已删除的消息，未做任何修改');
    expect((await post('delete', { ids: [ids.monitor, ids.colleague] })).status).toBe(404);
    for (const [url, body, msg] of [
      ['detail', {}, '请选择消息'],
      ['detail', { id: 'abc' }, '请选择消息'],
      ['detail', { id: -1 }, '请选择消息'],
      ['read', {}, '请选择消息'],
      ['read', { ids: [] }, '请选择消息'],
      ['read', { ids: 'x' }, '请选择消息'],
      ['delete', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, '一次最多选择 100 条消息'],
      ['read_all', { kind: 'nope' }, '消息类型不正确'],
    ] as const) {
      const res = await post(url, body);
      expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    expect(await rows()).toEqual(before);
  });

  it('marks one or several read (duplicates ignored), then all of one kind, then all', async () => {
    expect((await post('read', { ids: [ids.fee, ids.fee] })).body.data).toEqual({ count: 1 });
    expect((await post('read', { ids: [ids.fee, ids.cert] })).body.data).toEqual({ count: 0 });
    expect((await post('unread_count')).body.data.total).toBe(2);
    expect((await post('read_all', { kind: 'system' })).body.data).toEqual({ count: 1 });
    expect((await post('unread_count')).body.data.by_kind).toMatchObject({ system: 0, monitor: 1 });
    expect((await post('read_all')).body.data).toEqual({ count: 1 });
    expect((await post('unread_count')).body.data.total).toBe(0);
    // The colleague's and the other company's messages are untouched.
    const untouched = await t.db.db
      .selectFrom('messages')
      .select('read_at')
      .where('id', 'in', [ids.colleague, ids.other])
      .execute();
    expect(untouched.every((r) => r.read_at === null)).toBe(true);
    expect((await post('unread_count', {}, colleague.token)).body.data.total).toBe(1);
  });

  it('deletes my messages (hidden; the delivery key stays taken, so a repeated delivery adds nothing)', async () => {
    expect((await post('delete', { ids: [ids.fee, ids.push] })).body.data).toEqual({ count: 2 });
    expect((await post('index')).body.data.total).toBe(3);
    expect((await post('detail', { id: ids.fee })).status).toBe(404);
    expect((await post('read', { ids: [ids.fee] })).status).toBe(404);
    expect((await post('delete', { ids: [ids.fee] })).status).toBe(404);
    const again = await deliverToUser({ db: t.db, clock: t.now }, userId, companyId, {
      kind: 'fee',
      key: 'fee:1:6:30',
      title: 'x',
    });
    expect(again).toBe(false);
    expect((await post('index')).body.data.total).toBe(3);
  });
});

describe('message centre: who may call it', () => {
  it('refuses administrators (with why), visitors and the anonymous', async () => {
    const admin = await loginAs(t.app, 'admin');
    const res = await post('index', {}, admin);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('管理员账号没有消息中心，请进入企业端查看企业用户的消息');
    const now = t.now().toISOString();
    const v = await t.db.db
      .insertInto('visitors')
      .values({ mobile: '13700000009', name: '', created_at: now, last_login_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { issueToken } = await import('../../http/auth');
    const visitor = await issueToken(t.deps, 'visitor', v.id);
    expect((await post('unread_count', {}, visitor)).status).toBe(403);
    expect((await call(t.app, 'POST', '/v1/frontend/message/unread_count', { body: {} })).status).toBe(401);
  });

  it('trial users and the enterprise-service accounts have their own (empty) message centre', async () => {
    for (const kind of ['trial', 'main', 'staff'] as const) {
      const tok = await loginAs(t.app, kind);
      expect((await post('unread_count', {}, tok)).body.data.total).toBe(0);
      expect((await post('detail', { id: ids.monitor }, tok)).status).toBe(404);
    }
  });

  it('an enterprise-service main account and its staff member each see only their own messages (ADR 0033)', async () => {
    const acct = async (mobile: string) =>
      t.db.db.selectFrom('users').select(['id', 'company_id']).where('mobile', '=', mobile).executeTakeFirstOrThrow();
    const main = await acct(DEMO.main);
    const staff = await acct(DEMO.staff);
    const mainMsg = await deliver(main.id, main.company_id, NOW, { kind: 'push', key: 'es:main', title: '主账号的通知' });
    const staffMsg = await deliver(staff.id, staff.company_id, NOW, { kind: 'push', key: 'es:staff', title: '员工的通知' });
    const mainTok = await loginAs(t.app, 'main');
    const staffTok = await loginAs(t.app, 'staff');
    const titles = async (tok: string) =>
      ((await post('index', {}, tok)).body.data.list as { title: string }[]).map((m) => m.title);
    expect(await titles(staffTok)).toEqual(['员工的通知']);
    expect(await titles(mainTok)).toEqual(['主账号的通知']);
    expect((await post('unread_count', {}, staffTok)).body.data.total).toBe(1);
    // The other account's message, by id, on every call: not found, and nothing changes.
    expect((await post('detail', { id: mainMsg }, staffTok)).status).toBe(404);
    expect((await post('read', { ids: [mainMsg] }, staffTok)).status).toBe(404);
    expect((await post('delete', { ids: [mainMsg] }, staffTok)).status).toBe(404);
    expect((await post('read_all', {}, staffTok)).body.data.count).toBe(1);
    expect((await post('unread_count', {}, mainTok)).body.data.total).toBe(1);
    expect((await post('detail', { id: staffMsg }, mainTok)).status).toBe(404);
    expect((await post('detail', { id: mainMsg }, mainTok)).body.data.title).toBe('主账号的通知');
    expect((await post('index', {}, token)).body.data.list.some((m: { title: string }) => m.title === '员工的通知')).toBe(false);
  });

  it('admin view shows the viewed user’s messages without marking them read; changes are audited', async () => {
    const mine = await deliver(userId, companyId, NOW, { kind: 'system', key: 'sys:view', title: '管理端查看' });
    const admin = await loginAs(t.app, 'admin');
    const res = await call(t.app, 'POST', '/v1/user/admin-view', { token: admin, body: { user_id: userId } });
    const view = res.body.data.token as string;
    expect((await post('unread_count', {}, view)).body.data.total).toBe(1);
    expect((await post('detail', { id: mine }, view)).body.data.read_at).toBeNull();
    expect((await post('unread_count', {}, view)).body.data.total).toBe(1);
    expect((await post('read', { ids: [mine] }, view)).body.data.count).toBe(1);
    const audit = await t.db.db.selectFrom('audit_log').select('action').where('user_id', '=', userId).execute();
    expect(audit.map((a) => a.action)).toContain('POST /frontend/message/read');
    expect(audit.map((a) => a.action)).not.toContain('POST /frontend/message/detail');
  });
});

describe('approval results arrive as messages', () => {
  it('approve and reject each deliver one approval message to the applicant (with the reason), once', async () => {
    const admin = await loginAs(t.app, 'admin');
    const create = async (mobile: string) => {
      const r = await call(t.app, 'POST', '/v1/news/user/create', {
        token: admin,
        body: { mobile, name: '申请人', kind: 'trial', company_name: '申请企业', password: 'Trial2026x' },
      });
      expect(r.body.code).toBe(1);
      // An account an administrator creates changes its password first (ADR 0031); this one is past that step.
      await t.db.db.updateTable('users').set({ must_change_password: 0 }).where('id', '=', r.body.data.id).execute();
      return { id: r.body.data.id as number, token: await login(t.app, mobile, 'Trial2026x') };
    };
    const a = await create('13900003001');
    const appA = await applyAs(t.app, a.token, { company_name: '星河消息科技有限公司', credit_code: demoCreditCode(61) });
    expect(
      (
        await call(t.app, 'POST', '/v1/news/user/queuestate', {
          token: admin,
          body: { id: appA, status: 2, remark: '营业执照不清晰' },
        })
      ).body.code,
    ).toBe(1);
    // The trial user sees the rejection with its reason and a link to /userCenter.
    const list = (await post('index', {}, a.token)).body.data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      kind: 'approval',
      title: '企业认证未通过',
      link: '/userCenter',
      object_type: 'verification',
      object_id: appA,
    });
    expect(list.list[0].body).toContain('营业执照不清晰');
    expect((await post('unread_count', {}, a.token)).body.data.by_kind.approval).toBe(1);
    // A second decision of the same application is refused; no second message.
    expect((await call(t.app, 'POST', '/v1/news/user/queuestate', { token: admin, body: { id: appA, status: 1 } })).status).toBe(
      409,
    );
    // Apply again, approved: a second message, now a company user, linking to /home.
    const appB = await applyAs(t.app, a.token, { company_name: '星河消息科技有限公司', credit_code: demoCreditCode(61) });
    expect(
      (await call(t.app, 'POST', '/v1/news/user/queuestate', { token: admin, body: { id: appB, status: 1 } })).body.code,
    ).toBe(1);
    const after = (await post('index', {}, a.token)).body.data;
    expect(after.total).toBe(2);
    expect(after.list[0]).toMatchObject({ title: '企业认证已通过', link: '/home', object_id: appB });
    expect(after.list[0].body).toContain('星河消息科技有限公司');
    const keys = (
      await t.db.db.selectFrom('messages').select(['delivery_key', 'company_id']).where('user_id', '=', a.id).execute()
    ).map((m) => m.delivery_key);
    expect(keys.sort()).toEqual([`approval:${appA}:2:u${a.id}`, `approval:${appB}:1:u${a.id}`].sort());
  });
});

describe('demo messages', () => {
  it('gives each enabled user of the demo company the same few messages of different kinds, once', async () => {
    await seedDemoMessages(t.deps);
    await seedDemoMessages(t.deps);
    const demo = await t.db.db.selectFrom('messages').selectAll().where('delivery_key', 'like', 'demo:%').execute();
    const mine = demo.filter((m) => m.user_id === userId);
    expect(new Set(mine.map((m) => m.kind))).toEqual(new Set(['system', 'approval', 'report', 'certificate', 'monitor', 'fee']));
    expect(demo.filter((m) => m.user_id === colleague.userId)).toHaveLength(mine.length);
    expect(mine.filter((m) => m.read_at)).toHaveLength(2);
    expect(mine.filter((m) => m.handled_at)).toHaveLength(1);
    expect(demo.some((m) => m.user_id === other.userId)).toBe(false);
  });
});
