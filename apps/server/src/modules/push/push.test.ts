import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { otherCompany } from '../../../test/company-records';

// Message push (ADR 0046): GET and POST /v1/compnay/push (the spec's spelling) and /compnay/push/targets, on SQLite
// and PostgreSQL: each kind of target, delivery to the message centre, SMS through the outbox, counts, roles, input.

let t: TestApp;
let adminToken: string;
let token: string;
let demoCompany: number;
let b: { companyId: number; userId: number; token: string };
let c: { companyId: number; userId: number; token: string };
let streetId: number;
let labelId: number;

const send = (body: unknown, tok = adminToken) => call(t.app, 'POST', '/v1/compnay/push', { token: tok, body });
const inbox = async (tok: string) =>
  (await call(t.app, 'POST', '/v1/frontend/message/index', { token: tok, body: { kind: 'system' } })).body.data.list as {
    id: number;
    title: string;
    kind: string;
  }[];

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T02:00:00Z' });
  adminToken = await loginAs(t.app, 'admin');
  token = await loginAs(t.app, 'company');
  ({ company_id: demoCompany } = await t.db.db
    .selectFrom('users')
    .select('company_id')
    .where('mobile', '=', '13800000001')
    .executeTakeFirstOrThrow());
  b = await otherCompany(t, '乙方测试有限公司', '13911110000');
  c = await otherCompany(t, '丙方测试有限公司', '13911110001');
  const now = t.now().toISOString();
  streetId = Number(
    (
      await t.db.db
        .insertInto('streets')
        .values({ region: '测试区', name: '测试街道', sort: 1, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  labelId = Number(
    (
      await t.db.db
        .insertInto('service_labels')
        .values({ owner_id: 1, kind: 'company', name: '高新技术企业', color: 'blue', sort: 1, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  await t.db.db
    .updateTable('companies')
    .set({ street_id: streetId, industry: '测试专用行业甲' })
    .where('id', '=', b.companyId)
    .execute();
  await t.db.db
    .insertInto('company_labels')
    .values({ owner_id: 1, company_id: c.companyId, label_id: labelId, created_by: 1, created_at: now })
    .execute();
});
afterAll(() => t.close());

describe('message push', () => {
  it('sends to chosen companies with SMS: only they get it, in the message centre and the outbox; counts sent and read', async () => {
    const res = await send({
      title: '专利导航项目申报提醒',
      body: '请于本月底前提交申报材料。',
      link: '/UserConsulting',
      target: 'companies',
      company_ids: [b.companyId],
      sms: true,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data).toMatchObject({ companies: 1, sent: 1, read: 0, sms: true, sms_sent: 1, target_text: '1 家指定企业' });
    const got = await inbox(b.token);
    expect(got[0]).toMatchObject({ title: '专利导航项目申报提醒', kind: 'push' });
    expect((await inbox(c.token)).some((m) => m.title === '专利导航项目申报提醒')).toBe(false);
    expect((await inbox(token)).some((m) => m.title === '专利导航项目申报提醒')).toBe(false);
    expect((await t.sms.last('13911110000'))?.content).toContain('专利导航项目申报提醒');
    expect(await t.sms.last('13911110001')).toBeUndefined();
    // The company reads it: the list counts it as read.
    await call(t.app, 'POST', '/v1/frontend/message/detail', { token: b.token, body: { id: got[0].id } });
    const list = await call(t.app, 'GET', '/v1/compnay/push', { token: adminToken });
    expect(list.body.data.list[0]).toMatchObject({ title: '专利导航项目申报提醒', sent: 1, read: 1 });
  });

  it('sends by street, by label, by industry and to all companies', async () => {
    const street = await send({ title: '街道通知', body: '内容', target: 'street', street_id: streetId });
    expect(street.body.data).toMatchObject({ companies: 1, target_text: '街道：测试街道', sms_sent: 0 });
    expect((await inbox(b.token)).some((m) => m.title === '街道通知')).toBe(true);
    const label = await send({ title: '标签通知', body: '内容', target: 'label', label_id: labelId });
    expect(label.body.data).toMatchObject({ companies: 1, target_text: '标签：高新技术企业' });
    expect((await inbox(c.token)).some((m) => m.title === '标签通知')).toBe(true);
    expect((await inbox(b.token)).some((m) => m.title === '标签通知')).toBe(false);
    const ind = await send({ title: '行业通知', body: '内容', target: 'industry', industry: '测试专用行业甲' });
    expect(ind.body.data.companies).toBe(1);
    const all = await send({ title: '全体通知', body: '内容', target: 'all' });
    expect(all.body.data.companies).toBeGreaterThanOrEqual(3);
    for (const tok of [token, b.token, c.token]) expect((await inbox(tok)).some((m) => m.title === '全体通知')).toBe(true);
    const page = await call(t.app, 'GET', '/v1/compnay/push', { token: adminToken, query: { page: 1, page_size: 2 } });
    expect(page.body.data).toMatchObject({ total: 5, page_size: 2 });
    expect(page.body.data.list.map((r: { title: string }) => r.title)).toEqual(['全体通知', '行业通知']);
    const targets = await call(t.app, 'POST', '/v1/compnay/push/targets', { token: adminToken, body: { keyword: '丙方' } });
    expect(targets.body.data.companies).toEqual([{ id: c.companyId, name: '丙方测试有限公司' }]);
    expect(targets.body.data.industries).toContain('测试专用行业甲');
    expect(targets.body.data.labels).toEqual([{ id: labelId, name: '高新技术企业' }]);
    expect(demoCompany).toBeGreaterThan(0);
  });

  it('refuses wrong roles and bad input, sending nothing', async () => {
    const before = Number(
      (
        await t.db.db
          .selectFrom('pushes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (const tok of [token, await loginAs(t.app, 'main')]) {
      expect((await send({ title: 'x', body: 'x', target: 'all' }, tok)).status).toBe(403);
      expect((await call(t.app, 'GET', '/v1/compnay/push', { token: tok })).body.msg).toBe('仅管理员可推送消息');
    }
    const cases: [unknown, string][] = [
      [{ title: '', body: '内容', target: 'all' }, '请填写标题'],
      [{ title: '标题', body: '  ', target: 'all' }, '请填写内容'],
      [{ title: '标题', body: '内容', target: 'x' }, '请选择推送对象'],
      [{ title: '标题', body: '内容', target: 'street' }, '请选择街道'],
      [{ title: '标题', body: '内容', target: 'companies', company_ids: [] }, '请选择企业'],
      [{ title: '标题', body: '内容', target: 'companies', company_ids: [999999] }, '所选企业不存在，请重新选择'],
      [{ title: '标题', body: '内容', target: 'street', street_id: 999999 }, '街道不存在'],
      [{ title: '标题', body: '内容', target: 'industry', industry: '不存在的行业' }, '没有符合条件的企业，未发送'],
      [{ title: '标题', body: '内容', target: 'all', link: 'javascript:alert(1)' }, '链接须为站内页面路径，如 /policy'],
    ];
    for (const [body, msg] of cases) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const after = Number(
      (
        await t.db.db
          .selectFrom('pushes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before);
  });
});
