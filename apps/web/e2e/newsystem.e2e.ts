import { describe, expect, it } from 'vitest';
import {
  api,
  axeViolations,
  demoToken,
  freshMobile,
  horizontalOverflow,
  openWithToken,
  screenshot,
  waitForTitle,
  type Page,
} from './harness';

// /newsystem (ADR 0038): the enterprise-service main account (13800000003) opens 配置员工, creates a company label
// and a staff member of its own (fresh names and mobile, so no other file sees them in its lists), assigns one
// enterprise to that staff member, and checks through the API that the assignment holds. axe-core (WCAG 2.1 A/AA)
// on each tab; screenshots and no horizontal overflow at 1366 and 375 px. The label is deleted and the staff member
// disabled at the end.

/** Chrome logs a refused request (a 4xx answer) as a console error. */
const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

async function fits(page: Page, name: string) {
  await screenshot(page, `${name}-1366`);
  await page.setViewportSize({ width: 375, height: 800 });
  expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1366, height: 768 });
}

describe('/newsystem for the enterprise-service main account', () => {
  it('creates a label and a staff member and assigns an enterprise (axe, 1366 and 375 px)', async () => {
    const mobile = freshMobile();
    const suffix = mobile.slice(-4);
    const labelName = `端到端标签${suffix}`;
    const staffName = `端到端员工${suffix}`;
    const { page, errors } = await openWithToken(await demoToken('main'), '/newsystem');
    await waitForTitle(page, '系统管理');
    // 配置员工 in the top bar leads here (to 员工管理).
    await page.getByRole('tab', { name: '企业标签' }).click();
    await page.getByRole('banner').getByRole('button', { name: '配置员工' }).click();
    await page.waitForURL((url) => url.pathname === '/newsystem' && !url.search);
    await page.getByRole('tab', { name: '员工管理', selected: true }).waitFor();
    await page.getByRole('cell', { name: '13800000004' }).waitFor();

    // 企业标签: add one.
    await page.getByRole('tab', { name: '企业标签' }).click();
    await page.getByText('高新技术企业').first().waitFor();
    await page.getByRole('button', { name: /新增企业标签/ }).click();
    const labelDialog = page.getByRole('dialog', { name: '新增企业标签' });
    await labelDialog.getByLabel('标签名称').fill(labelName);
    await labelDialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText(`企业标签「${labelName}」已保存`).waitFor();
    await page.getByRole('row').filter({ hasText: labelName }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await fits(page, 'newsystem-labels');

    // 办理时限 shows the limits.
    await page.getByRole('tab', { name: '办理时限' }).click();
    await page.getByLabel('首次答复').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // 员工管理: create a staff member.
    await page.getByRole('tab', { name: '员工管理' }).click();
    await page.getByRole('button', { name: /新建员工/ }).click();
    const staffDialog = page.getByRole('dialog', { name: '新建员工' });
    await staffDialog.getByLabel('姓名').fill(staffName);
    await staffDialog.getByLabel('手机号').fill(mobile);
    await staffDialog.getByLabel('初始密码').fill('Start2026a');
    await staffDialog.getByLabel('确认密码').fill('Start2026a');
    await staffDialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('员工已创建，请将初始密码告知本人').waitFor();
    const row = page.getByRole('row').filter({ hasText: mobile });
    await row.getByText('待改初始密码').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await fits(page, 'newsystem-staff');

    // Assign the first enterprise of the list.
    await row.getByRole('button', { name: `分配企业和街道：${staffName}` }).click();
    const assign = page.getByRole('dialog', { name: `分配企业和街道：${staffName}` });
    await assign.getByText('已单独勾选 0 家企业').waitFor();
    const first = assign.getByRole('checkbox', { name: /^选择 / }).first();
    const label = await first.getAttribute('aria-label');
    await first.check();
    await assign.getByText('已单独勾选 1 家企业').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await assign.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText(`已更新「${staffName}」负责的企业和街道`).waitFor();
    await row.getByRole('cell', { name: '1 家' }).first().waitFor();

    // The server holds the assignment; the enterprise is the one ticked.
    const token = await demoToken('main');
    const staffList = await api('POST', '/v1/visit/staff', { token, body: { keyword: mobile } });
    const staffId = staffList.body.data.list[0].id as number;
    const held = await api('POST', '/v1/service/staff/assignment', { token, body: { id: staffId } });
    expect(held.body.data.company_ids).toHaveLength(1);
    const listed = await api('POST', '/v1/service/companies', { token, body: { staff_id: staffId } });
    expect(`选择 ${listed.body.data.list[0].company_name}`).toBe(label);

    // Clean up what this file made.
    const labels = await api('POST', '/v1/company/companyLabelIndex', { token, body: { keyword: labelName } });
    await api('POST', '/v1/company/companyLabelDel', { token, body: { id: labels.body.data[0].id } });
    await api('POST', '/v1/service/staff/edit', { token, body: { id: staffId, status: 0 } });
    expect(realErrors(errors)).toEqual([]);
  });
});
