import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  api,
  axeViolations,
  backgroundJobsDone,
  demoToken,
  horizontalOverflow,
  openPatiently,
  screenshot,
  serverSettled,
} from './harness';

// Issue 13 (ADR 0051): /visualization and /visualization/Patent as the demo main account (13800000003) on the fresh
// start's demo district: the map drawn, a click on a street (the real mouse on the street's centre, which the map
// publishes in data-centers) filters the panels to that street's figures (compared with the API's), axe-core
// serious/critical none, no horizontal overflow at 1366 and 375 px, screenshots. Read-only.

/** Clicks a street on the map with the mouse; returns its name. */
async function clickStreet(page: Page, name: string): Promise<void> {
  const map = page.locator('[data-testid="district-map"][data-centers]');
  await map.waitFor();
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="district-map"]') as HTMLElement | null;
    return !!el?.dataset.centers && Object.keys(JSON.parse(el.dataset.centers) as object).length > 0;
  });
  const centers = JSON.parse((await map.getAttribute('data-centers')) ?? '{}') as Record<string, [number, number]>;
  const box = (await map.locator('[role="img"]').boundingBox())!;
  const [x, y] = centers[name];
  await page.mouse.click(box.x + x, box.y + y);
}

const figure = (page: Page, scope: string, key: string) =>
  page.locator(`${scope} [data-figure="${key}"] .viz-figure-value`).first();

// The figures are compared with the API's: the start-up import of the real records links patents to the district's
// enterprises while it runs, so a figure read before it ends can grow by the time the page shows it.
beforeAll(() => backgroundJobsDone(110_000), 120_000);

describe('/visualization and /visualization/Patent', () => {
  it('the main account clicks a street and every panel shows that street', { timeout: 300_000 }, async () => {
    await serverSettled();
    const token = await demoToken('main');
    const streets = (await api('GET', '/v1/region/getmap?measure=enterprises', { token })).body.data.streets as {
      street_id: number;
      name: string;
      value: number;
    }[];
    const target = streets.find((s) => s.value > 0)!;
    const six = (await api('GET', `/v1/region/getSixList?street_id=${target.street_id}`, { token })).body.data.list as {
      key: string;
      value: number;
    }[];
    const whole = (await api('GET', '/v1/region/getSixList', { token })).body.data.list as { key: string; value: number }[];
    const fmt = (n: number) => n.toLocaleString('zh-CN');

    const { page, errors } = await openPatiently(token, '/visualization', { navigationTimeout: 120_000, timeout: 90_000 });
    await page.getByRole('heading', { level: 1, name: /区域知识产权可视化大屏 · 全区/ }).waitFor();
    const six1 = figure(page, '[aria-label="关键指标"]', 'enterprises');
    await expect.poll(() => six1.textContent(), { timeout: 60_000 }).toBe(fmt(whole.find((f) => f.key === 'enterprises')!.value));
    await page.locator('[data-testid="district-map"] svg path').first().waitFor();
    await page.locator('[role="img"][aria-label^="街道排名："] svg').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
    await screenshot(page, 'visualization-1366');

    await clickStreet(page, target.name);
    await page.waitForFunction((id) => new URLSearchParams(location.search).get('street_id') === String(id), target.street_id);
    await page.getByRole('heading', { level: 1, name: new RegExp(target.name) }).waitFor();
    for (const key of ['enterprises', 'valid_patents', 'visits', 'red_demands']) {
      await expect
        .poll(() => figure(page, '[aria-label="关键指标"]', key).textContent(), { timeout: 60_000 })
        .toBe(fmt(six.find((f) => f.key === key)!.value));
    }
    await expect
      .poll(() => figure(page, '[data-testid="center-figures"]', 'enterprises').textContent(), { timeout: 60_000 })
      .toBe(fmt(target.value));
    expect(await page.locator('[data-testid="district-map"]').getAttribute('data-selected')).toBe(target.name);
    expect(await axeViolations(page, { seriousOnly: true, include: ['.viz-screen'] })).toEqual([]);
    await screenshot(page, 'visualization-street-1366');

    // 375 px: the panels stack, no horizontal overflow
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload({ timeout: 120_000, waitUntil: 'domcontentloaded' });
    await page.locator('[data-testid="district-map"] svg path').first().waitFor();
    const o = await horizontalOverflow(page);
    expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
    await screenshot(page, 'visualization-375');

    // /visualization/Patent: the same map filters the patent panels
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/visualization/Patent', { timeout: 120_000, waitUntil: 'domcontentloaded' });
    const heading = page.getByRole('heading', { level: 1, name: /专利可视化 · 全区（共 [\d,]+ 件）/ });
    await heading.waitFor();
    const stats = (await api('POST', '/v1/region/patent', { token, body: { street_id: target.street_id } })).body.data as {
      total: number;
    };
    await clickStreet(page, target.name);
    await page
      .getByRole('heading', { level: 1, name: `专利可视化 · ${target.name}（共 ${fmt(stats.total)} 件）` })
      .waitFor({ timeout: 60_000 });
    expect(await axeViolations(page, { seriousOnly: true, include: ['.viz-screen'] })).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
    await screenshot(page, 'visualization-patent-1366');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload({ timeout: 120_000, waitUntil: 'domcontentloaded' });
    await page.locator('[data-testid="district-map"] svg path').first().waitFor();
    const o2 = await horizontalOverflow(page);
    expect(o2.scrollWidth).toBeLessThanOrEqual(o2.viewport);
    await screenshot(page, 'visualization-patent-375');
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
