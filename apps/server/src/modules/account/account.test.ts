import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, DEMO_PASSWORD, login, loginAs, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const chinese = /[\u4e00-\u9fff]/;

/** Asserts the failure envelope: status, code 0 and a Chinese message. */
function expectFailure(res: { status: number; body: { code: number; msg: string } }, status: number, msg?: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toMatch(chinese);
  if (msg) expect(res.body.msg).toMatch(msg);
}

describe('POST /v1/user/login', () => {
  it('logs in with a trimmed mobile and returns a 64-hex token', async () => {
    const res = await call(t.app, 'POST', '/v1/user/login', {
      body: { mobile: ' 13800000001 ', password: DEMO_PASSWORD, type: '0' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 1, msg: 'ok', data: { newtype: 1 } });
    expect(res.body.data.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores only the token hash', async () => {
    const token = await loginAs(t.app, 'company');
    const rows = await t.db.db.selectFrom('tokens').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it.each([
    [{}, 400, '请输入手机号'],
    [{ mobile: '13800000001' }, 400, '请输入密码'],
    [{ mobile: 13800000001, password: 'x' }, 400, '请输入手机号'],
    [{ mobile: '1380000', password: 'x' }, 400, '11 位'],
    [{ mobile: '13800000001', password: 12345678 }, 400, '请输入密码'],
  ])('rejects %j', async (body, status, msg) => {
    const res = await call(t.app, 'POST', '/v1/user/login', { body });
    expectFailure(res, status, msg);
    expect(res.body.fields?.length).toBeGreaterThan(0);
  });

  it('rejects a wrong password and an unknown mobile with the same message', async () => {
    const a = await call(t.app, 'POST', '/v1/user/login', { body: { mobile: DEMO.company, password: 'Wrong1234' } });
    const b = await call(t.app, 'POST', '/v1/user/login', { body: { mobile: '13900000000', password: 'Wrong1234' } });
    expectFailure(a, 400, '手机号或密码错误');
    expect(b.body.msg).toBe(a.body.msg);
  });

  it('answers 429 after 5 failures in 15 minutes, even with the right password, and lets go after the window', async () => {
    for (let i = 0; i < 5; i++) {
      await call(t.app, 'POST', '/v1/user/login', { body: { mobile: DEMO.company, password: 'Wrong1234' } });
    }
    const locked = await call(t.app, 'POST', '/v1/user/login', { body: { mobile: DEMO.company, password: DEMO_PASSWORD } });
    expectFailure(locked, 429, '15 分钟');
    // Another mobile is not affected.
    await expect(loginAs(t.app, 'trial')).resolves.toMatch(/^[0-9a-f]{64}$/);
    t.advance(15 * 60 * 1000 + 1000);
    await expect(loginAs(t.app, 'company')).resolves.toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a disabled user', async () => {
    await t.db.db.updateTable('users').set({ status: 0 }).where('mobile', '=', DEMO.company).execute();
    const res = await call(t.app, 'POST', '/v1/user/login', { body: { mobile: DEMO.company, password: DEMO_PASSWORD } });
    expectFailure(res, 403, '停用');
  });

  it('answers malformed JSON and huge bodies with Chinese errors', async () => {
    const bad = await call(t.app, 'POST', '/v1/user/login', {
      body: '{"mobile":',
      headers: { 'content-type': 'application/json' },
    });
    expectFailure(bad, 400, 'JSON');
    const huge = await call(t.app, 'POST', '/v1/user/login', {
      body: JSON.stringify({ mobile: DEMO.company, password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expectFailure(huge, 413, '过大');
  });
});

describe('POST /v1/user/info', () => {
  it.each([
    ['admin', 'B', 0, '/user'],
    ['company', 'A', 0, '/home'],
    ['trial', 'A', 0, '/home'],
    ['main', 'C', 1, '/workCompany'],
    ['staff', 'D', 1, '/workCompany'],
  ] as const)('returns every session-user field for %s', async (kind, _set, isNews, menuPath) => {
    const token = await loginAs(t.app, kind);
    const res = await call(t.app, 'POST', '/v1/user/info', { token, body: {} });
    expect(res.status).toBe(200);
    const u = res.body.data;
    for (const field of [
      'token',
      'name',
      'avatar',
      'type',
      'is_admin',
      'is_admin_view',
      'is_news',
      'rid',
      'id',
      'com_id',
      'admin_name',
      'pid',
      'street_id',
      'street_name',
      'introduction',
      'roles',
      'newtype',
      'menu',
    ]) {
      expect(u, field).toHaveProperty(field);
    }
    expect(u.token).toBe(token);
    expect(u.is_news).toBe(isNews);
    expect(u.newtype).toBe(1);
    const flat = u.menu
      .flatMap((m: { path: string; children?: { path: string }[] }) => (m.children ? m.children : [m]))
      .map((m: { path: string }) => m.path);
    expect(flat).toContain(menuPath);
  });

  it('gives the employee com_id = the main account’s id', async () => {
    const main = await call(t.app, 'POST', '/v1/user/info', { token: await loginAs(t.app, 'main') });
    const staff = await call(t.app, 'POST', '/v1/user/info', { token: await loginAs(t.app, 'staff') });
    expect(main.body.data.com_id).toBe(0);
    expect(staff.body.data.com_id).toBe(main.body.data.id);
  });

  it('requires a valid token', async () => {
    expectFailure(await call(t.app, 'POST', '/v1/user/info'), 401, '请先登录');
    expectFailure(await call(t.app, 'POST', '/v1/user/info', { token: 'abc' }), 401, '重新登录');
    expectFailure(await call(t.app, 'POST', '/v1/user/info', { token: 'f'.repeat(64) }), 401, '重新登录');
  });

  it('accepts the token from the cookie too', async () => {
    const token = await loginAs(t.app, 'company');
    const res = await call(t.app, 'POST', '/v1/user/info', { headers: { cookie: `token=${token}` } });
    expect(res.body.data.mobile).toBe(DEMO.company);
  });

  it('expires a token after 7 idle days but not while it is used', async () => {
    const token = await loginAs(t.app, 'company');
    t.advance(6 * 24 * 3600 * 1000);
    expect((await call(t.app, 'POST', '/v1/user/info', { token })).status).toBe(200);
    t.advance(6 * 24 * 3600 * 1000);
    expect((await call(t.app, 'POST', '/v1/user/info', { token })).status).toBe(200);
    t.advance(7 * 24 * 3600 * 1000 + 1000);
    expectFailure(await call(t.app, 'POST', '/v1/user/info', { token }), 401, '过期');
    expect(await t.db.db.selectFrom('tokens').selectAll().execute()).toHaveLength(0);
  });

  it('ends the session of a user disabled meanwhile', async () => {
    const token = await loginAs(t.app, 'company');
    await t.db.db.updateTable('users').set({ status: 0 }).where('mobile', '=', DEMO.company).execute();
    expectFailure(await call(t.app, 'POST', '/v1/user/info', { token }), 403, '停用');
  });
});

describe('POST /v1/user/logout', () => {
  it('deletes the token', async () => {
    const token = await loginAs(t.app, 'company');
    expect((await call(t.app, 'POST', '/v1/user/logout', { token })).body.code).toBe(1);
    expectFailure(await call(t.app, 'POST', '/v1/user/info', { token }), 401);
  });
  it('needs a token', async () => {
    expectFailure(await call(t.app, 'POST', '/v1/user/logout'), 401);
  });
});

describe('SMS codes: POST /v1/user/send-code', () => {
  const mobile = '13912345678';

  it('sends a 6-digit code to the outbox, at most once per 60 s', async () => {
    const res = await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile, purpose: 'register' } });
    expect(res.body).toMatchObject({ code: 1, data: { cooldown: 60 } });
    expect(await t.sms.lastCode(mobile)).toMatch(/^\d{6}$/);
    const again = await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile, purpose: 'register' } });
    expectFailure(again, 429, '60 秒');
    t.advance(61 * 1000);
    expect((await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile, purpose: 'register' } })).body.code).toBe(1);
    expect(await t.sms.messages(mobile)).toHaveLength(2);
  });

  it('answers the same for registered and unregistered mobiles, whatever the purpose; only the phone learns which', async () => {
    for (const purpose of ['register', 'forget', 'binding', 'visitor'] as const) {
      const known = await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile: DEMO.company, purpose } });
      const unknown = await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile, purpose } });
      expect([known.status, known.body], purpose).toEqual([200, { code: 1, msg: 'ok', data: { cooldown: 60 } }]);
      expect([unknown.status, unknown.body], purpose).toEqual([known.status, known.body]);
      t.advance(61_000);
    }
    // register on a registered mobile: a notice instead of a code; forget/binding on an unknown one: nothing.
    const toCompany = await t.sms.messages(DEMO.company);
    expect(toCompany[0].content).toContain('该手机号已注册');
    expect(toCompany[0].content).not.toMatch(/\d{6}/);
    expect(toCompany.slice(1).map((m) => /验证码为 \d{6}/.test(m.content))).toEqual([true, true, true]);
    expect((await t.sms.messages(mobile)).map((m) => m.content)).toEqual([
      expect.stringContaining('注册验证码'),
      expect.stringContaining('访客登录验证码'),
    ]);
  });

  it('rejects a bad mobile or purpose', async () => {
    expectFailure(await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile: '123' } }), 400, '手机号');
    expectFailure(await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile, purpose: 'hack' } }), 400, '用途');
  });
});

describe('POST /v1/user/register', () => {
  const mobile = '13912345678';
  const body = (code: string) => ({ mobile, code, password: 'Secret123', name: '赵六', company_name: '新注册科技有限公司' });

  it('creates a trial user (type 1) who lands in set A', async () => {
    await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile, purpose: 'register' } });
    const res = await call(t.app, 'POST', '/v1/user/register', { body: body(await t.sms.lastCode(mobile)) });
    expect(res.body.code).toBe(1);
    const info = await call(t.app, 'POST', '/v1/user/info', { token: res.body.data.token });
    expect(info.body.data).toMatchObject({
      type: '1',
      is_admin: 0,
      is_news: 0,
      name: '赵六',
      company_name: '新注册科技有限公司',
    });
    await expect(login(t.app, mobile, 'Secret123')).resolves.toBeTruthy();
  });

  it('rejects a wrong code, counts tries and voids the code after 5 wrong ones', async () => {
    await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile, purpose: 'register' } });
    const code = await t.sms.lastCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await call(t.app, 'POST', '/v1/user/register', { body: body(wrong) });
    expectFailure(first, 400, '还可尝试 4 次');
    for (let i = 0; i < 4; i++) await call(t.app, 'POST', '/v1/user/register', { body: body(wrong) });
    expectFailure(await call(t.app, 'POST', '/v1/user/register', { body: body(code) }), 400, '先获取验证码');
    expect(await t.db.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst()).toBeUndefined();
  });

  it('rejects an expired code', async () => {
    await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile, purpose: 'register' } });
    const code = await t.sms.lastCode(mobile);
    t.advance(5 * 60 * 1000 + 1);
    expectFailure(await call(t.app, 'POST', '/v1/user/register', { body: body(code) }), 400, '过期');
  });

  it('rejects a code sent for another purpose, a weak password and missing fields', async () => {
    await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile, purpose: 'visitor' } });
    expectFailure(
      await call(t.app, 'POST', '/v1/user/register', { body: body(await t.sms.lastCode(mobile)) }),
      400,
      '先获取验证码',
    );
    expectFailure(
      await call(t.app, 'POST', '/v1/user/register', { body: { ...body('123456'), password: 'short' } }),
      400,
      '8 位',
    );
    const missing = await call(t.app, 'POST', '/v1/user/register', { body: { mobile } });
    expectFailure(missing, 400);
    expect(missing.body.fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['code', 'password', 'name', 'company_name']),
    );
  });

  it('refuses an already registered mobile without telling a caller who has no code from its SMS', async () => {
    await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile: DEMO.company, purpose: 'register' } });
    await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile, purpose: 'register' } });
    const registered = await call(t.app, 'POST', '/v1/user/register', { body: { ...body('123456'), mobile: DEMO.company } });
    const fresh = await call(t.app, 'POST', '/v1/user/register', { body: body('123456') });
    expectFailure(registered, 400, '验证码');
    // Unless the guess happens to be the (unsent) code, both answer alike.
    if (fresh.body.code === 0) expect(registered.body).toEqual(fresh.body);
    expect(await t.db.db.selectFrom('users').select('id').where('mobile', '=', DEMO.company).execute()).toHaveLength(1);
  });
});

describe('POST /v1/user/forget', () => {
  it('resets the password with a code and ends every session', async () => {
    const old = await loginAs(t.app, 'company');
    await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile: DEMO.company, purpose: 'forget' } });
    const code = await t.sms.lastCode(DEMO.company);
    const res = await call(t.app, 'POST', '/v1/user/forget', { body: { mobile: DEMO.company, code, password: 'NewPass123' } });
    expect(res.body.code).toBe(1);
    expectFailure(await call(t.app, 'POST', '/v1/user/info', { token: old }), 401);
    await expect(login(t.app, DEMO.company, 'NewPass123')).resolves.toBeTruthy();
    // The code is used up.
    expectFailure(
      await call(t.app, 'POST', '/v1/user/forget', { body: { mobile: DEMO.company, code, password: 'Other1234' } }),
      400,
    );
  });

  it('answers an unknown mobile exactly like a registered one with a wrong or absent code', async () => {
    const forget = (m: string) =>
      call(t.app, 'POST', '/v1/user/forget', { body: { mobile: m, code: '123456', password: 'NewPass123' } });
    // No code asked for.
    const known = await forget(DEMO.company);
    expectFailure(known, 400, '先获取验证码');
    // Status and body (the Date header may tick over a second between the two calls).
    const unknown = await forget('13911112222');
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    // A code asked for (the unknown mobile's is stored but never sent), then a wrong guess.
    for (const m of [DEMO.company, '13911112222']) {
      await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile: m, purpose: 'forget' } });
    }
    expect(await t.sms.messages('13911112222')).toHaveLength(0);
    const guess = (await t.sms.lastCode(DEMO.company)) === '123456' ? '654321' : '123456';
    const knownWrong = await call(t.app, 'POST', '/v1/user/forget', {
      body: { mobile: DEMO.company, code: guess, password: 'NewPass123' },
    });
    const unknownWrong = await call(t.app, 'POST', '/v1/user/forget', {
      body: { mobile: '13911112222', code: guess, password: 'NewPass123' },
    });
    expectFailure(knownWrong, 400, '还可尝试 4 次');
    expect({ status: unknownWrong.status, body: unknownWrong.body }).toEqual({
      status: knownWrong.status,
      body: knownWrong.body,
    });
    await expect(loginAs(t.app, 'company')).resolves.toBeTruthy();
  });
});

describe('POST /v1/user/change-password', () => {
  it('changes the password and deletes every token', async () => {
    const token = await loginAs(t.app, 'company');
    const res = await call(t.app, 'POST', '/v1/user/change-password', {
      token,
      body: { old_password: DEMO_PASSWORD, password: 'Changed123', password_confirm: 'Changed123' },
    });
    expect(res.body.code).toBe(1);
    expectFailure(await call(t.app, 'POST', '/v1/user/info', { token }), 401);
    await expect(login(t.app, DEMO.company, 'Changed123')).resolves.toBeTruthy();
  });

  it.each([
    [{ old_password: 'Wrong1234', password: 'Changed123', password_confirm: 'Changed123' }, '原密码不正确'],
    [{ old_password: DEMO_PASSWORD, password: 'Changed123', password_confirm: 'Changed124' }, '不一致'],
    [{ old_password: DEMO_PASSWORD, password: 'abc', password_confirm: 'abc' }, '8 位'],
    [{ old_password: DEMO_PASSWORD, password: DEMO_PASSWORD, password_confirm: DEMO_PASSWORD }, '相同'],
  ])('rejects %j', async (body, msg) => {
    const token = await loginAs(t.app, 'company');
    expectFailure(await call(t.app, 'POST', '/v1/user/change-password', { token, body }), 400, msg);
    await expect(loginAs(t.app, 'company')).resolves.toBeTruthy();
  });
});

describe('POST /v1/user/profile', () => {
  it('updates name and introduction', async () => {
    const token = await loginAs(t.app, 'company');
    expect(
      (await call(t.app, 'POST', '/v1/user/profile', { token, body: { name: '张总', introduction: '你好' } })).body.code,
    ).toBe(1);
    const info = await call(t.app, 'POST', '/v1/user/info', { token });
    expect(info.body.data).toMatchObject({ name: '张总', introduction: '你好' });
  });
  it('rejects an avatar that is not an uploaded file, and empty patches', async () => {
    const token = await loginAs(t.app, 'company');
    expectFailure(await call(t.app, 'POST', '/v1/user/profile', { token, body: { avatar: 'javascript:alert(1)' } }), 400, '头像');
    expectFailure(await call(t.app, 'POST', '/v1/user/profile', { token, body: {} }), 400);
    expectFailure(await call(t.app, 'POST', '/v1/user/profile', { token, body: { name: '' } }), 400, '姓名');
  });
});

describe('POST /v1/visitor/login', () => {
  const mobile = '13700001111';
  it('logs a visitor in with a code; the token works for visitor calls only', async () => {
    await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile, purpose: 'visitor' } });
    const res = await call(t.app, 'POST', '/v1/visitor/login', { body: { mobile, code: await t.sms.lastCode(mobile) } });
    expect(res.body.code).toBe(1);
    expect(res.body.data.kind).toBe('visitor');
    const token = res.body.data.token;
    expectFailure(await call(t.app, 'POST', '/v1/user/info', { token }), 403);
    expect((await call(t.app, 'POST', '/v1/user/logout', { token })).body.code).toBe(1);
  });
  it('rejects a wrong code and missing fields', async () => {
    expectFailure(await call(t.app, 'POST', '/v1/visitor/login', { body: { mobile, code: '123456' } }), 400, '验证码');
    expectFailure(await call(t.app, 'POST', '/v1/visitor/login', { body: { mobile } }), 400, '验证码');
  });
});

describe('verification applications', () => {
  const application = {
    company_name: '试用创新科技有限公司',
    credit_code: '91330100MA2XXXXX1Y',
    contact: '李试用',
    license: '',
  };

  /** Uploads a PDF licence as the caller (a private file) and returns its URL. */
  async function uploadLicence(token: string, purpose = 'licence'): Promise<string> {
    const boundary = '----lic';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nfile\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="执照.pdf"\r\nContent-Type: application/pdf\r\n\r\n` +
        `%PDF-1.4 licence\r\n--${boundary}--\r\n`,
    );
    const res = await call(t.app, 'POST', '/v1/common/file', {
      token,
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.body.code).toBe(1);
    return res.body.data.url;
  }

  it('lets a trial user apply once while pending and shows the status', async () => {
    const token = await loginAs(t.app, 'trial');
    expect((await call(t.app, 'POST', '/v1/verification/status', { token })).body.data.status).toBeNull();
    const license = await uploadLicence(token);
    expect(license).toMatch(/^\/v1\/common\/file\/\d+$/);
    const res = await call(t.app, 'POST', '/v1/verification', { token, body: { ...application, license } });
    expect(res.body).toMatchObject({ code: 1, data: { status: 0 } });
    expectFailure(await call(t.app, 'POST', '/v1/verification', { token, body: { ...application, license } }), 409, '等待');
    expect((await call(t.app, 'POST', '/v1/verification/status', { token })).body.data).toMatchObject({
      status: 0,
      company_name: application.company_name,
    });
  });

  it('takes only a private licence the caller uploaded', async () => {
    const token = await loginAs(t.app, 'trial');
    const others = await uploadLicence(await loginAs(t.app, 'company'));
    for (const license of ['/uploads/x.png', others, '/v1/common/file/999999', 'https://evil.example/x.pdf']) {
      expectFailure(
        await call(t.app, 'POST', '/v1/verification', { token, body: { ...application, license } }),
        400,
        '营业执照文件不正确',
      );
    }
    expect(await t.db.db.selectFrom('verifications').selectAll().execute()).toHaveLength(0);
  });

  it('refuses verified users and bad input', async () => {
    const license = await uploadLicence(await loginAs(t.app, 'company'));
    expectFailure(
      await call(t.app, 'POST', '/v1/verification', {
        token: await loginAs(t.app, 'company'),
        body: { ...application, license },
      }),
      403,
    );
    const token = await loginAs(t.app, 'trial');
    expectFailure(
      await call(t.app, 'POST', '/v1/verification', { token, body: { ...application, license, credit_code: 'x' } }),
      400,
      '信用代码',
    );
    expectFailure(await call(t.app, 'POST', '/v1/verification', { token, body: {} }), 400);
    expect(await t.db.db.selectFrom('verifications').selectAll().execute()).toHaveLength(0);
  });
});

describe('second authentication: POST /v1/user/auth', () => {
  it('returns a tokenIfon for the logged-in account that does not work as a session token', async () => {
    const token = await loginAs(t.app, 'company');
    const res = await call(t.app, 'POST', '/v1/user/auth', { token, body: { account: DEMO.company, password: DEMO_PASSWORD } });
    expect(res.body.data.tokenIfon).toMatch(/^[0-9a-f]{64}$/);
    expectFailure(await call(t.app, 'POST', '/v1/user/info', { token: res.body.data.tokenIfon }), 401);
  });
  it('refuses another account and a wrong password', async () => {
    const token = await loginAs(t.app, 'company');
    expectFailure(
      await call(t.app, 'POST', '/v1/user/auth', { token, body: { account: DEMO.trial, password: DEMO_PASSWORD } }),
      403,
    );
    expectFailure(
      await call(t.app, 'POST', '/v1/user/auth', { token, body: { account: DEMO.company, password: 'Wrong1234' } }),
      400,
    );
  });
});

describe('admin view: POST /v1/user/admin-view', () => {
  it('issues the user’s token with is_admin_view 1 and admin_name, and writes an audit row', async () => {
    const admin = await loginAs(t.app, 'admin');
    const company = await t.db.db.selectFrom('users').select('id').where('mobile', '=', DEMO.company).executeTakeFirstOrThrow();
    const res = await call(t.app, 'POST', '/v1/user/admin-view', { token: admin, body: { user_id: company.id } });
    expect(res.body.code).toBe(1);
    const info = await call(t.app, 'POST', '/v1/user/info', { token: res.body.data.token });
    expect(info.body.data).toMatchObject({ is_admin_view: 1, admin_name: '系统管理员', mobile: DEMO.company, is_admin: 0 });
    // Actions in admin view are audited with the administrator's id.
    await call(t.app, 'POST', '/v1/user/profile', { token: res.body.data.token, body: { introduction: '管理员代为修改' } });
    const audit = await t.db.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['enter_admin_view', 'POST /user/profile']);
    const adminRow = await t.db.db.selectFrom('users').select('id').where('mobile', '=', DEMO.admin).executeTakeFirstOrThrow();
    expect(audit.every((a) => a.admin_id === adminRow.id)).toBe(true);
    // The admin's own token still works (返回管理端 restores it).
    expect((await call(t.app, 'POST', '/v1/user/info', { token: admin })).body.data.is_admin).toBe(1);
    // The password cannot be changed from admin view.
    expectFailure(
      await call(t.app, 'POST', '/v1/user/change-password', {
        token: res.body.data.token,
        body: { old_password: DEMO_PASSWORD, password: 'Abcdefg123', password_confirm: 'Abcdefg123' },
      }),
      403,
    );
  });

  it('only admins may, and only into company users', async () => {
    const admin = await loginAs(t.app, 'admin');
    const ids = Object.fromEntries(
      (await t.db.db.selectFrom('users').select(['id', 'mobile']).execute()).map((u) => [u.mobile, u.id]),
    );
    expectFailure(
      await call(t.app, 'POST', '/v1/user/admin-view', {
        token: await loginAs(t.app, 'company'),
        body: { user_id: ids[DEMO.trial] },
      }),
      403,
    );
    expectFailure(
      await call(t.app, 'POST', '/v1/user/admin-view', { token: admin, body: { user_id: ids[DEMO.main] } }),
      400,
      '企业用户',
    );
    expectFailure(await call(t.app, 'POST', '/v1/user/admin-view', { token: admin, body: { user_id: 99999 } }), 404);
    expectFailure(await call(t.app, 'POST', '/v1/user/admin-view', { token: admin, body: { user_id: 'abc' } }), 400);
  });
});

describe('POST /v1/user/send-info', () => {
  it('lets an admin send an SMS notice', async () => {
    const res = await call(t.app, 'POST', '/v1/user/send-info', {
      token: await loginAs(t.app, 'admin'),
      body: { mobile: DEMO.company, content: '您的认证已通过' },
    });
    expect(res.body.code).toBe(1);
    expect((await t.sms.last(DEMO.company))!.content).toContain('您的认证已通过');
  });
  it('refuses non-admins and empty content', async () => {
    expectFailure(
      await call(t.app, 'POST', '/v1/user/send-info', {
        token: await loginAs(t.app, 'company'),
        body: { mobile: DEMO.company, content: 'x' },
      }),
      403,
    );
    expectFailure(
      await call(t.app, 'POST', '/v1/user/send-info', {
        token: await loginAs(t.app, 'admin'),
        body: { mobile: DEMO.company, content: ' ' },
      }),
      400,
      '短信内容',
    );
  });
});
