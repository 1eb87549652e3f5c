import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { otherCompany, upload } from '../../../test/company-records';
import { seedDemoConsulting } from '../../db/seed/consulting-demo';

// Business consulting (ADR 0046): /v1/frontend/ask/* (company) and /v1/consult/* (administrator), on SQLite and
// PostgreSQL: the thread and its states, the reply in the message centre, another company's id, wrong roles, bad input.

let t: TestApp;
let token: string;
let adminToken: string;
let mainToken: string;
let companyId: number;
let other: { companyId: number; userId: number; token: string };

const post = (url: string, body: unknown, tok = token) => call(t.app, 'POST', `/v1/${url}`, { token: tok, body });
const count = async (table: 'consult_questions' | 'consult_replies') =>
  Number(
    (
      await t.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T02:00:00Z' });
  token = await loginAs(t.app, 'company');
  adminToken = await loginAs(t.app, 'admin');
  mainToken = await loginAs(t.app, 'main');
  ({ company_id: companyId } = await t.db.db
    .selectFrom('users')
    .select('company_id')
    .where('mobile', '=', '13800000001')
    .executeTakeFirstOrThrow());
  other = await otherCompany(t);
});
afterAll(() => t.close());

describe('consulting', () => {
  let qid: number;

  it('a company asks with an attachment; the question is 待回复 and listed for it and for the administrator', async () => {
    const file = await upload(t, token, { name: '说明.pdf', mime: 'application/pdf' });
    const res = await post('frontend/ask/content', {
      category: 'patent',
      title: '  发明专利年费减缴如何申请？ ',
      content: '我司为小微企业，想了解年费减缴的条件与材料。',
      file_ids: [file],
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    qid = res.body.data.id;
    expect(res.body.data).toMatchObject({
      title: '发明专利年费减缴如何申请？',
      status: 'open',
      status_label: '待回复',
      category_label: '专利',
      company_id: companyId,
      messages: [],
    });
    expect(res.body.data.files).toHaveLength(1);
    expect(res.body.data.files[0].url).toMatch(/sig=/);

    const mine = await post('frontend/ask/index', {});
    expect(mine.body.data.total).toBe(1);
    expect(mine.body.data.counts).toEqual({ open: 1, replied: 0, closed: 0 });
    const all = await post('consult/index', { status: 'open', company: '', category: 'patent' }, adminToken);
    expect(all.body.data.list.map((r: { id: number }) => r.id)).toContain(qid);
    const none = await post('consult/index', { company: '不存在的公司' }, adminToken);
    expect(none.body.data.total).toBe(0);
    const byDate = await post('consult/index', { date_from: '2026-03-15', date_to: '2026-03-15' }, adminToken);
    expect(byDate.body.data.total).toBe(1);
    const before = await post('consult/index', { date_to: '2026-03-14' }, adminToken);
    expect(before.body.data.total).toBe(0);
  });

  it('the administrator answers: 已回复, and the reply reaches the company in its message centre', async () => {
    t.advance(3_600_000);
    const res = await post(
      'consult/reply',
      { id: qid, content: '符合条件的小微企业可在缴费时提交费减备案。', file_ids: [] },
      adminToken,
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data).toMatchObject({ status: 'replied', status_label: '已回复', replies: 1 });
    expect(res.body.data.messages[0]).toMatchObject({ author: 'admin', author_name: '知识产权服务中心' });
    const msgs = await post('frontend/message/index', { kind: 'system' });
    const msg = msgs.body.data.list.find((m: { link: string }) => m.link === `/UserConsulting?id=${qid}`);
    expect(msg).toMatchObject({ title: '您的咨询「发明专利年费减缴如何申请？」已回复' });
    // The company reads the thread; another company cannot.
    const thread = await post('frontend/ask/detail', { id: qid });
    expect(thread.body.data.messages).toHaveLength(1);
    const foreign = await post('frontend/ask/detail', { id: qid }, other.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 0, msg: '咨询不存在或已删除' });
    expect((await post('frontend/ask/reply', { id: qid, content: '插话' }, other.token)).status).toBe(404);
    expect((await post('frontend/ask/index', {}, other.token)).body.data.total).toBe(0);
  });

  it('the company adds a follow-up (待回复 again); the administrator publishes, then closes; closed takes no more', async () => {
    const res = await post('frontend/ask/reply', { id: qid, content: '备案需要哪些材料？' });
    expect(res.body.data).toMatchObject({ status: 'open', replies: 2 });
    expect(res.body.data.messages[1]).toMatchObject({ author: 'company' });
    const pub = await post('consult/public', { id: qid, public: true }, adminToken);
    expect(pub.body.data.public).toBe(true);
    const closed = await post('consult/close', { id: qid }, adminToken);
    expect(closed.body.data).toMatchObject({ status: 'closed', status_label: '已关闭' });
    expect(closed.body.data.closed_at).toBeTruthy();
    // Published: anyone reads it on the portal, with the office's answers only and no company named.
    const pubList = await call(t.app, 'POST', '/v1/frontend/ask/public', { body: { keyword: '年费减缴' } });
    expect(pubList.body.data.total).toBe(1);
    expect(pubList.body.data.list[0]).toMatchObject({
      id: qid,
      category_label: '专利',
      answers: [{ content: '符合条件的小微企业可在缴费时提交费减备案。' }],
    });
    expect(JSON.stringify(pubList.body.data)).not.toMatch(/company|示例科技|备案需要哪些材料/);
    const again = await post('frontend/ask/reply', { id: qid, content: '再问一句' });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('该咨询已关闭，如有新问题请重新提问');
    expect((await post('consult/reply', { id: qid, content: '补充' }, adminToken)).body.msg).toBe('该咨询已关闭，不能再回复');
    const n = await count('consult_replies');
    expect(n).toBe(2);
  });

  it('refuses wrong roles: a company on the admin calls, the administrator and a service account on the company calls', async () => {
    for (const url of ['consult/index', 'consult/detail', 'consult/reply', 'consult/close', 'consult/public']) {
      const res = await post(url, { id: qid, content: 'x', public: true }, token);
      expect(res.status, url).toBe(403);
      expect(res.body.msg).toBe('仅管理员可处理企业咨询');
    }
    for (const tok of [adminToken, mainToken]) {
      const res = await post('frontend/ask/content', { category: 'other', title: '越权', content: '越权' }, tok);
      expect(res.status).toBe(403);
    }
    expect((await call(t.app, 'POST', '/v1/frontend/ask/index', { body: {} })).status).toBe(401);
  });

  it('refuses bad input, changing nothing: empty text, unknown category, another company file, a 9 MB body, bad dates', async () => {
    const before = await count('consult_questions');
    const foreignFile = await upload(t, other.token, { name: 'x.pdf', mime: 'application/pdf' });
    const cases: [unknown, string][] = [
      [{ category: 'patent', title: '标题', content: '   ' }, '请填写咨询内容'],
      [{ category: 'patent', title: '', content: '内容' }, '请填写咨询标题'],
      [{ category: 'nope', title: '标题', content: '内容' }, '请选择咨询类别'],
      [{ category: 'patent', title: '标题', content: '字'.repeat(2001) }, '咨询内容不能超过 2000 个字'],
      [{ category: 'patent', title: '标题', content: '内容', file_ids: [foreignFile] }, '附件不存在或不属于本企业，请重新上传'],
    ];
    for (const [body, msg] of cases) {
      const res = await post('frontend/ask/content', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(0);
      expect(res.body.msg).toBe(msg);
    }
    const big = await call(t.app, 'POST', '/v1/frontend/ask/content', {
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ category: 'patent', title: '大', content: 'x'.repeat(9 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe(0);
    const dates = await post('consult/index', { date_from: '2026-03-10', date_to: '2026-03-01' }, adminToken);
    expect(dates.body.msg).toBe('结束日期不能早于开始日期');
    expect((await post('consult/reply', { id: 999999, content: '无' }, adminToken)).status).toBe(404);
    expect((await post('consult/reply', { id: qid, content: '' }, adminToken)).body.msg).toBe('请填写回复内容');
    expect(await count('consult_questions')).toBe(before);
  });

  it('an unanswered question cannot be published; filters by status give per-status counts', async () => {
    const q = await post('frontend/ask/content', { category: 'trademark', title: '商标续展', content: '何时可以续展？' });
    const res = await post('consult/public', { id: q.body.data.id, public: true }, adminToken);
    expect(res.body.msg).toBe('尚未回复的咨询不能公开');
    const pubAll = await call(t.app, 'POST', '/v1/frontend/ask/public', { body: { category: 'trademark' } });
    expect(pubAll.body.data.total).toBe(0);
    const list = await post('frontend/ask/index', { status: 'closed' });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.counts).toEqual({ open: 1, replied: 0, closed: 1 });
    const kw = await post('frontend/ask/index', { keyword: '续展' });
    expect(kw.body.data.list).toHaveLength(1);
  });
});

describe('demo consulting data', () => {
  it('gives the demo company questions in every state, two public, and a past push, once', async () => {
    const fresh = await createTestApp({ now: '2026-03-15T02:00:00Z' });
    try {
      await seedDemoConsulting(fresh.deps);
      await seedDemoConsulting(fresh.deps);
      const tok = await loginAs(fresh.app, 'company');
      const res = await call(fresh.app, 'POST', '/v1/frontend/ask/index', { token: tok, body: {} });
      expect(res.body.data.total).toBe(5);
      expect(res.body.data.counts).toEqual({ open: 2, replied: 2, closed: 1 });
      expect(res.body.data.list.filter((r: { public: boolean }) => r.public)).toHaveLength(2);
      const pushes = await call(fresh.app, 'GET', '/v1/compnay/push', { token: await loginAs(fresh.app, 'admin') });
      expect(pushes.body.data.total).toBe(1);
      expect(pushes.body.data.list[0].sent).toBeGreaterThan(0);
      const inbox = await call(fresh.app, 'POST', '/v1/frontend/message/index', { token: tok, body: { kind: 'system' } });
      expect(inbox.body.data.list.some((m: { kind: string }) => m.kind === 'push')).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
