import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, horizontalOverflow, newPage, openAs, screenshot, type AccountKind, type Page } from './harness';

// The landing page of every kind of user, on a desktop and a phone, saved to .tmp/screenshots/<kind>-<width>.png
// for a person to look at; each must load without console errors and fit the window's width.

type Kind = AccountKind | 'visitor';
const KINDS: Kind[] = ['admin', 'company', 'trial', 'main', 'staff', 'visitor'];
const WIDTHS = [1366, 375];

/** Waits until the landing page shows its content (not a spinner). */
async function landed(page: Page, kind: Kind): Promise<void> {
  if (kind === 'visitor') {
    await page.getByRole('heading', { name: '知识产权管理与专利检索平台' }).waitFor();
  } else if (kind === 'admin') {
    await page.getByRole('cell', { name: '13800000001' }).waitFor();
  } else {
    await page.getByText('功能建设中').waitFor();
  }
  await page.waitForLoadState('networkidle');
}

describe('landing pages, desktop and phone', () => {
  const cases = KINDS.flatMap((kind) => WIDTHS.map((width) => [kind, width] as const));

  it.each(cases)('%s at %i px', async (kind, width) => {
    let page: Page;
    let errors: string[];
    if (kind === 'visitor') {
      page = await newPage({ fresh: true, width, height: 800 });
      errors = collectConsoleErrors(page);
      await page.goto('/');
      await page.waitForURL('**/web/index');
    } else {
      ({ page, errors } = await openAs(kind, { width, height: 800 }));
    }
    await landed(page, kind);
    const { scrollWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await screenshot(page, `${kind}-${width}`);
    expect(errors).toEqual([]);
  });
});
