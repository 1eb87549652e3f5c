import { describe, expect, it } from 'vitest';
import { axeViolations, horizontalOverflow, openAs, type Page, screenshot, serverSettled, waitForTitle } from './harness';

// The message centre as the demo company user (ADR 0028): the bell's unread count, /center with the fresh start's
// messages, a message opened on /centerDetail becomes read and the count drops, 全部已读 clears it; axe (WCAG 2.1 AA)
// on the page and the top bar; 1366 and 375 px without horizontal overflow.

const bell = (page: Page) => page.getByRole('button', { name: /^消息中心，/ });

/** The unread count the bell announces (0 for 无未读消息). */
async function bellCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  const m = /(\d+) 条未读/.exec(label);
  return m ? Number(m[1]) : 0;
}

describe('message centre', () => {
  it(
    'bell count, /center, a message opened becomes read and the count drops, 全部已读 clears it; axe; 1366 and 375 px',
    { timeout: 180_000 },
    async () => {
      await serverSettled();
      const { page, errors } = await openAs('company');
      page.setDefaultTimeout(40_000);
      // The fresh start gives the demo company user a few unread messages.
      await page.getByRole('button', { name: /^消息中心，\d+ 条未读$/ }).waitFor();
      const before = await bellCount(page);
      expect(before).toBeGreaterThan(0);

      await bell(page).click();
      await page.waitForURL('**/center');
      await waitForTitle(page, '消息中心');
      const unreadTitle = page.locator('.message-row-unread a.message-title').first();
      await unreadTitle.waitFor();
      expect(await page.locator('.message-row-unread .message-dot').count()).toBeGreaterThan(0);
      expect(await axeViolations(page, { include: ['.ant-card', '.app-topbar'] })).toEqual([]);
      await screenshot(page, 'message-centre-1366');
      let o = await horizontalOverflow(page);
      expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);

      const title = ((await unreadTitle.textContent()) ?? '').replace(/^未读：/, '');
      await unreadTitle.click();
      await page.waitForURL('**/centerDetail?id=*');
      await waitForTitle(page, '消息详情');
      await page.getByText(title, { exact: true }).first().waitFor();
      await page.getByText('已读', { exact: true }).waitFor();
      await expect.poll(() => bellCount(page), { timeout: 20_000 }).toBe(before - 1);
      expect(await axeViolations(page, { include: ['.ant-card'] })).toEqual([]);
      await screenshot(page, 'message-detail-1366');

      await page.getByRole('button', { name: '返回消息中心' }).click();
      await page.waitForURL('**/center');
      // The message read is now among the read ones: not bold, no dot.
      await page.locator('.message-row').first().waitFor();
      const all = page.getByRole('button', { name: '全部已读' });
      await all.click();
      await page.getByText(/已将 \d+ 条消息标记为已读/).waitFor();
      await page.getByRole('button', { name: '消息中心，无未读消息' }).waitFor();
      expect(await page.locator('.message-row-unread').count()).toBe(0);

      // A phone loads the page at its width.
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload();
      await page.locator('.message-row').first().waitFor();
      await bell(page).waitFor();
      o = await horizontalOverflow(page);
      expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
      await screenshot(page, 'message-centre-375');
      expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    },
  );
});
