import { describe, expect, it } from 'vitest';
import {
  ageDemand,
  api,
  axeViolations,
  DEMO_PASSWORD,
  demoToken,
  freshMobile,
  horizontalOverflow,
  latestSmsCode,
  makeEnterpriseUser,
  makePng,
  openPatiently,
  rateStars,
  type Page,
  screenshot,
  serverSettled,
  waitForTitle,
} from './harness';

// Issue 12's browser test of the whole enterprise-service loop (ADR 0050): the main account plans a visit for a staff
// member on /addWaitvisit; the staff member logs in by SMS on a 375 px phone page and records the visit with a photo
// and the enterprise's demand; the main account finds the demand on /workWaitvisit3 (黄灯, then 绿灯 once contacted);
// the demand's days are moved back in the database (the e2e server runs on the real clock) and it turns 红灯; handled;
// the enterprise's company user evaluates it on /VisitsNeeds. The staff member, its assignment and the company user
// are this file's own, so no demo account's state changes for the files running beside it.

const PHONE = { width: 375, height: 812 };
/** Navigation and action timeouts long enough for the shared, heavily loaded machine (15 s was not, even for smoke.e2e). */
const LONG = { navigationTimeout: 120_000, timeout: 60_000 };
const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

async function fits(page: Page, name: string): Promise<void> {
  const o = await horizontalOverflow(page);
  expect(o.scrollWidth, name).toBeLessThanOrEqual(o.viewport);
  expect(await axeViolations(page, { seriousOnly: true }), name).toEqual([]);
  await screenshot(page, name);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('enterprise-service loop (issue 12)', () => {
  it(
    'plan → phone record with photo and demand → green → red → handled → the company evaluates it',
    { timeout: 420_000 },
    async () => {
      await serverSettled();
      const main = await demoToken('main');
      const ent = makeEnterpriseUser('first', '周经理');
      const suffix = String(Date.now() % 100000);
      const staffName = `闭环测试员${suffix}`;
      const title = `E2E闭环需求${suffix}`;

      // The office's own staff member for this file, responsible for the enterprise.
      const staffMobile = freshMobile();
      const add = await api('POST', '/v1/service/staff/add', {
        token: main,
        body: { mobile: staffMobile, name: staffName, password: 'Loop@2026x' },
      });
      expect(add.body.code, JSON.stringify(add.body)).toBe(1);
      const staffId = add.body.data.id as number;
      const assign = await api('POST', '/v1/service/staff/assign', {
        token: main,
        body: { id: staffId, company_ids: [ent.companyId], street_ids: [] },
      });
      expect(assign.body.code, JSON.stringify(assign.body)).toBe(1);

      // 1. The main account plans the visit for the staff member (/addWaitvisit, 1366 px).
      const { page, errors } = await openPatiently(
        main,
        `/addWaitvisit?company_id=${ent.companyId}&company_name=${encodeURIComponent(ent.companyName)}`,
        LONG,
      );
      await waitForTitle(page, '发起待走访');
      await page.getByRole('combobox', { name: '走访人员' }).click();
      await page.locator('.ant-select-item-option').filter({ hasText: staffName }).click();
      await page.getByLabel('走访目的').fill('了解专利布局与融资需求');
      await fits(page, 'loop-plan-1366');
      await page.getByRole('button', { name: '发起待走访' }).click();
      await page.waitForURL((url) => url.pathname === '/workWaitvisit' && url.searchParams.has('focus'));
      const visitId = Number(new URL(page.url()).searchParams.get('focus'));
      expect(visitId).toBeGreaterThan(0);

      // 2. The staff member on the phone: SMS login, the plan, the record with a photo and a demand.
      const { page: phone, errors: phoneErrors } = await openPatiently('', '/web/small/login', { ...LONG, ...PHONE }); // no session: it logs in by SMS;
      await waitForTitle(phone, '访客登录');
      await phone.getByLabel('手机号').fill(staffMobile);
      await phone.getByRole('button', { name: '获取验证码' }).click();
      await phone.getByLabel('验证码').fill(await latestSmsCode(staffMobile));
      await phone.getByRole('button', { name: /^\s*登\s*录\s*$/ }).click();
      await phone.waitForURL('**/web/small/Waitvisit');
      const card = phone.getByRole('button', { name: new RegExp(`^${escape(ent.companyName)}.*点击登记走访`) });
      await card.waitFor();
      await fits(phone, 'loop-phone-waitvisit-375');
      await card.click();
      await phone.waitForURL((url) => url.pathname === '/web/small/workVisit' && url.searchParams.get('id') === String(visitId));
      await phone.getByLabel('接待人员').fill('周经理');
      await phone.getByLabel('走访内容').fill('了解企业专利布局，企业提出融资需求。');
      await phone.getByLabel('拍照或选择照片').setInputFiles({ name: 'loop.png', mimeType: 'image/png', buffer: makePng(16) });
      const bar = phone.getByRole('progressbar', { name: 'loop.png 上传进度' });
      await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('100');
      await phone.getByRole('button', { name: /添加需求/ }).click();
      await phone.getByLabel('需求 1 标题').fill(title);
      await phone.getByLabel('需求 1 内容（选填）').fill('希望对接银行办理专利质押融资');
      await fits(phone, 'loop-phone-record-375');
      await phone.getByRole('button', { name: '保存走访记录' }).click();
      await phone.getByText('走访记录已保存').waitFor({ timeout: 30_000 });
      const detail = await api('GET', `/v1/visit/visitDetail?id=${visitId}`, { token: main });
      expect(detail.body.data).toMatchObject({ status: 'done', people_met: '周经理', staff_id: staffId });
      expect(detail.body.data.photos).toHaveLength(1);
      const raised = (detail.body.data.demands as { id: number; title: string }[]).find((d) => d.title === title);
      expect(raised, JSON.stringify(detail.body.data.demands)).toBeTruthy();
      const demandId = raised!.id;

      // 3. The main account sees the demand on /workWaitvisit3: due tomorrow (黄灯) until contacted, then 绿灯.
      const row = () => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: title });
      await page.goto(`/workWaitvisit3?keyword=${encodeURIComponent(title)}`, { waitUntil: 'domcontentloaded' });
      await waitForTitle(page, '需求记录');
      await row().getByText('黄灯·即将到期').waitFor();
      for (const [url, body] of [
        ['assign', { id: demandId, handler_id: staffId }],
        ['contact', { id: demandId, note: '电话联系了企业负责人' }],
      ] as const) {
        const r = await api('POST', `/v1/demand/${url}`, { token: main, body });
        expect(r.body.code, JSON.stringify(r.body)).toBe(1);
      }
      await page.reload({ waitUntil: 'domcontentloaded' });
      await row().getByText('绿灯·正常').waitFor();
      await fits(page, 'loop-demands-green-1366');

      // 4. Past its limit: 红灯.
      ageDemand(demandId);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await row().getByText('红灯·已超期').waitFor();
      await fits(page, 'loop-demands-red-1366');
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload({ waitUntil: 'domcontentloaded' });
      await row().getByText('红灯·已超期').waitFor();
      await fits(page, 'loop-demands-red-375');
      await page.setViewportSize({ width: 1366, height: 768 });

      // 5. The red demand is an enterprise warning (ADR 0048): /workWarning lists it under 需求红灯 with a link to it.
      await page.goto(`/workWarning?kind=demand_red&keyword=${encodeURIComponent(ent.companyName)}`, {
        waitUntil: 'domcontentloaded',
        timeout: 120_000,
      });
      await waitForTitle(page, '企业预警');
      const warning = page.locator('tr').filter({ hasText: title });
      await warning.getByText(/已超期/).waitFor({ timeout: 60_000 });
      expect(await warning.getByRole('link', { name: '办理需求' }).getAttribute('href')).toBe(`/workWaitvisit3?id=${demandId}`);
      await fits(page, 'loop-warnings-1366');
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page
        .getByText(new RegExp(`需求“${escape(title)}”`))
        .first()
        .waitFor({ timeout: 60_000 });
      await fits(page, 'loop-warnings-375');
      await page.setViewportSize({ width: 1366, height: 768 });

      // 6. Handled, then the enterprise's company user sees it and evaluates it on /VisitsNeeds.
      for (const [url, body] of [
        ['reply', { id: demandId, note: '已介绍质押融资流程' }],
        ['handle', { id: demandId, result: '已对接两家银行' }],
      ] as const) {
        const r = await api('POST', `/v1/demand/${url}`, { token: main, body });
        expect(r.body.code, JSON.stringify(r.body)).toBe(1);
      }
      const login = await api('POST', '/v1/user/login', { body: { mobile: ent.mobile, password: DEMO_PASSWORD, type: '0' } });
      expect(login.body.code, JSON.stringify(login.body)).toBe(1);
      const co = await openPatiently(login.body.data.token, '/VisitsNeeds', LONG);
      await waitForTitle(co.page, '走访需求');
      const item = co.page.locator('.ant-list-item').filter({ hasText: title });
      await item.getByText('待评价').waitFor();
      await fits(co.page, 'loop-visits-needs-1366');
      await item.getByRole('button', { name: /评\s*价/ }).click();
      const ev = co.page.getByRole('dialog', { name: new RegExp(`评价：${title}`) });
      await rateStars(co.page, ev.locator('.ant-rate'), 5);
      await ev.getByLabel('评价内容（选填）').fill('对接及时，很满意');
      await ev.getByRole('button', { name: /提交评价/ }).click();
      await item.getByText('我的评价：5 分，对接及时，很满意').waitFor();
      await co.page.setViewportSize({ width: 375, height: 800 });
      await co.page.reload({ waitUntil: 'domcontentloaded' });
      await co.page.locator('.ant-list-item').filter({ hasText: title }).getByText('待回访').waitFor();
      await fits(co.page, 'loop-visits-needs-375');

      const final = await api('POST', '/v1/demand/detail', { token: main, body: { id: demandId } });
      expect(final.body.data).toMatchObject({ status: 'evaluated', rating: 5 });
      expect(realErrors(errors)).toEqual([]);
      expect(realErrors(phoneErrors)).toEqual([]);
      expect(realErrors(co.errors)).toEqual([]);
    },
  );
});
