import { describe, expect, it } from 'vitest';
import {
  api,
  axeViolations,
  demoToken,
  freshMobile,
  horizontalOverflow,
  openWithToken,
  screenshot,
  waitForTitle,
  type Page,
  chooseOption,
} from './harness';

// /honor (ADR 0041): the enterprise-service main account (13800000003) sees its office's demo honours, adds one
// for 示例科技有限公司 with a fresh name (deleted at the end, so no other file sees it), filters by level; axe-core
// (WCAG 2.1 A/AA), screenshots and no horizontal overflow at 1366 and 375 px. The enterprise page
// (/workEnterprisevisit) is not built yet, so the breadcrumb search part of the brief is not here.

const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

async function fits(page: Page, name: string) {
  await screenshot(page, `${name}-1366`);
  await page.setViewportSize({ width: 375, height: 800 });
  expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1366, height: 768 });
}

describe('/honor for the enterprise-service main account', () => {
  it('lists the demo honours, adds one through the form and filters (axe, 1366 and 375 px)', async () => {
    const name = `端到端荣誉${freshMobile().slice(-4)}`;
    const token = await demoToken('main');
    const { page, errors } = await openWithToken(token, '/honor');
    await waitForTitle(page, '企业荣誉');
    await page
      .getByRole('link', { name: /有限公司/ })
      .first()
      .waitFor({ timeout: 60_000 });
    expect(await axeViolations(page)).toEqual([]);
    await fits(page, 'honor-list');

    await page.getByRole('button', { name: /新增荣誉/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增荣誉' });
    await dialog.getByLabel('企业').fill('示例科技');
    await page.locator('.ant-select-item-option[title="示例科技有限公司"]').click();
    await dialog
      .locator('.ant-select-content[title="示例科技有限公司"], .ant-select-content-value[title="示例科技有限公司"]')
      .first()
      .waitFor();
    await dialog.getByLabel('荣誉名称').fill(name);
    await chooseOption(page, dialog.getByLabel('级别'), '区级');
    await dialog.getByLabel('颁发单位').fill('示例高新区管理委员会');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('已为「示例科技有限公司」新增荣誉').waitFor();
    // The closing dialog gives focus back to 新增荣誉 when its animation ends; on a loaded machine that came after the
    // search box's fill and took the Enter (CI, stop 34).
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('searchbox', { name: '搜索荣誉' }).fill(name);
    await page.getByRole('searchbox', { name: '搜索荣誉' }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('keyword') === name);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('示例科技有限公司').waitFor();
    await row.getByText('区级').waitFor();
    await fits(page, 'honor-added');

    // The server holds it; clean up.
    const listed = await api('GET', `/v1/company/honorlist?keyword=${encodeURIComponent(name)}`, { token });
    expect(listed.body.data.total).toBe(1);
    await api('POST', '/v1/company/honorDel', { token, body: { id: listed.body.data.list[0].id } });
    expect(realErrors(errors)).toEqual([]);
  }, 240_000);
});
