import { describe, expect, it } from 'vitest';
import {
  api,
  axeViolations,
  collectConsoleErrors,
  fillLoginForm,
  freshMobile,
  horizontalOverflow,
  newPage,
  openAs,
  screenshot,
  waitForTitle,
  type Page,
} from './harness';

// A company's sub-accounts (ADR 0022): the main user (13800000001) opens 配置员工 → /system?tab=accounts, creates a
// sub-account with an initial password; the sub-account logs in (changing that password on /upPwd if the app asks
// for it), sees the portfolio menu but no 配置员工, and on /system neither the 子账号 tab nor the API lets it manage
// accounts. axe-core (WCAG 2.1 A/AA) checks /system for both; screenshots at 1366 and 375 px.

const INITIAL = 'Start2026a';
const CHANGED = 'Changed2026b';
const NAME = '端到端子账号';

/** Chrome logs a refused request (a 4xx answer) as a console error; those are expected where a call is refused. */
const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));
const topBar = (page: Page) => page.getByRole('banner');

async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'token');
  return cookie?.value ?? (await page.evaluate(() => sessionStorage.getItem('token') ?? ''));
}

// The two tests run in order: the second logs in as the sub-account the first created.
describe('sub-accounts of a company', () => {
  const mobile = freshMobile();

  it('the main user opens 配置员工 and creates a sub-account (axe, 1366 and 375 px)', async () => {
    const { page, errors } = await openAs('company');

    // 配置员工 in the top bar leads to the 子账号 tab, which lists the demo sub-accounts.
    await topBar(page).getByRole('button', { name: '配置员工' }).click();
    await page.waitForURL((url) => url.pathname === '/system' && url.searchParams.get('tab') === 'accounts');
    await waitForTitle(page, '系统管理');
    await page.getByRole('tab', { name: '子账号', selected: true }).waitFor();
    await page.getByRole('cell', { name: '13800000022' }).waitFor();

    await page.getByRole('button', { name: /新建子账号/ }).click();
    const dialog = page.getByRole('dialog', { name: '新建子账号' });
    await dialog.getByLabel('姓名').fill(NAME);
    await dialog.getByLabel('手机号').fill(mobile);
    await dialog.getByLabel('初始密码').fill(INITIAL);
    await dialog.getByLabel('确认密码').fill(INITIAL);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('子账号已创建，请将初始密码告知使用人').waitFor();
    const row = page.getByRole('row').filter({ hasText: mobile });
    await row.getByText('待改初始密码').waitFor();
    expect(await row.getByText('正常').isVisible()).toBe(true);

    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'sub-accounts-1366');
    await page.setViewportSize({ width: 375, height: 800 });
    await row.waitFor();
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);
    await screenshot(page, 'sub-accounts-375');
    expect(realErrors(errors)).toEqual([]);
  });

  it('the sub-account logs in, sees the portfolio, and neither the page nor the API lets it manage accounts', async () => {
    // In a browser of its own.
    const sub = await newPage({ fresh: true });
    const subErrors = collectConsoleErrors(sub);
    await sub.goto('/login');
    await fillLoginForm(sub, mobile, INITIAL);
    // add_visitor sets must_change_password: once the session user is loaded the app sends it to /upPwd first.
    await sub.waitForURL('**/upPwd', { timeout: 20_000 });
    const form = sub.locator('form').filter({ has: sub.getByLabel('原密码') });
    await form.getByLabel('原密码').fill(INITIAL);
    await form.getByLabel('新密码', { exact: true }).fill(CHANGED);
    await form.getByLabel('确认新密码').fill(CHANGED);
    await form.getByRole('button', { name: /确\s*认\s*修\s*改/ }).click();
    await sub.waitForURL('**/login');
    await fillLoginForm(sub, mobile, CHANGED);
    await sub.waitForURL('**/home');
    await topBar(sub).getByText(NAME, { exact: true }).waitFor();
    // The portfolio menu, without the not-for-admin-view entries (系统管理, 个人中心) and without 配置员工.
    const menu = sub.getByRole('complementary', { name: '侧边菜单' });
    await menu.getByRole('menuitem', { name: '知识产权' }).click();
    await menu.getByText('专利管理').waitFor();
    expect(await menu.getByText('系统管理').count()).toBe(0);
    expect(await topBar(sub).getByRole('button', { name: '配置员工' }).count()).toBe(0);

    await sub.goto('/system?tab=accounts');
    await sub.getByRole('tab', { name: '企业信息', selected: true }).waitFor();
    await sub.getByText('子账号只能查看企业信息，如需修改请联系企业主账号').waitFor();
    await sub.getByText('示例科技有限公司', { exact: true }).first().waitFor();
    expect(await sub.getByRole('tab', { name: '子账号' }).count()).toBe(0);
    expect(await sub.getByRole('button', { name: /新建子账号/ }).count()).toBe(0);
    expect(await axeViolations(sub)).toEqual([]);

    // The server refuses it too.
    const token = await tokenOf(sub);
    const refused = await api('POST', '/v1/frontend/visitor/index', { token, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 0, msg: '子账号不能进行该操作，请联系企业主账号' });
    expect(realErrors(subErrors)).toEqual([]);
  });
});
