import { describe, expect, it } from 'vitest';
import {
  ageDemand,
  api,
  axeViolations,
  DEMO_PASSWORD,
  demoToken,
  horizontalOverflow,
  makeEnterpriseUser,
  openAs,
  openWithToken,
  rateStars,
  screenshot,
  serverSettled,
  waitForTitle,
} from './harness';

// The demand loop (ADR 0042) through the browser: the main account registers a demand on /workWaitvisit3 for an
// enterprise, assigns it, records the contact → green light; time passes for this demand only (its registration and
// due days moved back in the database: the e2e server runs on the real clock) → red, first in the list; handled;
// the enterprise's own company user (one this file creates, so no demo account's messages change) sees it on
// /VisitsNeeds and evaluates it. axe-core, 1366 and 375 px, screenshots.

describe('demand loop', () => {
  it(
    'main account registers and assigns → green; past its limit → red and first; handled; the company evaluates it',
    { timeout: 300_000 },
    async () => {
      await serverSettled();
      const ent = makeEnterpriseUser('last', '陈经理');
      const title = `E2E融资需求${Date.now() % 100000}`;
      const { page, errors } = await openAs('main');
      page.setDefaultTimeout(40_000);
      await page.goto(`/workWaitvisit3?create=1&company_id=${ent.companyId}&company_name=${encodeURIComponent(ent.companyName)}`);
      await waitForTitle(page, '需求记录');
      const dialog = page.getByRole('dialog', { name: '登记需求' });
      await dialog.getByLabel('需求标题').fill(title);
      await dialog.getByRole('button', { name: /登\s*记/ }).click();
      await page.waitForURL(/[?&]id=\d+/);
      const id = Number(new URL(page.url()).searchParams.get('id'));
      const drawer = page.locator('.ant-drawer');
      await drawer.getByText('黄灯·即将到期').waitFor();
      await drawer.getByRole('button', { name: '分派' }).click();
      const assign = page.getByRole('dialog', { name: new RegExp(`分派：${title}`) });
      await assign.getByRole('combobox').click();
      // A click during the dropdown's opening can be lost on a loaded machine, leaving the list open over 确定: the
      // option is clicked again until the list closes.
      const openList = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
      for (let attempt = 1; ; attempt++) {
        await openList.locator('.ant-select-item-option').first().click();
        try {
          await openList.waitFor({ state: 'hidden', timeout: 5_000 });
          break;
        } catch (err) {
          if (attempt >= 3) throw err;
        }
      }
      await assign.getByRole('button', { name: /确\s*定/ }).click();
      await drawer.getByRole('button', { name: '已联系企业' }).click();
      const contact = page.getByRole('dialog', { name: new RegExp(`已联系企业：${title}`) });
      await contact.getByLabel('联系情况（选填）').fill('电话联系了企业负责人');
      await contact.getByRole('button', { name: /确\s*定/ }).click();
      await drawer.getByText('绿灯·正常').waitFor();
      await drawer.getByText('联系企业').first().waitFor();
      expect(await axeViolations(page, { include: ['.ant-drawer'] })).toEqual([]);
      await screenshot(page, 'demands-drawer-green-1366');

      // Time passes for this demand: past its reply limit.
      ageDemand(id);
      await page.goto('/workWaitvisit3');
      await waitForTitle(page, '需求记录');
      const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
      await first.getByText(title).waitFor();
      await first.getByText('红灯·已超期').waitFor();
      expect(await axeViolations(page, { include: ['.ant-card'] })).toEqual([]);
      await screenshot(page, 'demands-list-red-1366');
      let o = await horizontalOverflow(page);
      expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload();
      await page.locator('.ant-table-tbody tr.ant-table-row').first().getByText(title).waitFor();
      o = await horizontalOverflow(page);
      expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
      await screenshot(page, 'demands-list-375');

      // Handled (through the API: the drawer's forms were exercised above).
      const token = await demoToken('main');
      for (const [url, body] of [
        ['reply', { id, note: '已介绍融资渠道' }],
        ['handle', { id, result: '已对接两家银行' }],
      ] as const) {
        const r = await api('POST', `/v1/demand/${url}`, { token, body });
        expect(r.body.code, JSON.stringify(r.body)).toBe(1);
      }

      // The enterprise's company user sees it and evaluates it.
      const login = await api('POST', '/v1/user/login', { body: { mobile: ent.mobile, password: DEMO_PASSWORD, type: '0' } });
      expect(login.body.code, JSON.stringify(login.body)).toBe(1);
      const co = await openWithToken(login.body.data.token, '/VisitsNeeds');
      co.page.setDefaultTimeout(40_000);
      await waitForTitle(co.page, '走访需求');
      const item = co.page.locator('.ant-list-item').filter({ hasText: title });
      await item.getByText('待评价').waitFor();
      expect(await axeViolations(co.page, { include: ['.ant-card'] })).toEqual([]);
      await item.getByRole('button', { name: /评\s*价/ }).click();
      const ev = co.page.getByRole('dialog', { name: new RegExp(`评价：${title}`) });
      await rateStars(co.page, ev.locator('.ant-rate'), 4);
      await ev.getByLabel('评价内容（选填）').fill('对接及时');
      await ev.getByRole('button', { name: /提交评价/ }).click();
      await item.getByText('待回访').waitFor();
      await item.getByText('我的评价：4 分，对接及时').waitFor();
      await screenshot(co.page, 'visits-needs-1366');
      await co.page.setViewportSize({ width: 375, height: 800 });
      await co.page.reload();
      await co.page.locator('.ant-list-item').filter({ hasText: title }).waitFor();
      o = await horizontalOverflow(co.page);
      expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
      await screenshot(co.page, 'visits-needs-375');
      expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
      expect(co.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    },
  );
});
