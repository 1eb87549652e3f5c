import { describe, expect, it } from 'vitest';
import { animationsDone, axeViolations, horizontalOverflow, openAs, screenshot, waitForTitle } from './harness';

// The company's portfolio (issue 9, ADR 0020) in a real browser, as the demo company user: files a patent into a new
// category, marks one core, adds a search hit with 加入专利库 from /docking, opens /patentDetails and writes a 研判;
// axe-core finds no serious WCAG 2.1 A/AA problem on either page; screenshots at 1366 and 375 px.

// The page's own content (the shell's top bar and sidebar are not this page's), less antd's aria-hidden sizing row
// of a horizontally scrolling table (an internal of antd's Table, holding no content).
const OWN = { include: ['main'], exclude: ['.ant-table-measure-row'], seriousOnly: true };
const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

describe('/patent and /patentDetails (company user)', () => {
  it('files, marks core, adds from /docking, opens the company detail; accessible; 1366 and 375 px', async () => {
    const { page, errors } = await openAs('company');
    await page.goto('/patent');
    await waitForTitle(page, '专利管理');
    const tree = page.getByRole('tree', { name: '专利分类' });
    await tree.getByText(/^电池技术（\d+）$/).waitFor();
    const table = page.getByRole('table');
    await table.getByRole('link').first().waitFor();

    // A new category, by keyboard in its dialog.
    const name = `E2E分类${Date.now() % 100000}`;
    await page.getByRole('button', { name: /新建分类/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新建分类' });
    await dialog.getByLabel('分类名称').fill(name);
    await dialog.getByLabel('分类名称').press('Enter');
    await tree.getByText(`${name}（0）`).waitFor();

    // File the first patent of 全部 into it, then mark it core.
    const firstRow = table.locator('tbody tr.ant-table-row').first();
    const title = (await firstRow.getByRole('link').innerText()).trim();
    await firstRow.getByRole('checkbox').check();
    const bulk = page.getByRole('region', { name: '批量操作' });
    await bulk.getByLabel('移动到分类').click();
    await bulk.getByLabel('移动到分类').fill(name);
    await page.locator('.ant-select-tree').getByTitle(name, { exact: true }).click();
    await bulk.getByRole('button', { name: /移\s*动/ }).click();
    await tree.getByText(`${name}（1）`).waitFor();
    await tree.getByText(`${name}（1）`).click();
    await table.getByRole('link', { name: title }).waitFor();
    await table.locator('tbody tr.ant-table-row').first().getByRole('checkbox').check();
    await bulk.getByRole('button', { name: '标为核心' }).click();
    await table.getByRole('img', { name: '核心专利' }).first().waitFor();
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBe(1);

    expect(await axeViolations(page, OWN)).toEqual([]);
    await screenshot(page, 'portfolio-1366');

    // 加入专利库 from the search results.
    await page.goto('/docking?val=无人机');
    await page.getByRole('list', { name: '检索结果' }).waitFor();
    const add = page.getByRole('button', { name: /^加入专利库：/ }).first();
    const hitTitle = ((await add.getAttribute('aria-label')) ?? '').replace(/^加入专利库：/, '');
    await add.click();
    const save = page.getByRole('dialog').filter({ hasText: '加入专利库' });
    await save.waitFor();
    await animationsDone(page, '.ant-modal-root');
    await save.getByRole('button', { name: /加\s*入/ }).click();
    await page.getByText('已加入专利库').first().waitFor();
    const inLibrary = page.getByRole('link', { name: `已在专利库，查看：${hitTitle}` });
    await inLibrary.waitFor();

    // The company's view of that patent: in the portfolio, with a 研判 written here.
    await inLibrary.click();
    await page.waitForURL((url) => url.pathname === '/patentDetails');
    await waitForTitle(page, '专利详情');
    const panel = page.getByRole('region', { name: '本企业专利信息' });
    await panel.getByText('手动加入', { exact: false }).waitFor();
    await page.getByRole('tab', { name: /研判/ }).click();
    await page.getByLabel('新增研判').fill('E2E：与主营产品相关，建议维持。');
    await page.getByRole('button', { name: /保存研判/ }).click();
    await page.getByText('E2E：与主营产品相关，建议维持。').waitFor();
    expect(await axeViolations(page, OWN)).toEqual([]);
    await screenshot(page, 'patent-details-1366');

    // 375 px: the list scrolls inside its card, the page itself does not.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/patent');
    await table.getByRole('link').first().waitFor();
    const o = await horizontalOverflow(page);
    expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
    await screenshot(page, 'portfolio-375');
    expect(realErrors(errors)).toEqual([]);
  }, 120_000);
});
