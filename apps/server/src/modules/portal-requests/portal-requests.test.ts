import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { issueToken } from '../../http/auth';

// The portal's service pages (ADR 0054) on SQLite and PostgreSQL: a visitor (SMS login) and a company user send
// questions, topics and appointments; each sees only their own; the administrator lists and answers; wrong roles,
// bad input and the rate limit.

let t: TestApp;
let admin: string;
let company: string;
let visitor: string;
let visitor2: string;
const post = (url: string, body: unknown, tok: string) => call(t.app, 'POST', `/v1/portal/${url}`, { token: tok, body });
const count = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('portal_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const visitorToken = async (mobile: string) => {
  const now = t.now().toISOString();
  const v = await t.db.db
    .insertInto('visitors')
    .values({ mobile, name: '', created_at: now, last_login_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return issueToken(t.deps, 'visitor', v.id);
};

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T02:00:00Z' });
  admin = await loginAs(t.app, 'admin');
  company = await loginAs(t.app, 'company');
  visitor = await visitorToken('13700000001');
  visitor2 = await visitorToken('13700000002');
});
afterAll(() => t.close());

const APPOINTMENT = {
  kind: 'appointment',
  name: '王经理',
  company: '甲科技有限公司',
  mobile: '137 0000 0001',
  content: '办理专利质押融资登记',
  preferred_date: '2026-03-20',
};

describe('portal requests', () => {
  let qid: number;

  it('a visitor sends a question and an appointment; a company user a topic; each sees only their own', async () => {
    const q = await post(
      'request',
      { kind: 'question', name: '李女士', mobile: '13700000001', content: '商标续展怎么办？' },
      visitor,
    );
    expect(q.body.code, JSON.stringify(q.body)).toBe(1);
    qid = q.body.data.id;
    expect(q.body.data).toMatchObject({ status: 'open', status_label: '待处理', kind_label: '在线咨询', preferred_date: null });
    const a = await post('request', APPOINTMENT, visitor);
    expect(a.body.data).toMatchObject({ mobile: '13700000001', preferred_date: '2026-03-20', kind_label: '马上办预约' });
    const topic = await post(
      'request',
      { kind: 'topic', name: '张三', mobile: '13800000001', content: '希望谈谈专利导航' },
      company,
    );
    expect(topic.body.code).toBe(1);

    expect((await post('request/mine', {}, visitor)).body.data.total).toBe(2);
    expect((await post('request/mine', { kind: 'question' }, visitor)).body.data.total).toBe(1);
    expect((await post('request/mine', {}, visitor2)).body.data.total).toBe(0);
    const own = await post('request/mine', {}, company);
    expect(own.body.data.list.map((r: { kind: string }) => r.kind)).toEqual(['topic']);
  });

  it('bad input is refused in Chinese and saves nothing; anonymous callers must log in', async () => {
    const before = await count();
    const noDay = await post('request', { ...APPOINTMENT, preferred_date: null, company: '' }, visitor);
    expect(noDay.status).toBe(400);
    expect(JSON.stringify(noDay.body)).toContain('请选择期望办理日期');
    expect(JSON.stringify(noDay.body)).toContain('请填写单位名称');
    const badMobile = await post('request', { ...APPOINTMENT, mobile: '12345' }, visitor);
    expect(badMobile.body.msg).toBe('请填写正确的 11 位手机号');
    expect((await post('request', { ...APPOINTMENT, kind: 'spam' }, visitor)).status).toBe(400);
    expect((await post('request', APPOINTMENT, '')).status).toBe(401);
    expect((await post('request/mine', {}, '')).status).toBe(401);
    expect(await count()).toBe(before);
  });

  it('the administrator lists, filters and answers; the sender sees the answer; only once', async () => {
    const all = await post('admin/requests', {}, admin);
    expect(all.body.data.total).toBe(3);
    expect((await post('admin/requests', { kind: 'appointment', status: 'open' }, admin)).body.data.total).toBe(1);
    expect((await post('admin/requests', { keyword: '商标' }, admin)).body.data.list[0].id).toBe(qid);
    const done = await post('admin/request/handle', { id: qid, reply: '注册商标有效期满前十二个月内可申请续展。' }, admin);
    expect(done.body.data).toMatchObject({ status: 'handled', status_label: '已处理' });
    expect((await post('admin/request/handle', { id: qid, reply: '再答' }, admin)).status).toBe(409);
    expect((await post('admin/request/handle', { id: 999999, reply: '答' }, admin)).status).toBe(404);
    const mine = await post('request/mine', { kind: 'question' }, visitor);
    expect(mine.body.data.list[0].reply).toBe('注册商标有效期满前十二个月内可申请续展。');
  });

  it('only the administrator handles: others get 403 with a Chinese message', async () => {
    for (const tok of [company, visitor, await loginAs(t.app, 'main')]) {
      const res = await post('admin/requests', {}, tok);
      expect(res.status).toBe(403);
      if (tok !== visitor) expect(res.body.msg).toBe('仅管理员可以处理门户留言与预约');
      expect((await post('admin/request/handle', { id: qid, reply: '答' }, tok)).status).toBe(403);
    }
  });

  it('at most 10 sends an hour per sender', async () => {
    const v = await visitorToken('13700000009');
    for (let i = 0; i < 10; i++) {
      expect(
        (await post('request', { kind: 'topic', name: '访客', mobile: '13700000009', content: `议题 ${i}` }, v)).status,
      ).toBe(200);
    }
    const refused = await post('request', { kind: 'topic', name: '访客', mobile: '13700000009', content: '第 11 条' }, v);
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/^提交过于频繁，请 \d+ 分钟后再试$/);
    t.advance(3_600_000);
    expect((await post('request', { kind: 'topic', name: '访客', mobile: '13700000009', content: '一小时后' }, v)).status).toBe(
      200,
    );
  });
});
