import { describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { axeViolations, horizontalOverflow, openAs, waitForTitle } from './harness';

// /report as the demo company user (ADR 0030): the fresh start's demo report of last month, its PDF downloaded (the
// download call's answer read) and its text read (Chinese), an axe-core check, and the page at 1366 and 375 px.
describe('/report', () => {
  it(
    'shows a demo report, downloads its PDF with Chinese text; passes axe; fits 1366 and 375 px',
    { timeout: 240_000 },
    async () => {
      const { page } = await openAs('company');
      page.setDefaultTimeout(60_000);
      await page.goto('/report');
      await waitForTitle(page, '专利月报');
      await page
        .getByText(/专利报告$/)
        .first()
        .waitFor();
      await page.getByText('专利概况').first().waitFor();
      const answered = page.waitForResponse((r) => r.url().endsWith('/v1/frontend/report/download'));
      await page.getByRole('button', { name: /下载 PDF/ }).click();
      const res = await answered;
      expect(res.headers()['content-type']).toBe('application/pdf');
      expect(decodeURIComponent(res.headers()['content-disposition'] ?? '')).toMatch(/月度专利报告_\d{4}-\d{2}\.pdf/);
      const parser = new PDFParse({ data: new Uint8Array(await res.body()) });
      const text = (await parser.getText()).text;
      await parser.destroy();
      expect(text).toContain('月度专利报告');
      expect(text).toContain('示例科技有限公司');
      expect(text).toContain('下月应缴年费');
      await page.mouse.move(0, 0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      expect(await axeViolations(page, { include: ['.report-page'] })).toEqual([]);
      let o = await horizontalOverflow(page);
      expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
      await page.setViewportSize({ width: 375, height: 740 });
      await page.getByText('专利概况').first().waitFor();
      o = await horizontalOverflow(page);
      expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
    },
  );
});
