import { describe, expect, it } from 'vitest';
import {
  DEMO,
  DEMO_PASSWORD,
  LANDING,
  collectConsoleErrors,
  fillLoginForm,
  freshMobile,
  latestSmsCode,
  loginAs,
  newPage,
  waitForTitle,
  type AccountKind,
  type Page,
} from './harness';

// Spec §4: the login form, where each account lands, the guard for logged-out visitors and unknown paths,
// 记住我, 退出登录, and the visitor login of the /web/small pages.

/**
 * For each demo account: its landing page's title, a sidebar entry only its route set has, and one of another set it
 * must not see.
 */
const LANDS: Record<AccountKind, { title: string; entry: string; notEntry: string }> = {
  admin: { title: '用户管理', entry: '申请管理', notEntry: '消息中心' },
  company: { title: '首页', entry: '消息中心', notEntry: '用户管理' },
  trial: { title: '首页', entry: '消息中心', notEntry: '申请管理' },
  main: { title: '工作台', entry: '数据大屏', notEntry: '申请管理' },
  staff: { title: '工作台', entry: '企业排名', notEntry: '数据大屏' },
};

const sidebar = (page: Page) => page.getByRole('complementary', { name: '侧边菜单' });
/** Chrome logs a failed request (a 4xx answer) as a console error; those are expected where a call is refused. */
const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

describe('login through the form (spec §4)', () => {
  it.each(Object.keys(DEMO) as AccountKind[])('%s lands on its set’s home with its sidebar', async (kind) => {
    const page = await newPage({ fresh: true });
    const errors = collectConsoleErrors(page);
    await loginAs(page, kind);
    await page.waitForURL((url) => url.pathname === LANDING[kind]);
    await waitForTitle(page, LANDS[kind].title);
    await sidebar(page).getByRole('menuitem', { name: LANDS[kind].entry }).waitFor();
    expect(await sidebar(page).getByRole('menuitem', { name: LANDS[kind].entry }).isVisible()).toBe(true);
    expect(await sidebar(page).getByRole('menuitem', { name: LANDS[kind].notEntry }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('a wrong password shows the Chinese error and stays on /login', async () => {
    const page = await newPage({ fresh: true });
    const errors = collectConsoleErrors(page);
    await page.goto('/login');
    await fillLoginForm(page, DEMO.company, 'Wrong@2026x');
    await page.getByText('手机号或密码错误').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // The password box is emptied for the next try; the mobile stays.
    expect(await page.getByLabel('密码', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('手机号').inputValue()).toBe(DEMO.company);
    expect(realErrors(errors)).toEqual([]);
  });

  it('记住我 keeps the mobile (never the password) after logout', async () => {
    const page = await newPage({ fresh: true });
    await page.goto('/login');
    const remember = page.getByRole('checkbox', { name: '记住我' });
    expect(await remember.isChecked()).toBe(false);
    await remember.check();
    await fillLoginForm(page, DEMO.company, DEMO_PASSWORD);
    await page.waitForURL('**/home');

    // Logout clears the session (the guard may move to /web/index at once) and then loads /web/index afresh: wait
    // for that load, or the next goto races it ("interrupted by another navigation").
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: '退出登录' }).click();
    await reloaded;
    await page.waitForURL('**/web/index');
    await page.goto('/login');
    await expect.poll(() => page.getByLabel('手机号').inputValue(), { timeout: 10_000 }).toBe(DEMO.company);
    expect(await page.getByRole('checkbox', { name: '记住我' }).isChecked()).toBe(true);
    expect(await page.getByLabel('密码', { exact: true }).inputValue()).toBe('');

    const stored = await page.evaluate(() => {
      const all: string[] = [document.cookie];
      for (const s of [localStorage, sessionStorage]) {
        for (let i = 0; i < s.length; i++) all.push(`${s.key(i)}=${s.getItem(s.key(i)!)}`);
      }
      return all.join('\n');
    });
    expect(stored).toContain(DEMO.company);
    expect(stored).not.toContain(DEMO_PASSWORD);

    // Unticking forgets the mobile at the next login.
    await page.getByRole('checkbox', { name: '记住我' }).uncheck();
    await fillLoginForm(page, DEMO.company, DEMO_PASSWORD);
    await page.waitForURL('**/home');
    expect(await page.evaluate(() => localStorage.getItem('rememberMobile'))).toBeNull();
  });
});

describe('the guard (spec §4)', () => {
  it.each(['/home', '/work', '/user', '/userCenter'])('logged out, %s goes to /web/index', async (path) => {
    const page = await newPage({ fresh: true });
    const errors = collectConsoleErrors(page);
    await page.goto(path);
    await page.waitForURL('**/web/index');
    await page.getByRole('heading', { name: '知识产权管理与专利检索平台' }).waitFor();
    await waitForTitle(page, '首页');
    expect(errors).toEqual([]);
  });

  it('logged in, an unknown path and another set’s page show /404', async () => {
    const page = await newPage({ fresh: true });
    const errors = collectConsoleErrors(page);
    await loginAs(page, 'company');
    await page.waitForURL('**/home');
    for (const path of ['/no/such/page', '/user']) {
      await page.goto(path);
      await page.waitForURL('**/404');
      await page.getByText('抱歉，您访问的页面不存在').waitFor();
      await waitForTitle(page, '页面不存在');
      // Still inside the app frame, with a way back.
      expect(await sidebar(page).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: '返回工作台' }).isVisible()).toBe(true);
    }
    await page.getByRole('button', { name: '返回工作台' }).click();
    await page.waitForURL('**/home');
    expect(errors).toEqual([]);
  });

  it('logged out, /404 shows the not-found page; an unknown path goes to /web/index', async () => {
    const page = await newPage({ fresh: true });
    const errors = collectConsoleErrors(page);
    await page.goto('/404');
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL('**/web/index');
    // The guard (contract guard(), spec §4) sends every path it does not know as open to the landing page.
    await page.goto('/no/such/page');
    await page.waitForURL('**/web/index');
    expect(errors).toEqual([]);
  });

  it('退出登录 returns to /web/index, and internal pages then redirect', async () => {
    const page = await newPage({ fresh: true });
    const errors = collectConsoleErrors(page);
    await loginAs(page, 'company');
    await page.waitForURL('**/home');
    // The full page load that ends a logout (see 记住我 above), before the gotos below.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: '退出登录' }).click();
    await reloaded;
    await page.waitForURL('**/web/index');
    await page.getByRole('heading', { name: '知识产权管理与专利检索平台' }).waitFor();
    // The public header offers 登录 again, not 工作台.
    expect(await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '登录' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    for (const path of ['/home', '/userCenter']) {
      await page.goto(path);
      await page.waitForURL('**/web/index');
    }
    // A call the home page still had in flight when the session ended is answered 401, which Chromium logs as a failed
    // load (seen once on a loaded machine); any other error still fails the test.
    expect(errors.filter((e) => !/Failed to load resource: the server responded with a status of 401/.test(e))).toEqual([]);
  });
});

describe('the session cookie (spec §4, ADR 0013)', () => {
  it('is HttpOnly: scripts cannot read it, yet a new tab of the same browser is still logged in', async () => {
    const page = await newPage({ fresh: true });
    const errors = collectConsoleErrors(page);
    await loginAs(page, 'company');
    await page.waitForURL('**/home');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('token=');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBe(cookie!.value);

    const tab = await page.context().newPage();
    const tabErrors = collectConsoleErrors(tab);
    await tab.goto('/userCenter');
    await tab.waitForURL('**/userCenter');
    await tab.getByRole('banner').getByText('张经理', { exact: true }).waitFor();
    expect(await tab.evaluate(() => sessionStorage.getItem('token'))).toBe(cookie!.value);

    // Logging out in one tab ends the cookie: a third tab is logged out.
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL('**/web/index');
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
    const third = await page.context().newPage();
    await third.goto('/home');
    await third.waitForURL('**/web/index');
    expect([...errors, ...tabErrors]).toEqual([]);
  });
});

describe('visitor login (spec §4, /web/small)', () => {
  it('logs a visitor (no enterprise-service account) in with an SMS code and returns to the portal (ADR 0044; field-visits.e2e.ts logs staff in)', async () => {
    const page = await newPage({ fresh: true, width: 375, height: 800 });
    const errors = collectConsoleErrors(page);
    const mobile = freshMobile();
    await page.goto('/web/small/login');
    await waitForTitle(page, '访客登录');
    await page.getByRole('heading', { name: '访客登录' }).waitFor();
    await page.getByLabel('手机号').fill(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送，请注意查收').waitFor();
    // The countdown starts on the button.
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    const code = await latestSmsCode(mobile);
    await page.getByLabel('验证码').fill(code);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/web/index');
    // A visitor is no user: the guard must not treat the visitor token as a login.
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('visitorToken'))).toBeTruthy();
    expect(realErrors(errors)).toEqual([]);
  });

  it('a wrong SMS code is refused in Chinese and stays on the login page', async () => {
    const page = await newPage({ fresh: true });
    const errors = collectConsoleErrors(page);
    const mobile = freshMobile();
    await page.goto('/web/small/login');
    await page.getByLabel('手机号').fill(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await latestSmsCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('验证码').fill(wrong);
    await page.getByRole('button', { name: '登录' }).click();
    await page
      .getByText(/验证码错误，还可尝试 \d 次/)
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/web/small/login');
    expect(realErrors(errors)).toEqual([]);
  });
});
