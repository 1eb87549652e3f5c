import { describe, expect, it } from 'vitest';
import {
  api,
  collectConsoleErrors,
  horizontalOverflow,
  newPage,
  openAs,
  screenshot,
  type AccountKind,
  type Page,
} from './harness';

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
  } else if (kind === 'company' || kind === 'trial') {
    await page.getByLabel('专利快速检索').waitFor();
  } else {
    // main and staff land on /work, the visits' 工作台 (ADR 0040).
    await page.getByText('今日待走访').first().waitFor();
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

// The search pages (issue 4) on a desktop and a phone: results, a patent's tabs, advanced search, and the public
// result list; each loads without console errors and fits the width. Saved as search-<page>-<width>.png.
describe('search pages, desktop and phone', () => {
  const PAGES = [
    { name: 'docking', kind: 'company', path: () => '/docking?val=电池', ready: /共\s*[\d,]+\s*条/ },
    { name: 'detail', kind: 'company', path: (id: number) => `/detail?id=${id}`, ready: '摘要' },
    { name: 'power', kind: 'company', path: (id: number) => `/power?id=${id}`, ready: '权利要求' },
    { name: 'law', kind: 'company', path: (id: number) => `/law?id=${id}`, ready: '法律状态' },
    { name: 'advanced', kind: 'company', path: () => '/AdvancedSearch', ready: '检索式' },
    { name: 'public-list', kind: 'visitor', path: () => '/web/search/list?val=电池', ready: /共\s*[\d,]+\s*条/ },
  ] as const;
  const cases = PAGES.flatMap((p) => WIDTHS.map((width) => [p.name, width] as const));
  let id = 0;

  it.each(cases)('%s at %i px', async (name, width) => {
    if (!id) {
      const r = await api<{ data: { list: { id: number }[] } }>('POST', '/v1/search/expression', {
        body: { val: '电池', page_size: 1 },
      });
      id = r.body.data.list[0].id;
    }
    const p = PAGES.find((x) => x.name === name)!;
    let page: Page;
    let errors: string[];
    if (p.kind === 'visitor') {
      page = await newPage({ fresh: true, width, height: 800 });
      errors = collectConsoleErrors(page);
    } else {
      ({ page, errors } = await openAs(p.kind, { width, height: 800 }));
    }
    await page.goto(p.path(id));
    await page.getByText(p.ready).first().waitFor();
    await page.waitForLoadState('networkidle');
    const { scrollWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await screenshot(page, `search-${name}-${width}`);
    expect(errors).toEqual([]);
  });
});
