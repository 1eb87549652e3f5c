import { describe, expect, it } from 'vitest';
import { axeViolations, horizontalOverflow, makePng, openAs, screenshot, serverSettled, waitForTitle } from './harness';

// /certificateData as the demo company user (ADR 0021): the fresh start's certificates with their expiry tags, a
// new certificate with an uploaded image, its preview in the detail drawer, an axe-core check (WCAG 2.1 AA), and
// the page at 1366 and 375 px.

describe('/certificateData', () => {
  // 180 s: run alone, this spec meets the fresh server importing the real patent records in the background (its login
  // alone took 42 s on the shared, overloaded 2-core machine); within the whole e2e run it takes a fraction of that.
  it(
    'lists the demo certificates, adds one with an image, previews it; passes axe; fits 1366 and 375 px',
    { timeout: 180_000 },
    async () => {
      await serverSettled();
      const { page, errors } = await openAs('company');
      // The list and the upload answer in well under a second normally; the shared machine can be 20× slower.
      page.setDefaultTimeout(40_000);
      await page.goto('/certificateData');
      await waitForTitle(page, '证书管理');
      // The fresh start's 高新 certificate expires in 60 days; an ISO 9001 certificate expired last month.
      await page.getByText('剩余 60 天').first().waitFor();
      expect(await page.getByText(/^已过期 \d+ 天$/).count()).toBeGreaterThan(0);
      const number = `E2E-${Date.now()}`;
      await page.getByRole('button', { name: /新增证书/ }).click();
      const dialog = page.getByRole('dialog', { name: '新增证书' });
      await dialog.getByLabel('证书编号').fill(number);
      await dialog.getByLabel('证书名称').fill('端到端测试荣誉证书');
      await dialog.getByLabel('发证机构').fill('测试发证机构');
      const issue = dialog.getByLabel('发证日期');
      await issue.fill('2025-01-02');
      await issue.press('Enter');
      const expiry = dialog.getByLabel('有效期至');
      await expiry.fill('2030-01-01');
      await expiry.press('Enter');
      await dialog
        .locator('input[type=file]')
        .setInputFiles({ name: '端到端证书.png', mimeType: 'image/png', buffer: makePng(64, [200, 60, 40]) });
      await dialog.getByRole('button', { name: '移除附件 端到端证书.png' }).waitFor();
      const created = page.waitForResponse((r) => r.url().endsWith('/v1/frontend/certificate/create'));
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      expect(((await (await created).json()) as { code: number }).code).toBe(1);
      await dialog.waitFor({ state: 'hidden' });
      await page.getByLabel('搜索证书').fill(number);
      await page.getByLabel('搜索证书').press('Enter');
      await page.getByRole('button', { name: '查看 端到端测试荣誉证书' }).click();
      const img = page.locator('img[alt="端到端证书.png"]');
      await img.waitFor();
      // The preview really loaded (a signed /v1/common/file link), not a broken image.
      await page.waitForFunction((alt) => {
        const el = document.querySelector(`img[alt="${alt}"]`) as HTMLImageElement | null;
        return !!el && el.complete && el.naturalWidth === 64;
      }, '端到端证书.png');
      expect(await img.getAttribute('src')).toMatch(/^\/v1\/common\/file\/\d+\?expires=\d+&sig=[0-9a-f]{64}$/);
      // This page's own content (the card and the drawer); the shell (sidebar, top bar, breadcrumb) is every page's.
      expect(await axeViolations(page, { include: ['.ant-card', '.ant-drawer'] })).toEqual([]);
      await screenshot(page, 'certificates-1366');

      await page
        .getByRole('dialog')
        .getByRole('button', { name: /close|关闭/i })
        .first()
        .click();
      await img.waitFor({ state: 'hidden' });
      // A phone loads the page at its width (the shell picks its mobile layout when it starts).
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload();
      await page.getByLabel('搜索证书').waitFor();
      const o = await horizontalOverflow(page);
      expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
      await screenshot(page, 'certificates-375');
      expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    },
  );
});
