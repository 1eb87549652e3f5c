import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  api,
  axeViolations,
  dataDbPath,
  demoToken,
  horizontalOverflow,
  openAs,
  screenshot,
  serverSettled,
  waitForTitle,
} from './harness';

// /costdetails as the demo company user (ADR 0026): a fee of the fresh start's demo data due within 30 days, its
// payment recorded in the drawer, the row leaves the 30-day list and the year's fee messages are handled; axe-core
// (WCAG 2.1 AA) on the page's content; 1366 and 375 px without horizontal overflow.

/** The fee messages of a patent's year in the server's database: how many, how many not yet handled. */
function feeMessages(patentId: number, year: number): Promise<{ total: number; open: number }> {
  const db = new Database(dataDbPath(), { readonly: true, fileMustExist: true });
  try {
    const r = db
      .prepare(
        `select count(*) as total, sum(case when handled_at is null then 1 else 0 end) as open from messages
         where object_type = 'patent_fee' and object_id = ? and delivery_key like ?`,
      )
      .get(patentId, `fee:${patentId}:${year}:%`) as { total: number; open: number | null };
    return Promise.resolve({ total: r.total, open: r.open ?? 0 });
  } finally {
    db.close();
  }
}

interface Row {
  patent_id: number;
  title: string;
  next: { year: number; state: string; payable: boolean; days_left: number } | null;
}

describe('/costdetails', () => {
  it(
    'shows a fee due within 30 days, records its payment (已缴), the row leaves the due list; axe; 1366 and 375 px',
    { timeout: 240_000 },
    async () => {
      await serverSettled();
      const token = await demoToken('company');
      const due = await api<{ data: { list: Row[] } }>('POST', '/v1/frontend/fee/index', {
        token,
        body: { within_days: 30, page_size: 100 },
      });
      const target = due.body.data.list.find((r) => r.next?.payable);
      expect(target, 'the demo company has a fee due within 30 days').toBeTruthy();
      const { patent_id: patentId, title } = target!;
      const year = target!.next!.year;

      // The scheduler's scan at start delivered this year's warning (the 30-day threshold is reached).
      const deadline = Date.now() + 90_000;
      while ((await feeMessages(patentId, year)).total === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 1000));
      }
      expect((await feeMessages(patentId, year)).open).toBeGreaterThan(0);

      const { page, errors } = await openAs('company');
      page.setDefaultTimeout(40_000);
      await page.goto('/costdetails?within=30');
      await waitForTitle(page, '年费预警');
      await page
        .getByRole('button', { name: `明细/缴费 ${title}` })
        .first()
        .waitFor();
      expect(await axeViolations(page, { include: ['.ant-card'] })).toEqual([]);
      await screenshot(page, 'fees-1366');

      await page
        .getByRole('button', { name: `明细/缴费 ${title}` })
        .first()
        .click();
      const drawer = page.locator('.ant-drawer');
      await drawer.getByRole('form', { name: '记录缴费' }).waitFor();
      await drawer.getByLabel('缴费人').fill('端到端测试 财务部');
      await drawer.getByLabel('缴费人').press('Enter');
      const paid = page.waitForResponse((r) => r.url().endsWith('/v1/frontend/fee/pay'));
      await drawer.getByRole('button', { name: /记录缴费/ }).click();
      const reply = (await (await paid).json()) as { code: number; msg: string };
      expect(reply.code, reply.msg).toBe(1);
      const yearRow = drawer.locator('tr', { hasText: `第 ${year} 年` }).first();
      await yearRow.getByText('已缴', { exact: true }).waitFor();
      await yearRow.getByText('端到端测试 财务部', { exact: false }).waitFor();
      // The submit button keeps its hover colour while the pointer rests on it: move away, as a user would.
      await page.mouse.move(1, 1);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      expect(await axeViolations(page, { include: ['.ant-drawer'] })).toEqual([]);
      await screenshot(page, 'fees-drawer-1366');
      await page.keyboard.press('Escape');
      await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });

      // The row's fee is paid: it no longer shows as due within 30 days for that year.
      const after = await api<{ data: { list: Row[] } }>('POST', '/v1/frontend/fee/index', {
        token,
        body: { within_days: 30, page_size: 100 },
      });
      const still = after.body.data.list.find((r) => r.patent_id === patentId);
      expect(still?.next?.year ?? 0).not.toBe(year);
      await page.reload();
      await page.getByLabel('搜索专利').waitFor();
      await page.waitForFunction(
        ({ t, y }) =>
          ![...document.querySelectorAll('tr')].some(
            (tr) => tr.textContent?.includes(t) && tr.textContent?.includes(`第 ${y} 年`),
          ),
        { t: title, y: year },
      );

      // The year's fee warnings (delivered by the scan at start) are handled now.
      expect(await feeMessages(patentId, year)).toMatchObject({ open: 0 });

      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload();
      await page.getByLabel('搜索专利').waitFor();
      const o = await horizontalOverflow(page);
      expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
      await screenshot(page, 'fees-375');
      expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    },
  );
});
