import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { loadConfig } from '../../config';
import { seedDemoEnterpriseService } from '../../db/seed/enterprise-service';
import { HttpTianyancha, OfflineTianyancha, createTianyancha } from './tianyancha';

// 天眼查 (ADR 0041): the offline default, the HTTP adapter against a local fake of the open API, the four calls
// (scope, roles, bad input) and the production rule. SQLite, and PostgreSQL with TEST_DATABASE_URL.

let server: http.Server;
let base: string;
const received: { url: string; auth: string | undefined }[] = [];
let status = 200;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    received.push({ url: req.url!, auth: req.headers.authorization });
    const u = new URL(req.url!, 'http://x');
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== 'tok-1') return res.end(JSON.stringify({ error_code: 300003, reason: '令牌无效' }));
    if (u.pathname === '/services/open/ic/baseinfo/normal') {
      if (u.searchParams.get('keyword') !== '示例科技有限公司')
        return res.end(JSON.stringify({ error_code: 300000, reason: '无数据' }));
      return res.end(
        JSON.stringify({
          error_code: 0,
          reason: 'ok',
          result: {
            name: '示例科技有限公司',
            creditCode: '91330100MA2XXXXX1X',
            legalPersonName: '张三',
            regCapital: '1000万人民币',
            estiblishTime: Date.UTC(2015, 5, 30, 16, 0, 0),
            regStatus: '存续',
            companyOrgType: '有限责任公司',
            industry: '软件和信息技术服务业',
            regLocation: '杭州市滨江区示例路 1 号',
            businessScope: '软件开发',
            staffNumRange: '100-499人',
            phoneNumber: '0571-88888888',
          },
        }),
      );
    }
    if (u.pathname === '/services/open/search/2.0') {
      return res.end(
        JSON.stringify({
          error_code: 0,
          result: {
            total: 1,
            items: [
              {
                name: '<em>示例</em>科技有限公司',
                creditCode: 'C1',
                legalPersonName: '张三',
                regStatus: '存续',
                estiblishTime: '2015-07-01',
              },
            ],
          },
        }),
      );
    }
    res.end(JSON.stringify({ error_code: 300001, reason: '请求失败' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  received.length = 0;
  status = 200;
});

describe('HttpTianyancha against a local fake', () => {
  it('reads the detail with the token, maps the fields and dates, and answers null when there is no record', async () => {
    const c = new HttpTianyancha(`${base}/`, 'tok-1');
    const d = await c.detail('示例科技有限公司');
    expect(received[0].url).toBe(`/services/open/ic/baseinfo/normal?keyword=${encodeURIComponent('示例科技有限公司')}`);
    expect(received[0].auth).toBe('tok-1');
    expect(d).toMatchObject({ legal_person: '张三', reg_capital: '1000万人民币', established: '2015-07-01', source: 'http' });
    expect(await c.detail('没有这家公司')).toBeNull();
    const hits = await c.search('示例');
    expect(hits).toEqual([
      { name: '示例科技有限公司', credit_code: 'C1', legal_person: '张三', reg_status: '存续', established: '2015-07-01' },
    ]);
    expect(await c.check()).toBe(true);
  });

  it('turns a bad token, a failing service and an unreachable one into Chinese 502 errors', async () => {
    await expect(new HttpTianyancha(base, 'wrong').detail('示例科技有限公司')).rejects.toMatchObject({
      status: 502,
      message: '天眼查查询失败：令牌无效',
    });
    expect(await new HttpTianyancha(base, 'wrong').check()).toBe(false);
    status = 500;
    await expect(new HttpTianyancha(base, 'tok-1').search('示例')).rejects.toThrow('天眼查服务暂时不可用，请稍后再试');
    await expect(new HttpTianyancha('http://127.0.0.1:1', 'tok-1').detail('x')).rejects.toThrow('天眼查服务暂时不可用');
  });

  it('offline answers the same record for the same name, different ones for others', async () => {
    const o = new OfflineTianyancha();
    expect(await o.detail('甲科技有限公司')).toEqual(await o.detail('甲科技有限公司'));
    expect((await o.detail('甲科技有限公司')).legal_person).not.toBe('');
    expect((await o.detail('乙科技有限公司')).credit_code).not.toBe((await o.detail('甲科技有限公司')).credit_code);
    expect((await o.detail('甲', 'CODE')).credit_code).toBe('CODE');
  });
});

describe('configuration', () => {
  const prod = { NODE_ENV: 'production', DATA_DIR: '/tmp/ip-tyc-test', SMS_PROVIDER: 'outbox', WECHAT_PROVIDER: 'offline' };
  it('production must name the provider; http needs its URL; offline is the default elsewhere', () => {
    expect(() => loadConfig(prod)).toThrow(/生产环境必须配置天眼查.*TIANYANCHA_PROVIDER/);
    expect(() => loadConfig({ ...prod, TIANYANCHA_PROVIDER: 'http' })).toThrow('TIANYANCHA_HTTP_URL');
    const real = loadConfig({ ...prod, TIANYANCHA_PROVIDER: 'http', TIANYANCHA_HTTP_URL: base, TIANYANCHA_TOKEN: 't' });
    expect(createTianyancha(real)).toBeInstanceOf(HttpTianyancha);
    expect(createTianyancha(loadConfig({ ...prod, TIANYANCHA_PROVIDER: 'offline' }))).toBeInstanceOf(OfflineTianyancha);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: '/tmp/ip-tyc-test' }).tianyancha.provider).toBe('offline');
  });
});

describe('the calls', () => {
  let t: TestApp;
  let main: string;
  let staff: string;
  let company: string;
  let outsideStaff: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { TIANYANCHA_PROVIDER: 'http', TIANYANCHA_HTTP_URL: base, TIANYANCHA_TOKEN: 'tok-1' } });
    await seedDemoEnterpriseService(t.deps);
    [main, staff, company] = await Promise.all([loginAs(t.app, 'main'), loginAs(t.app, 'staff'), loginAs(t.app, 'company')]);
    const assigned = await t.db.db.selectFrom('staff_streets').select('street_id').execute();
    const c = await t.db.db
      .selectFrom('companies')
      .select('id')
      .where(
        'street_id',
        'not in',
        assigned.map((a) => Number(a.street_id)),
      )
      .where('id', 'not in', t.db.db.selectFrom('staff_companies').select('company_id'))
      .executeTakeFirstOrThrow();
    outsideStaff = Number(c.id);
  }, 120_000);
  afterAll(() => t.close());
  const get = (token: string, id: unknown) =>
    call(t.app, 'GET', `/v1/tianyancha/companydetail?company_id=${String(id)}`, { token });

  it('companydetail: the enterprise in scope through the HTTP adapter; 404 outside, unknown or without a record', async () => {
    const res = await get(main, 1);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data).toMatchObject({ name: '示例科技有限公司', legal_person: '张三', source: 'http' });
    expect((await get(staff, outsideStaff)).status).toBe(404);
    expect((await get(main, 999999)).status).toBe(404);
    const other = await t.db.db
      .selectFrom('companies')
      .select('id')
      .where('id', '<>', 1)
      .where('service_owner_id', '>', 0)
      .executeTakeFirstOrThrow();
    const none = await get(main, other.id);
    expect(none.status).toBe(404);
    expect(none.body.msg).toBe('天眼查没有该企业的登记信息');
    expect((await get(company, 1)).status).toBe(403);
    expect((await get(main, 'abc')).status).toBe(400);
  });

  it('currency and the phone variant search, marking the enterprise of the scope; login checks the connection', async () => {
    for (const url of ['/v1/tianyancha/currency', '/v1/tianyanchaphone/currency']) {
      const res = await call(t.app, 'POST', url, { token: main, body: { keyword: '示例' } });
      expect(res.body.data).toEqual([expect.objectContaining({ name: '示例科技有限公司', company_id: 1 })]);
      expect((await call(t.app, 'POST', url, { token: main, body: { keyword: '' } })).status).toBe(400);
      expect((await call(t.app, 'POST', url, { token: company, body: { keyword: '示例' } })).status).toBe(403);
    }
    const login = await call(t.app, 'POST', '/v1/tianyancha/login', { token: main });
    expect(login.body.data).toMatchObject({ provider: 'http', ok: true });
    expect((await call(t.app, 'POST', '/v1/tianyancha/login', { token: staff })).status).toBe(403);
    expect(received.every((r) => r.auth === 'tok-1')).toBe(true);
  });
});
