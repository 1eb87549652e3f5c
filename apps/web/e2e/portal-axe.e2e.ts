import { describe, expect, it } from 'vitest';
import { PAGES } from '@ip/contract';
import { axeViolations, baseURL, horizontalOverflow, newPage, waitForTitle } from './harness';

// Every public portal route of the page table (issue 14, ADR 0054) at 1366 and 375 px, not logged in: no serious or
// critical axe violation and no horizontal overflow. Detail pages are opened without an id (their empty state).
// At 1366 px each route is loaded from its address; at 375 px the app navigates to it from the previous one (as a
// click on a link does), which checks the same pages without starting the app 39 more times (ADR 0024).

const ROUTES = PAGES.filter(
  (p) =>
    (p.kind === 'public' || p.kind === 'search') &&
    !p.redirect &&
    (p.path.startsWith('/web/') || p.path === '/assistance/details' || p.path === '/association/details'),
);

describe('public portal pages: axe and overflow', () => {
  for (const width of [1366, 375]) {
    it(`${ROUTES.length} routes at ${width} px`, { timeout: 900_000 }, async () => {
      const page = await newPage({ width, height: 800, fresh: true });
      const problems: string[] = [];
      for (const [i, { path, title }] of ROUTES.entries()) {
        if (width === 1366 || i === 0) {
          await page.goto(`${baseURL()}${path}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
        } else {
          // React Router follows popstate: the route changes without a page load.
          await page.evaluate((to) => {
            window.history.pushState(null, '', to);
            window.dispatchEvent(new PopStateEvent('popstate'));
          }, path);
        }
        await waitForTitle(page, title);
        await page.waitForSelector('main h1, main [role="heading"][aria-level="1"], main', { timeout: 30_000 });
        await page
          .waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning'), null, { timeout: 30_000 })
          .catch(() => undefined);
        for (const v of await axeViolations(page, { seriousOnly: true, exclude: ['.ant-table-measure-row'] }))
          problems.push(`${path} @${width}: ${v}`);
        const o = await horizontalOverflow(page);
        if (o.scrollWidth > o.viewport) problems.push(`${path} @${width}: overflow ${o.scrollWidth} > ${o.viewport}`);
      }
      console.log(`[portal-axe] ${width} px: ${ROUTES.length} routes, ${problems.length} problems`);
      expect(problems).toEqual([]);
    });
  }
});
