import { describe, expect, it } from 'vitest';
import { api, baseURL, openAs, screenshot, type AccountKind, type Page } from './harness';

// Issue 8: the app works under the server's Content-Security-Policy (ADR 0017). The main pages, the seven detail tabs
// and the charts are opened as an administrator and a company user (every account kind runs the same bundle, and
// the other specs already fail on any console error, Chrome's "Refused to …" included, for every kind); any CSP
// violation (a `securitypolicyviolation` event or such a console error) fails the test.

/** Records CSP violations from the page's first script on (before the app's own code runs). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const consoleRefusals: string[] = [];
  page.on('console', (msg) => {
    if (/Refused to|Content Security Policy/i.test(msg.text())) consoleRefusals.push(msg.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return async () => {
    const events = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => []);
    return [...consoleRefusals, ...events];
  };
}

async function firstPatentId(): Promise<number> {
  const res = await api('POST', '/v1/search/expression', { body: { val: '电池', page: 1, page_size: 1 } });
  expect(res.status).toBe(200);
  return res.body.data.list[0].id as number;
}

/** Visits a page and waits until the app has rendered its main content. */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('#root *').first().waitFor();
  await page.waitForLoadState('networkidle');
}

const DETAIL_TABS = ['/detail', '/power', '/instructions', '/drawings', '/fullText', '/law', '/kindred'];

describe('Content-Security-Policy', () => {
  it('is sent with the SPA and forbids inline script', async () => {
    const res = await fetch(new URL('/web/index', baseURL()));
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it.each(['admin', 'company'] as AccountKind[])(
    'raises no violation on the main pages as %s',
    async (kind) => {
      const id = await firstPatentId();
      const { page } = await openAs(kind);
      const violations = await watchCsp(page);
      const urls = [
        `/docking?val=${encodeURIComponent('电池')}`,
        ...DETAIL_TABS.map((tab) => `${tab}?id=${id}`),
        '/AdvancedSearch',
        '/userCenter',
        '/web/search',
        '/web/index',
      ];
      if (kind === 'admin') urls.push('/user');
      for (const url of urls) {
        await visit(page, url);
        expect(await violations(), `${kind} ${url}`).toEqual([]);
      }
      // The charts (ECharts on canvas) of the result page's 分析 drawer.
      await visit(page, `/docking?val=${encodeURIComponent('电池')}`);
      const analyse = page.getByRole('button', { name: /分\s*析/ }).filter({ visible: true });
      await analyse.first().waitFor({ timeout: 30_000 });
      await analyse.first().click();
      await page.getByText('法律状态分布').filter({ visible: true }).first().waitFor();
      await page.locator('canvas, svg').filter({ visible: true }).first().waitFor();
      expect(await violations(), `${kind} analysis`).toEqual([]);
      if (kind === 'company') await screenshot(page, 'csp-company-analysis');
    },
    // Twelve pages on a loaded machine.
    150_000,
  );
});
