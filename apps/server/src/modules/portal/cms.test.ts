import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';

// Content management beyond ADR 0045 (ADR 0053): restoring a revision, the information centre's read view.
// Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let admin: string;
let company: string;
const START = '2026-11-20T02:00:00.000Z';

const post = (token: string | undefined, url: string, body: unknown = {}) => call(t.app, 'POST', `/v1${url}`, { token, body });

async function draft(body: Record<string, unknown> = {}): Promise<number> {
  const res = await post(admin, '/portal/admin/article/save', {
    channel: 'notice',
    title: '内部通知',
    body: '<p>一</p>',
    ...body,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data.id;
}

beforeAll(async () => {
  t = await createTestApp({ now: START });
  admin = await loginAs(t.app, 'admin');
  company = await loginAs(t.app, 'company');
});
afterAll(() => t.close());

describe('revision restore', () => {
  it('brings back an earlier revision’s content, keeps the status and leaves a restore revision', async () => {
    const id = await draft({ channel: 'news', title: '第一版', summary: '摘要一', pinned: true, body: '<p>正文一</p>' });
    await post(admin, '/portal/admin/article/publish', { id });
    t.advance(60_000);
    await post(admin, '/portal/admin/article/save', { id, channel: 'news', title: '第二版', body: '<p>正文二</p>' });
    const revs = (await post(admin, '/portal/admin/article/revisions', { id })).body.data as { id: number; action: string }[];
    expect(revs.map((r) => r.action)).toEqual(['save', 'publish', 'create']);
    const first = revs[2];
    const res = await post(admin, '/portal/admin/article/restore', { id, revision_id: first.id });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data).toMatchObject({ title: '第一版', summary: '摘要一', pinned: true, status: 'published' });
    expect(res.body.data.body).toContain('正文一');
    const after = (await post(admin, '/portal/admin/article/revisions', { id })).body.data as { action: string }[];
    expect(after[0].action).toBe('restore');
  });

  it('refuses another article’s revision, bad ids and non-administrators, changing nothing', async () => {
    const a = await draft({ title: '甲' });
    const b = await draft({ title: '乙' });
    const revB = (await post(admin, '/portal/admin/article/revisions', { id: b })).body.data[0].id as number;
    let res = await post(admin, '/portal/admin/article/restore', { id: a, revision_id: revB });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('修订记录不存在或已删除');
    res = await post(admin, '/portal/admin/article/restore', { id: a, revision_id: 'x' });
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toContain('修订记录');
    res = await post(company, '/portal/admin/article/restore', { id: b, revision_id: revB });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('仅管理员可以管理网站内容');
    res = await post(undefined, '/portal/admin/article/restore', { id: b, revision_id: revB });
    expect(res.status).toBe(401);
    res = await post(admin, '/portal/admin/article/restore', { id: 999999, revision_id: revB });
    expect(res.status).toBe(404);
    expect((await post(admin, '/portal/admin/article', { id: a })).body.data.title).toBe('甲');
    expect((await post(admin, '/portal/admin/article/revisions', { id: a })).body.data).toHaveLength(1);
  });
});

describe('information centre read view', () => {
  it('shows internal notices and drafts with their channel’s published neighbours', async () => {
    const ids: number[] = [];
    for (const title of ['通知一', '通知二', '通知三']) {
      const id = await draft({ title });
      await post(admin, '/portal/admin/article/publish', { id });
      t.advance(60_000);
      ids.push(id);
    }
    const res = await post(admin, '/portal/admin/article/read', { id: ids[1] });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data.article).toMatchObject({ id: ids[1], channel: 'notice', title: '通知二' });
    expect(res.body.data.prev).toEqual({ id: ids[2], title: '通知三' });
    expect(res.body.data.next).toMatchObject({ title: '通知一' });
    const d = await draft({ title: '草稿通知' });
    const dr = await post(admin, '/portal/admin/article/read', { id: d });
    expect(dr.body.data).toMatchObject({ article: { status: 'draft' }, prev: null, next: null });
    // The public never sees an internal notice.
    const pub = await call(t.app, 'GET', '/v1/portal/article', { query: { id: ids[1] } });
    expect(pub.status).toBe(404);
  });

  it('refuses companies, anonymous callers and unknown ids', async () => {
    expect((await post(company, '/portal/admin/article/read', { id: 1 })).status).toBe(403);
    expect((await post(undefined, '/portal/admin/article/read', { id: 1 })).status).toBe(401);
    const res = await post(admin, '/portal/admin/article/read', { id: 999999 });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('文章不存在或已删除');
  });
});
