import { describe, expect, it } from 'vitest';
import {
  collectConsoleErrors,
  horizontalOverflow,
  loginAs,
  newPage,
  openAs,
  waitForTitle,
  type AccountKind,
  type Page,
} from './harness';

// Spec §2 (layout) and §9 (mobile): the sidebar, the top bar's search and buttons, the /work company search,
// and that no page is wider than the window.

const sidebar = (page: Page) => page.getByRole('complementary', { name: '侧边菜单' });
const topBar = (page: Page) => page.getByRole('banner');
const hamburger = (page: Page) => page.getByRole('button', { name: '展开/收起菜单' });
const sidebarWidth = async (page: Page) => (await sidebar(page).boundingBox())?.width ?? 0;
/**
 * Console errors without failed resource loads: the top-bar tests are about where the search goes; what the results
 * pages fetch there (and whether those calls succeed) is the search feature's own business.
 */
const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));
const cookie = async (page: Page, name: string) => (await page.context().cookies()).find((c) => c.name === name)?.value;

/** A fresh page logged in as `kind` at its landing page, with its console errors collected. */
async function loggedIn(kind: AccountKind, viewport: { width: number; height: number } = { width: 1366, height: 768 }) {
  const { page, errors } = await openAs(kind, viewport);
  await hamburger(page).waitFor();
  return { page, errors };
}

describe('sidebar (spec §2, §9)', () => {
  it('collapses with the hamburger and stays collapsed after a reload', async () => {
    const { page, errors } = await loggedIn('company');
    expect(await hamburger(page).getAttribute('aria-expanded')).toBe('true');
    expect(await sidebarWidth(page)).toBe(260);
    expect(await sidebar(page).getByText('消息中心').isVisible()).toBe(true);

    await hamburger(page).click();
    await expect.poll(() => hamburger(page).getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('false');
    await expect.poll(() => sidebarWidth(page), { timeout: 10_000 }).toBe(64);
    expect(await cookie(page, 'sidebarStatus')).toBe('0');

    await page.reload();
    await hamburger(page).waitFor();
    expect(await hamburger(page).getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => sidebarWidth(page), { timeout: 10_000 }).toBe(64);

    await hamburger(page).click();
    await expect.poll(() => sidebarWidth(page), { timeout: 10_000 }).toBe(260);
    expect(await cookie(page, 'sidebarStatus')).toBe('1');
    expect(errors).toEqual([]);
  });

  it('at 375 px starts closed, opens over the page and closes after choosing an entry', async () => {
    const { page, errors } = await loggedIn('company', { width: 375, height: 800 });
    expect(await hamburger(page).getAttribute('aria-expanded')).toBe('false');
    expect(await sidebarWidth(page)).toBe(0);

    await hamburger(page).click();
    await sidebar(page).getByRole('menuitem', { name: '消息中心' }).click();
    await page.waitForURL('**/center');
    await expect.poll(() => sidebarWidth(page), { timeout: 10_000 }).toBe(0);
    expect(await page.getByRole('button', { name: '关闭菜单' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it.each([
    ['at 375 px', { width: 375, height: 800 }],
    ['collapsed at 1366 px', { width: 1366, height: 768 }],
  ])('%s, no submenu of the closed sidebar covers /work', async (_label, viewport) => {
    const { page, errors } = await loggedIn('main', viewport);
    if (viewport.width > 992) {
      await hamburger(page).click();
      await expect.poll(() => sidebarWidth(page), { timeout: 10_000 }).toBe(64);
      await page.reload();
      await hamburger(page).waitFor();
    }
    await page.getByText('今日待走访').first().waitFor();
    await page.waitForLoadState('networkidle');
    // The 工作台 group stays closed in the closed sidebar: no popup of its entries floats over the page.
    expect(await sidebar(page).getByRole('menuitem', { expanded: true }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: '企业排名' }).filter({ visible: true }).count()).toBe(0);
    // Opened again, the sidebar shows the current group open.
    await hamburger(page).click();
    await sidebar(page).getByRole('menuitem', { name: '企业排名' }).waitFor();
    expect(await sidebar(page).getByRole('menuitem', { name: '工作台', expanded: true }).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe('no horizontal overflow (spec §9)', () => {
  // The logged-in landing pages (/home, /work, /user) are checked at both widths, for every kind of account,
  // by screenshots.e2e.ts; here the pages open to everyone, and /userCenter, the widest form of the walking skeleton.
  it.each([375, 1366])('at %i px on /web/index, /login and /userCenter', async (width) => {
    const page = await newPage({ fresh: true, width, height: 800 });
    const errors = collectConsoleErrors(page);
    const fits = async (path: string) => {
      await page.waitForURL((url) => url.pathname === path);
      await page.waitForLoadState('networkidle');
      expect((await horizontalOverflow(page)).scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(width);
    };
    await page.goto('/web/index');
    await page.getByRole('heading', { name: '知识产权管理与专利检索平台' }).waitFor();
    await fits('/web/index');
    await page.goto('/login');
    await page.getByRole('button', { name: '登录' }).waitFor();
    await fits('/login');

    await loginAs(page, 'trial');
    await page.waitForURL('**/home');
    await page.goto('/userCenter');
    await page.getByRole('button', { name: '提交认证' }).waitFor();
    await fits('/userCenter');
    expect(errors).toEqual([]);
  });
});

describe('top bar (spec §2)', () => {
  it('keyword search opens /docking?val=…, and on /docking only the query changes', async () => {
    const { page, errors } = await loggedIn('company');
    const keyword = topBar(page).getByRole('textbox', { name: '专利关键词' });
    await keyword.fill('锂电池 正极');
    await topBar(page).getByRole('button', { name: '搜索', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/docking');
    expect(new URL(page.url()).searchParams.get('val')).toBe('锂电池 正极');
    await waitForTitle(page, '专利检索');

    const historyBefore = await page.evaluate(() => history.length);
    await keyword.fill('电机');
    await keyword.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('val') === '电机');
    expect(new URL(page.url()).pathname).toBe('/docking');
    // Replaced, not pushed: 后退 does not walk through every query.
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);

    // An empty keyword only warns.
    await keyword.fill('');
    await topBar(page).getByRole('button', { name: '搜索', exact: true }).click();
    await page.getByText('请输入专利关键词').waitFor();
    expect(new URL(page.url()).searchParams.get('val')).toBe('电机');
    expect(realErrors(errors)).toEqual([]);
  });

  it('高级搜索 opens /AdvancedSearch?val=…', async () => {
    const { page, errors } = await loggedIn('company');
    await topBar(page).getByRole('textbox', { name: '专利关键词' }).fill('电池');
    await topBar(page).getByRole('button', { name: '高级搜索' }).click();
    await page.waitForURL((url) => url.pathname === '/AdvancedSearch');
    expect(new URL(page.url()).searchParams.get('val')).toBe('电池');
    await waitForTitle(page, '高级检索');
    expect(realErrors(errors)).toEqual([]);
  });

  it('the trial user’s red 去认证 button opens /userCenter', async () => {
    const { page, errors } = await loggedIn('trial');
    // /home shows the same button in its trial notice; this test is about the top bar's.
    const verify = topBar(page).getByRole('button', { name: '去认证' });
    await verify.waitFor();
    const [r, g, b] = (await verify.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)!.map(Number);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(120);
    expect(b).toBeLessThan(120);
    await verify.click();
    await page.waitForURL('**/userCenter');
    await page.getByText('企业认证').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('配置员工 is offered to main accounts only (com_id 0), 去认证 to nobody but trial users', async () => {
    const { page, errors } = await loggedIn('main');
    await page.getByRole('button', { name: '配置员工' }).click();
    await page.waitForURL('**/newsystem');
    expect(errors).toEqual([]);

    // The company's main user gets it too (its sub-accounts: sub-accounts.e2e.ts); an employee does not.
    for (const [kind, offered] of [
      ['staff', 0],
      ['company', 1],
    ] as const) {
      const other = await loggedIn(kind);
      await other.page.getByRole('button', { name: '退出登录' }).waitFor();
      expect(await other.page.getByRole('button', { name: '配置员工' }).count(), kind).toBe(offered);
      // Only trial users are asked to certify.
      expect(await other.page.getByRole('button', { name: '去认证' }).count(), kind).toBe(0);
      expect(other.errors).toEqual([]);
    }
  });
});

describe('company search on /work (spec §2, §5)', () => {
  it('warns on an empty name, lists matches after typing, and opens the chosen company', async () => {
    const { page, errors } = await loggedIn('main');
    const search = page.getByRole('navigation', { name: '面包屑' });
    await search.getByRole('button', { name: '搜索' }).click();
    await page.getByText('请输入公司名称', { exact: true }).filter({ visible: true }).last().waitFor();
    expect(new URL(page.url()).pathname).toBe('/work');

    await search.getByRole('combobox', { name: '公司名称' }).pressSequentially('示例');
    // The visible entries (rc-select's role="option" copies sit in a 0×0 list for screen readers).
    const listed = (name: string) =>
      page.locator('.ant-select-dropdown').getByText(name, { exact: true }).filter({ visible: true });
    const option = listed('示例科技有限公司');
    await option.waitFor();
    // Each waited for before it is counted: on a loaded machine the first entry was visible before the others (CI).
    for (const name of ['示例新材料股份有限公司', '示例医疗器械有限公司']) {
      await listed(name).first().waitFor();
      expect(await listed(name).count(), name).toBe(1);
    }
    expect(await listed('华芯半导体科技有限公司').count()).toBe(0);
    await option.click();
    await page.waitForURL((url) => url.pathname === '/workEnterprisevisit');
    const url = new URL(page.url());
    expect(Number(url.searchParams.get('company_id'))).toBeGreaterThan(0);
    expect(url.searchParams.get('company_name')).toBe('示例科技有限公司');
    await waitForTitle(page, '企业走访');
    expect(errors).toEqual([]);
  });
});
