import { describe, expect, it } from 'vitest';
import { baseURL, horizontalOverflow, makePng, openAs, screenshot, waitForTitle, type Page } from './harness';

// /system for the administrator: the 存储空间 tab shows what the server reports (ADR 0014); a company user gets its
// company page there instead (ADR 0022).

const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'token');
  if (cookie) return cookie.value;
  return page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token') ?? '');
}

async function report(token: string) {
  const res = await fetch(`${baseURL()}/v1/system/storage`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { total: { count: number; bytes: number } } }).data;
}

describe('/system: 存储空间', () => {
  it('shows the administrator the figures the server reports, at 1366 px and 375 px, usable by keyboard', async () => {
    const { page, errors } = await openAs('admin');
    const token = await tokenOf(page);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    // Something to count: an avatar of the administrator.
    const form = new FormData();
    form.append('type', 'image');
    form.append('purpose', 'avatar');
    form.append('file', new Blob([new Uint8Array(makePng(8, [10, 120, 200]))], { type: 'image/png' }), 'e2e.png');
    const up = await fetch(`${baseURL()}/v1/common/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(((await up.json()) as { code: number }).code).toBe(1);
    const r = await report(token);
    expect(r.total.count).toBeGreaterThan(0);

    // The figures the page shows are the ones the server reported to it (other spec files, running alongside, may
    // upload files between this test's own call and the page's).
    const reported = page.waitForResponse((res) => res.url().endsWith('/v1/system/storage'));
    await page.goto('/system');
    const shown = ((await (await reported).json()) as { data: typeof r }).data;
    expect(shown.total.count).toBeGreaterThanOrEqual(r.total.count);
    await waitForTitle(page, '系统管理');
    await page.getByRole('tab', { name: '存储空间' }).waitFor();
    const total = page.locator('.ant-statistic').filter({ hasText: '文件总占用' });
    await total.waitFor();
    const count = page.locator('.ant-statistic').filter({ hasText: '文件数' });
    expect(await count.locator('.ant-statistic-content').innerText()).toBe(shown.total.count.toLocaleString('zh-CN'));
    const avatarRow = page.getByRole('row').filter({ hasText: '头像' });
    expect(await avatarRow.getByText('公开').isVisible()).toBe(true);
    await screenshot(page, 'system-storage-1366');

    // Keyboard: the 刷新 button is reachable and fetches the report again.
    const refresh = page.getByRole('button', { name: /刷\s*新/ });
    await refresh.focus();
    const again = page.waitForResponse((res) => res.url().endsWith('/v1/system/storage'));
    await page.keyboard.press('Enter');
    expect((await again).status()).toBe(200);

    await page.setViewportSize({ width: 375, height: 800 });
    await total.waitFor();
    const o = await horizontalOverflow(page);
    expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
    await screenshot(page, 'system-storage-375');
    expect(realErrors(errors)).toEqual([]);
  });

  it('shows a company user its company page (企业信息, 子账号), not 存储空间', async () => {
    const { page, errors } = await openAs('company');
    await page.goto('/system');
    await page.getByRole('tab', { name: '企业信息', selected: true }).waitFor();
    expect(await page.getByRole('tab', { name: '子账号' }).count()).toBe(1);
    // The profile form of the main user, filled from the server.
    expect(await page.getByRole('textbox', { name: '联系电话' }).inputValue()).toMatch(/^0571-8\d{7}$/);
    expect(await page.getByText('功能建设中').count()).toBe(0);
    expect(await page.getByRole('tab', { name: '存储空间' }).count()).toBe(0);
    expect(realErrors(errors)).toEqual([]);
  });
});
