import { describe, expect, it } from 'vitest';
import { axeViolations, demoToken, horizontalOverflow, openPatiently, screenshot, waitForTitle } from './harness';

// /workWarning 企业预警 (ADR 0048) for the demo staff member, read only (no shared state changes): every kind has rows
// from the demo data, a kind tab filters through the address, axe-core (WCAG 2.1 A/AA) finds nothing serious, no
// horizontal overflow at 1366 and 375 px; screenshots at both widths.

const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

describe('/workWarning for the demo staff member', () => {
  it('lists every kind, filters by a tab in the address, passes axe and fits 1366 and 375 px', { timeout: 300_000 }, async () => {
    const { page, errors } = await openPatiently(await demoToken('staff'), '/workWarning', { timeout: 40_000 });
    await waitForTitle(page, '企业预警');
    const tab = (name: RegExp) => page.getByRole('tab', { name });
    for (const kind of [/久未走访（[1-9]/, /需求红灯（[1-9]/, /专利即将失效（[1-9]/, /证书即将到期（[1-9]/, /新增诉讼（[1-9]/])
      await tab(kind).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    expect(JSON.stringify(await axeViolations(page))).toBe('[]');
    await screenshot(page, 'work-warning-1366');
    await tab(/证书即将到期/).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('kind'), { timeout: 20_000 }).toBe('cert_expiry');
    await expect.poll(() => page.getByRole('row').nth(1).textContent(), { timeout: 20_000 }).toContain('证书即将到期');
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(1366);
    await page.setViewportSize({ width: 375, height: 800 });
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);
    await screenshot(page, 'work-warning-375');
    expect(realErrors(errors)).toEqual([]);
    await page.context().close();
  });
});
