import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  axeViolations,
  baseURL,
  collectConsoleErrors,
  demoToken,
  horizontalOverflow,
  newPage,
  screenshot,
  waitForTitle,
} from './harness';

// Issue 13 (ADR 0047): /dataShow 统计概览 and /dataShow/newList 统计明细 as the administrator, on the fresh start's
// demo activity (seed/stats.ts): the charts drawn, a chart's 查看明细 opens its table, Excel export; axe-core
// (WCAG 2.1 AA) and no horizontal overflow at 1366 and 375 px. Read-only: no demo account's state changes.

/** Waits until the server answers quickly three times running (a fresh server imports patents in the background). */
async function serverSettled(): Promise<void> {
  const deadline = Date.now() + 90_000;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const t = Date.now();
    await fetch(`${baseURL()}/v1/ready-probe`).catch(() => undefined);
    quick = Date.now() - t < 500 ? quick + 1 : 0;
  }
}

/**
 * The administrator's page opened straight at /dataShow, as openWithToken does (the session cookie and the web's
 * logged-in note), but with a patient first load: on the shared, loaded machine the production bundle's first load
 * has taken longer than the harness's 15 s navigation timeout.
 */
async function openAdmin(): Promise<{ page: Page; errors: string[] }> {
  const token = await demoToken('admin');
  const origin = new URL(baseURL());
  const page = await newPage({ fresh: true });
  await page.context().addCookies([
    {
      name: 'token',
      value: token,
      domain: origin.hostname,
      path: '/',
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: 'Lax',
    },
  ]);
  await page.addInitScript(() => localStorage.setItem('sessionHint', '1'));
  const errors = collectConsoleErrors(page);
  await page.goto('/dataShow', { timeout: 120_000, waitUntil: 'domcontentloaded' });
  return { page, errors };
}

describe('/dataShow and /dataShow/newList', () => {
  it('the administrator sees the charts, opens the table behind one and exports it', { timeout: 240_000 }, async () => {
    await serverSettled();
    const { page, errors } = await openAdmin();
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
