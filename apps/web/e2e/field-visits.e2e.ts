import { describe, expect, it } from 'vitest';
import {
  api,
  axeViolations,
  collectConsoleErrors,
  demoToken,
  freshMobile,
  horizontalOverflow,
  latestSmsCode,
  makePng,
  newPage,
  screenshot,
  waitForTitle,
} from './harness';

// ADR 0044, issue 12 "Mobile H5": on a 375 px phone page a staff member logs in with an SMS code, sees the visit the
// main account planned for it, records it with a photo, and the main account reads the record through the API. The
// staff member and its enterprise assignment are made here (never the demo staff's state).

const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));
const PHONE = { width: 375, height: 812 };

function shanghaiToday(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
}

describe('field visits on the phone (/web/small/*)', () => {
  it('a staff member logs in by SMS, records the planned visit with a photo, and the main account sees it', async () => {
    const main = await demoToken('main');
    const mobile = freshMobile();
    const add = await api('POST', '/v1/service/staff/add', {
      token: main,
      body: { mobile, name: '外勤测试员', password: 'Field@2026x' },
    });
    expect(add.body.code, JSON.stringify(add.body)).toBe(1);
    const staffId = add.body.data.id as number;
    const companies = await api('POST', '/v1/service/companies', { token: main, body: { page: 1, page_size: 20 } });
    const company = companies.body.data.list[companies.body.data.list.length - 1] as { id: number; company_name: string };
    expect(
      (
        await api('POST', '/v1/service/staff/assign', {
          token: main,
          body: { id: staffId, company_ids: [company.id], street_ids: [] },
        })
      ).body.code,
    ).toBe(1);
    const planned = await api('POST', '/v1/visit/createVisit', {
      token: main,
      body: {
        status: 'plan',
        company_id: company.id,
        staff_id: staffId,
        plan_date: shanghaiToday(),
        plan_time: '09:30',
        purpose: '了解专利布局',
      },
    });
    expect(planned.body.code, JSON.stringify(planned.body)).toBe(1);
    const visitId = planned.body.data.id as number;

    const page = await newPage({ fresh: true, ...PHONE });
    const errors = collectConsoleErrors(page);
    await page.goto('/web/small/login', { timeout: 90_000 });
    await waitForTitle(page, '访客登录');
    await page.getByLabel('手机号').fill(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('验证码').fill(await latestSmsCode(mobile));
    await page.getByRole('button', { name: /^\s*登\s*录\s*$/ }).click();
    await page.waitForURL('**/web/small/Waitvisit');
    await waitForTitle(page, '待走访');

    const escaped = company.company_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const plan = page.getByRole('button', { name: new RegExp(`^${escaped}.*点击登记走访`) });
    await plan.waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: '今天（1）' }).waitFor();
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
    // Touch targets: the tabs and the plan card are at least 44 px tall.
    for (const name of ['待走访', '走访记录', '发起']) {
      const box = await page.getByRole('link', { name }).boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    expect((await plan.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'field-waitvisit-375');

    await plan.click();
    await page.waitForURL((url) => url.pathname === '/web/small/workVisit' && url.searchParams.get('id') === String(visitId));
    await page.getByText(company.company_name).first().waitFor();
    await page.getByLabel('接待人员').fill('张经理');
    await page.getByLabel('走访内容').fill('了解企业专利布局，介绍专利导航服务。');
    await page.getByLabel('拍照或选择照片').setInputFiles({ name: 'visit.png', mimeType: 'image/png', buffer: makePng(16) });
    const bar = page.getByRole('progressbar', { name: 'visit.png 上传进度' });
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('100');
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
    await screenshot(page, 'field-workvisit-form-375');
    await page.getByRole('button', { name: '保存走访记录' }).click();
    await page.getByText('走访记录已保存').waitFor({ timeout: 30_000 });
    await page.waitForURL((url) => url.pathname === '/web/small/workVisit' && !url.searchParams.has('id'));
    await page.getByRole('region', { name: '最近走访记录' }).getByText(company.company_name).waitFor({ timeout: 30_000 });
    await screenshot(page, 'field-workvisit-saved-375');

    // The main account reads the record, photo included.
    const detail = await api('GET', `/v1/visit/visitDetail?id=${visitId}`, { token: main });
    expect(detail.body.data).toMatchObject({ status: 'done', people_met: '张经理', staff_id: staffId });
    expect(detail.body.data.photos).toHaveLength(1);

    // 发起: the plan form at 375 px.
    await page.getByRole('link', { name: '发起' }).click();
    await page.waitForURL('**/web/addWaitvisit');
    await page.getByRole('button', { name: '发起待走访' }).waitFor();
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
    await screenshot(page, 'field-addwaitvisit-375');

    // 退出 ends the field session.
    await page.getByRole('button', { name: /退\s*出/ }).click();
    await page.waitForURL('**/web/small/login');
    expect(await page.evaluate(() => sessionStorage.getItem('visitorToken'))).toBeNull();
    expect(realErrors(errors)).toEqual([]);
  }, 240_000);
});
