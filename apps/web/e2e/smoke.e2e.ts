import { describe, expect, it } from 'vitest';
import { api, collectConsoleErrors, newPage, screenshot } from './harness';

// The production server: the SPA at '/', the API envelope under /v1, and the browser harness itself.
describe('e2e smoke', () => {
  it('serves the SPA at /', async () => {
    const res = await api('GET', '/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.body).toMatch(/<div id="root"><\/div>/);
  });

  it('answers an unknown /v1 path with the 404 envelope', async () => {
    const res = await api('GET', '/v1/unknown');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 0, msg: '接口不存在' });
  });

  it('loads the app in Chromium', async () => {
    const page = await newPage({ width: 1366, height: 768 });
    const errors = collectConsoleErrors(page);
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    // React mounted something into the root.
    await expect.poll(() => page.locator('#root > *').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'smoke-home');
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
