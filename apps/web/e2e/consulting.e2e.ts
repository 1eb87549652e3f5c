import { creditCodeCheckChar } from '@ip/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  axeViolations,
  baseURL,
  chooseOption,
  demoToken,
  horizontalOverflow,
  makePng,
  newPage,
  openAs,
  openWithToken,
  registerTrialUser,
  screenshot,
  serverSettled,
  waitForTitle,
} from './harness';

// Business consulting and message push (issue 14, ADR 0046) in a browser: a company asks a question on
// /UserConsulting; the administrator answers on /consulting; the company finds the answer in its message centre; the
// administrator pushes a message to that chosen company from /system 消息推送 and it arrives. The company is one this
// file registers and gets approved (the demo company's messages are counted by message-centre.e2e.ts beside it).
// axe-core (no serious or critical), 1366 and 375 px without horizontal overflow, screenshots.

const SUFFIX = String(Date.now() % 1_000_000).padStart(6, '0');
const COMPANY = `咨询测试${SUFFIX}科技有限公司`;
const CREDIT_PREFIX = `91330106MA${SUFFIX}1`;
const CREDIT_CODE = CREDIT_PREFIX + creditCodeCheckChar(CREDIT_PREFIX);
const QUESTION = `高新技术企业认定需要多少件发明专利？${SUFFIX}`;
const ANSWER = '高新技术企业认定对知识产权按数量与质量综合评分，发明专利 1 件以上即可计入 I 类知识产权。';
const PUSH = `政策宣讲会通知${SUFFIX}`;

/** A verified company user of its own company: registered, applied, approved by the administrator through the API. */
async function verifiedCompanyUser(): Promise<string> {
  const { token } = await registerTrialUser({ name: '王咨询', company: COMPANY });
  const form = new FormData();
  form.append('type', 'image');
  form.append('purpose', 'licence');
  form.append('file', new Blob([new Uint8Array(makePng(16))], { type: 'image/png' }), '营业执照.png');
  const up = await fetch(`${baseURL()}/v1/common/file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const license = ((await up.json()) as { data: { url: string } }).data.url;
  const applied = await api('POST', '/v1/verification', {
    token,
    body: { company_name: COMPANY, credit_code: CREDIT_CODE, contact: '王咨询', license },
  });
  expect(applied.body).toMatchObject({ code: 1 });
  const admin = await demoToken('admin');
  const queue = await api('POST', '/v1/news/user/queue', { token: admin, body: { keyword: COMPANY, status: 'pending' } });
  const id = queue.body.data.list[0].id as number;
  const decided = await api('POST', '/v1/news/user/queuestate', { token: admin, body: { id, status: 1 } });
  expect(decided.body).toMatchObject({ code: 1 });
  return token;
}

/** Tries a page opening again when it misses the harness's default navigation timeout (30 s) on the loaded machine. */
async function patiently<T>(open: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await open();
    } catch (err) {
      if (i >= 4 || !/Timeout/i.test(String(err))) throw err;
    }
  }
}

beforeAll(async () => {
  await serverSettled(120_000);
  const warm = await newPage();
  await warm.goto('/login', { timeout: 90_000 });
  await warm.close();
}, 240_000);

describe('consulting and push', () => {
  it('a company asks, the administrator answers, the reply and a push reach the company', { timeout: 480_000 }, async () => {
    const token = await verifiedCompanyUser();

    // The company asks on /UserConsulting.
    const company = await patiently(() => openWithToken(token, '/UserConsulting'));
    const cp = company.page;
    cp.setDefaultTimeout(40_000);
    await waitForTitle(cp, '业务咨询');
    await cp.getByText('暂无咨询，点击「我要咨询」提出您的问题').waitFor();
    await cp.getByRole('button', { name: /我要咨询/ }).click();
    const dialog = cp.getByRole('dialog', { name: '我要咨询' });
    await chooseOption(cp, dialog.getByLabel('咨询类别'), '政策申报');
    await dialog.getByLabel('咨询标题').fill(QUESTION);
    await dialog.getByLabel('咨询内容').fill('我司拟申报高新技术企业，目前有 2 件发明专利、5 件实用新型，是否满足条件？');
    expect(await axeViolations(cp, { include: ['.ant-modal'], seriousOnly: true })).toEqual([]);
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await cp.waitForURL(/id=\d+/);
    const drawer = cp.getByRole('dialog', { name: QUESTION });
    await drawer.getByText('暂无回复，服务中心将尽快答复').waitFor();
    await screenshot(cp, 'consulting-company-thread-1366');
    await cp.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await cp.getByRole('row').filter({ hasText: QUESTION }).getByText('待回复').waitFor();
    expect(await axeViolations(cp, { include: ['.ant-card'], seriousOnly: true })).toEqual([]);
    await screenshot(cp, 'consulting-company-1366');
    await cp.setViewportSize({ width: 375, height: 800 });
    await cp.getByRole('button', { name: QUESTION }).waitFor();
    let o = await horizontalOverflow(cp);
    expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
    await screenshot(cp, 'consulting-company-375');
    await cp.setViewportSize({ width: 1366, height: 768 });

    // The administrator answers on /consulting, filtered to that company.
    const admin = await patiently(() => openAs('admin'));
    const ap = admin.page;
    ap.setDefaultTimeout(40_000);
    await ap.goto(`/consulting?company=${encodeURIComponent(COMPANY)}`);
    await waitForTitle(ap, '业务咨询');
    await ap.getByRole('button', { name: QUESTION }).click();
    const thread = ap.getByRole('dialog', { name: QUESTION });
    await thread.getByText('我司拟申报高新技术企业', { exact: false }).waitFor();
    await thread.getByLabel('回复内容').fill(ANSWER);
    await thread.getByRole('button', { name: /^回\s*复$/ }).click();
    await thread.getByText(ANSWER).waitFor();
    await thread.getByText('已回复').waitFor();
    expect(await axeViolations(ap, { include: ['.ant-drawer'], seriousOnly: true })).toEqual([]);
    await screenshot(ap, 'consulting-admin-thread-1366');
    await ap.keyboard.press('Escape');
    await thread.waitFor({ state: 'hidden' });
    expect(await axeViolations(ap, { include: ['.ant-card'], seriousOnly: true })).toEqual([]);
    await screenshot(ap, 'consulting-admin-1366');
    await ap.setViewportSize({ width: 375, height: 800 });
    await ap.getByRole('button', { name: QUESTION }).waitFor();
    o = await horizontalOverflow(ap);
    expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
    await screenshot(ap, 'consulting-admin-375');
    await ap.setViewportSize({ width: 1366, height: 768 });

    // The company finds the answer in its message centre and opens the thread from it.
    await cp.goto('/center');
    await waitForTitle(cp, '消息中心');
    const replied = cp.getByText(`您的咨询「${QUESTION}」已回复`).first();
    await replied.waitFor();
    await replied.click();
    await waitForTitle(cp, '消息详情');
    await cp.getByText(ANSWER).first().waitFor();

    // The administrator pushes to that chosen company from /system 消息推送; it arrives.
    await ap.goto('/system');
    await waitForTitle(ap, '系统管理');
    await ap.getByRole('tab', { name: '消息推送' }).click();
    await ap.getByRole('button', { name: /推送消息/ }).click();
    const push = ap.getByRole('dialog', { name: '推送消息' });
    await push.getByLabel('标题').fill(PUSH);
    await push.getByLabel('内容').fill('本周五下午在区政务服务中心举办知识产权政策宣讲会，欢迎参加。');
    await push.getByRole('radio', { name: '指定企业' }).check();
    await chooseOption(ap, push.getByRole('combobox', { name: '指定企业' }), COMPANY, { search: `咨询测试${SUFFIX}` });
    // The multiple Select's list stays open after a choice: Escape closes it (and would close the dialog without it).
    const list = ap.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    if (await list.isVisible()) await ap.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    expect(await axeViolations(ap, { include: ['.ant-modal'], seriousOnly: true })).toEqual([]);
    await screenshot(ap, 'push-dialog-1366');
    await push.getByRole('button', { name: /发\s*送/ }).click();
    await push.waitFor({ state: 'hidden' });
    const row = ap.getByRole('row').filter({ hasText: PUSH });
    await row.getByText('1 家指定企业').waitFor();
    expect(await axeViolations(ap, { include: ['.ant-tabs'], seriousOnly: true })).toEqual([]);
    await screenshot(ap, 'push-list-1366');
    await ap.setViewportSize({ width: 375, height: 800 });
    o = await horizontalOverflow(ap);
    expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
    await screenshot(ap, 'push-list-375');

    await cp.goto('/center');
    await waitForTitle(cp, '消息中心');
    await cp.getByText(PUSH).first().waitFor();
    // The demo company did not get it.
    const demo = await api('POST', '/v1/frontend/message/index', { token: await demoToken('company'), body: { keyword: PUSH } });
    expect(demo.body.data.total).toBe(0);

    expect(company.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
