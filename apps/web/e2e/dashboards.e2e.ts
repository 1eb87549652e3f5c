import { describe, expect, it } from 'vitest';
import { axeViolations, demoToken, horizontalOverflow, openPatiently, screenshot, serverSettled, waitForTitle } from './harness';

// Issue 13 (ADR 0047): /dataShow 统计概览 and /dataShow/newList 统计明细 as the administrator, on the fresh start's
// demo activity (seed/stats.ts): the charts drawn, a chart's 查看明细 opens its table, Excel export; axe-core
// (WCAG 2.1 AA) and no horizontal overflow at 1366 and 375 px. Read-only: no demo account's state changes.

describe('/dataShow and /dataShow/newList', () => {
  it('the administrator sees the charts, opens the table behind one and exports it', { timeout: 240_000 }, async () => {
    await serverSettled();
    const { page, errors } = await openPatiently(await demoToken('admin'), '/dataShow', { navigationTimeout: 120_000 });
    page.setDefaultTimeout(90_000);
    await waitForTitle(page, '统计概览');
    // The demo activity: logins, searches and top terms in the last 30 days, drawn as SVG charts.
    await page.locator('[role="img"][aria-label^="热门检索词："]').waitFor();
    await page.locator('[role="img"] svg').first().waitFor();
    expect(await page.locator('[role="img"][aria-label^="登录 "]').count()).toBe(1);
    expect(await axeViolations(page, { include: ['.ant-card'] })).toEqual([]);
    let o = await horizontalOverflow(page);
    expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
    await screenshot(page, 'data-show-1366');

    await page.getByRole('link', { name: '查看明细（热门检索词）' }).click();
    await page.waitForURL(/\/dataShow\/newList\?table=terms/);
    await waitForTitle(page, '统计明细');
    await page.getByRole('columnheader', { name: '检索次数' }).waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    expect(await axeViolations(page, { include: ['.ant-card'] })).toEqual([]);
    const exported = page.waitForResponse((r) => r.url().endsWith('/v1/stats/list/export'));
    await page.getByRole('button', { name: /导出 Excel/ }).click();
    const res = await exported;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('spreadsheetml');
    await screenshot(page, 'data-show-list-1366');

    await page.getByRole('tab', { name: '登录记录' }).click();
    await page.waitForURL(/table=logins/);
    await page.getByRole('columnheader', { name: '登录时间' }).waitFor();
    await page.locator('.ant-table-row').first().waitFor();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload({ timeout: 120_000, waitUntil: 'domcontentloaded' });
    await page.getByRole('columnheader', { name: '登录时间' }).waitFor();
    o = await horizontalOverflow(page);
    expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
    await screenshot(page, 'data-show-list-375');
    await page.goto('/dataShow', { timeout: 120_000, waitUntil: 'domcontentloaded' });
    await page.locator('[role="img"][aria-label^="热门检索词："]').waitFor();
    o = await horizontalOverflow(page);
    expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
    await screenshot(page, 'data-show-375');
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});

// Issue 13 (ADR 0052): the enterprise-service main account's /newhome, /visualization/Visit and /datapage on the
// demo office (seed/visits-demo.ts, demands-demo.ts). Read-only.
describe('/newhome, /visualization/Visit and /datapage', () => {
  it(
    'the main account sees its figures, filters every panel by clicking a street, exports a table',
    { timeout: 600_000 },
    async () => {
      await serverSettled();
      const { page, errors } = await openPatiently(await demoToken('main'), '/newhome', { navigationTimeout: 120_000 });
      page.setDefaultTimeout(90_000);
      await waitForTitle(page, '首页');
      await page.locator('a[aria-label^="服务企业 "]').waitFor();
      expect(await page.locator('a[aria-label$="，查看列表"]').count()).toBe(6);
      expect(await axeViolations(page, { include: ['.svc-dash'] })).toEqual([]);
      let o = await horizontalOverflow(page);
      expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
      await screenshot(page, 'newhome-1366');

      const streetsAnswer = page.waitForResponse((r) => r.url().includes('/v1/street/center'));
      await page.goto('/visualization/Visit', { timeout: 120_000, waitUntil: 'domcontentloaded' });
      await waitForTitle(page, '走访可视化');
      const streets = (await (await streetsAnswer).json()).data.list as {
        street_id: number;
        street_name: string;
        visits: number;
      }[];
      expect(streets.length).toBeGreaterThan(1);
      const chart = page.locator('[role="img"][aria-label^="按街道统计："]');
      await chart.locator('svg').waitFor();
      await page.locator('[role="img"][aria-label^="按月趋势："] svg').waitFor();
      const figures = page.getByTestId('visit-figures');
      const before = await figures.innerText();
      expect(await axeViolations(page, { include: ['.svc-dash'] })).toEqual([]);
      o = await horizontalOverflow(page);
      expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
      await screenshot(page, 'visit-visual-1366');

      // The first street has the most visits (the list is sorted so): click low inside its first bar.
      const box = (await chart.boundingBox())!;
      const category = (box.width - 40 - 16) / streets.length;
      const centerAnswer = page.waitForResponse((r) => r.url().includes('/v1/visit/center') && r.url().includes('street_id='));
      await page.mouse.click(box.x + 40 + category * 0.23, box.y + box.height - 56 - 4);
      await page.waitForURL(new RegExp(`street_id=${streets[0].street_id}`));
      await centerAnswer;
      await page.getByText(`按月趋势（${streets[0].street_name}）`).waitFor();
      await expect.poll(() => figures.innerText(), { timeout: 60_000 }).not.toBe(before);
      await screenshot(page, 'visit-visual-street-1366');

      await page.getByRole('link', { name: '数据明细' }).click();
      await page.waitForURL(/\/datapage\?.*street_id=/);
      await page.getByRole('columnheader', { name: '按时办理率' }).waitFor();
      await page.locator('.ant-table-row').first().waitFor();
      await page.mouse.move(1, 1); // not hovering the button that took the clicked link's place (hover colour)
      expect(await axeViolations(page, { include: ['.svc-dash'] })).toEqual([]);
      const exported = page.waitForResponse((r) => r.url().includes('/v1/visit/dataExport'));
      await page.getByRole('button', { name: '导出 Excel' }).click();
      const res = await exported;
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('spreadsheetml');
      await page.getByRole('tab', { name: '企业走访明细' }).click();
      await page.waitForURL(/table=companies/);
      await page.getByRole('columnheader', { name: '最近走访' }).waitFor();
      await screenshot(page, 'datapage-1366');

      await page.setViewportSize({ width: 375, height: 800 });
      for (const [path, ready, name] of [
        ['/newhome', 'a[aria-label^="服务企业 "]', 'newhome-375'],
        ['/visualization/Visit', '[role="img"][aria-label^="按街道统计："] svg', 'visit-visual-375'],
        ['/datapage?table=staff', '.ant-table', 'datapage-375'],
      ] as const) {
        await page.goto(path, { timeout: 120_000, waitUntil: 'domcontentloaded' });
        await page.locator(ready).first().waitFor();
        o = await horizontalOverflow(page);
        expect(o.scrollWidth, path).toBeLessThanOrEqual(o.viewport);
        await screenshot(page, name);
      }
      expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    },
  );
});
