import { describe, expect, it } from 'vitest';
import { openAs, waitForTitle, type Page } from './harness';

// Spec §2/§6 and ADR 0003: an administrator views the company side as one of its users (进入企业端) and comes
// back with 返回管理端.

const topBar = (page: Page) => page.getByRole('banner');
const sidebar = (page: Page) => page.getByRole('complementary', { name: '侧边菜单' });

describe('admin view (进入企业端 / 返回管理端)', () => {
  it('the admin enters the company side as 示例科技有限公司’s user and returns to /user', async () => {
    // The admin's own session of this file (the /login form is login.e2e.ts's business).
    const { page, errors } = await openAs('admin');
    await page.waitForURL('**/user');
    await waitForTitle(page, '用户管理');
    await topBar(page).getByText('系统管理员', { exact: true }).waitFor();

    // Find the company's user through the list's search.
    const search = page.getByRole('searchbox', { name: '搜索用户' });
    await search.fill('示例科技');
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('keyword') === '示例科技');
    // Only the matching user is left in the list.
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: '试用创新科技有限公司' }).count(), { timeout: 10_000 })
      .toBe(0);
    const row = page.getByRole('row').filter({ hasText: '13800000001' });
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.getByRole('cell', { name: '张经理', exact: true }).isVisible()).toBe(true);

    await row.getByRole('button', { name: '以 张经理 身份进入企业端' }).click();
    await page.waitForURL('**/home');
    await waitForTitle(page, '首页');
    // The admin's name comes before the user's, with the way back beside it.
    await topBar(page).getByText('系统管理员 张经理', { exact: true }).waitFor();
    expect(await topBar(page).getByRole('button', { name: '返回管理端' }).isVisible()).toBe(true);
    expect(await topBar(page).getByRole('button', { name: '个人中心' }).count()).toBe(0);
    expect(await topBar(page).getByRole('button', { name: '修改密码' }).count()).toBe(0);
    // Company menu without the entries not meant for admin view.
    expect(await sidebar(page).getByRole('menuitem', { name: '消息中心' }).isVisible()).toBe(true);
    expect(await sidebar(page).getByRole('menuitem', { name: '个人中心' }).count()).toBe(0);
    expect(await sidebar(page).getByRole('menuitem', { name: '系统管理' }).count()).toBe(0);

    // A reload keeps the admin view.
    await page.reload();
    await topBar(page).getByText('系统管理员 张经理', { exact: true }).waitFor();

    await topBar(page).getByRole('button', { name: '返回管理端' }).click();
    await page.waitForURL((url) => url.pathname === '/user');
    await waitForTitle(page, '用户管理');
    await topBar(page).getByText('系统管理员', { exact: true }).waitFor();
    expect(await topBar(page).getByRole('button', { name: '返回管理端' }).count()).toBe(0);
    expect(await sidebar(page).getByRole('menuitem', { name: '申请管理' }).isVisible()).toBe(true);
    await page.getByRole('cell', { name: '13800000001' }).waitFor();
    expect(errors).toEqual([]);
  });
});
