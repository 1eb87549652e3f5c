import { beforeAll, describe, expect, it } from 'vitest';
import {
  collectConsoleErrors,
  fillLoginForm,
  freshMobile,
  latestSmsCode,
  makePng,
  newPage,
  waitForTitle,
  type Page,
} from './harness';

// The account pages with a trial user registered here through /login's 注册试用账号 (so the demo accounts the other
// specs log in with never change): avatar, 企业认证, and 修改密码 last, since it ends every session of the user.
// The tests run in order on one page and build on each other.

const PASSWORD = 'Trial2026a';
const NEW_PASSWORD = 'Changed2026b';
const NAME = '赵新用户';
const COMPANY = '端到端测试科技有限公司';

/** Chrome logs a failed request (a 4xx answer) as a console error; those are expected where a call is refused. */
const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));
const topBar = (page: Page) => page.getByRole('banner');

describe('account of a freshly registered trial user', () => {
  const mobile = freshMobile();
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    page = await newPage({ fresh: true });
    errors = collectConsoleErrors(page);
  });

  it('registers through 注册试用账号 with the SMS code and lands on /home as a trial user', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: '注册试用账号' }).click();
    const dialog = page.getByRole('dialog', { name: '注册试用账号' });
    await dialog.getByLabel('手机号').fill(mobile);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送，请注意查收').waitFor();
    await dialog.getByLabel('验证码').fill(await latestSmsCode(mobile));
    await dialog.getByLabel('姓名').fill(NAME);
    await dialog.getByLabel('公司名称').fill(COMPANY);
    await dialog.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('确认密码').fill(PASSWORD);
    await dialog.getByRole('button', { name: '注册' }).click();

    await page.waitForURL('**/home');
    await waitForTitle(page, '首页');
    await topBar(page).getByText(NAME, { exact: true }).waitFor();
    expect(await topBar(page).getByRole('button', { name: '去认证' }).isVisible()).toBe(true);
    expect(realErrors(errors)).toEqual([]);
  });

  it('uploads a new avatar on /userCenter, shown in the profile and the top bar, kept after a reload', async () => {
    await topBar(page).getByRole('button', { name: '个人中心' }).click();
    await page.waitForURL('**/userCenter');
    const profile = page.locator('.ant-card').filter({ has: page.getByText('个人资料', { exact: true }) });
    await profile.getByText(mobile, { exact: true }).waitFor();
    expect(await profile.getByText(COMPANY, { exact: true }).isVisible()).toBe(true);
    expect(await profile.getByText('试用', { exact: true }).isVisible()).toBe(true);
    // No picture yet: the default icon.
    expect(await profile.getByRole('img', { name: '头像' }).count()).toBe(0);

    const chooser = page.waitForEvent('filechooser');
    await profile.getByRole('button', { name: '更换头像' }).click();
    await (await chooser).setFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: makePng(16) });
    await page.getByText('头像已更新').waitFor();

    const avatarImg = profile.getByRole('img', { name: '头像' });
    await avatarImg.waitFor();
    const src = await avatarImg.getAttribute('src');
    expect(src).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    // The picture really loads, and the top bar shows it too.
    await expect
      .poll(() => avatarImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 })
      .toBe(16);
    expect(await topBar(page).locator(`img[src="${src}"]`).count()).toBe(1);

    await page.reload();
    await avatarImg.waitFor();
    expect(await avatarImg.getAttribute('src')).toBe(src);
    expect(realErrors(errors)).toEqual([]);
  });

  it('submits 企业认证 and then shows the application under review', async () => {
    const card = page.locator('.ant-card').filter({ has: page.getByText('企业认证', { exact: true }) });
    await card.getByText('您当前为试用账号', { exact: false }).waitFor();
    expect(await card.getByLabel('公司名称').inputValue()).toBe(COMPANY);

    // The form checks before sending.
    await card.getByRole('button', { name: '提交认证' }).click();
    await card.getByText('请输入统一社会信用代码').waitFor();
    expect(await card.getByText('请上传营业执照').isVisible()).toBe(true);

    await card.getByLabel('统一社会信用代码').fill('91350100m000100y43');
    expect(await card.getByLabel('统一社会信用代码').inputValue()).toBe('91350100M000100Y43');
    await card.getByLabel('联系人').fill('钱联系');
    const chooser = page.waitForEvent('filechooser');
    await card.getByRole('button', { name: '上传营业执照' }).click();
    await (await chooser).setFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: makePng(12, [200, 40, 40]) });
    await card.getByText('已上传：营业执照.png').waitFor();

    await card.getByRole('button', { name: '提交认证' }).click();
    await page.getByText('认证申请已提交，请等待审核').waitFor();
    await card.getByText('审核中', { exact: true }).waitFor();
    expect(await card.getByText('认证状态：', { exact: false }).isVisible()).toBe(true);
    // Under review: nothing more to submit.
    expect(await card.getByRole('button', { name: '提交认证' }).count()).toBe(0);

    await page.reload();
    await card.getByText('审核中', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: '提交认证' }).count()).toBe(0);
    expect(realErrors(errors)).toEqual([]);
  });

  it('changes the password on /upPwd, then only the new password logs in', async () => {
    await topBar(page).getByRole('button', { name: '修改密码' }).click();
    await page.waitForURL('**/upPwd');
    await waitForTitle(page, '修改密码');
    const form = page.locator('form[id="change-password"]');

    // A mismatched confirmation and a wrong old password are refused on the form.
    await form.getByLabel('原密码').fill('Wrong2026zz');
    await form.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('确认新密码').fill(`${NEW_PASSWORD}x`);
    await form.getByRole('button', { name: '确认修改' }).click();
    await form.getByText('两次输入的新密码不一致').waitFor();
    await form.getByLabel('确认新密码').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: '确认修改' }).click();
    await form.getByText('原密码不正确').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/upPwd');

    await form.getByLabel('原密码').fill(PASSWORD);
    await form.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('密码已修改，请重新登录').waitFor();
    await page.waitForURL('**/login');
    // The session is over: internal pages redirect.
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

    await fillLoginForm(page, mobile, PASSWORD);
    await page.getByText('手机号或密码错误').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await fillLoginForm(page, mobile, NEW_PASSWORD);
    await page.waitForURL('**/home');
    await topBar(page).getByText(NAME, { exact: true }).waitFor();
    expect(realErrors(errors)).toEqual([]);
  });
});
