import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  axeViolations,
  backgroundJobsDone,
  collectConsoleErrors,
  newPage,
  openAs,
  waitForTitle,
  type Page,
} from './harness';

// Issue 4, patent search in the browser: the top-bar keyword search with facets, paging, the seven detail tabs and
// 返回 to the same place (ADR 0009); the advanced-search expression editor's live syntax check; export to Excel
// (company user) and its refusal (trial user); the visitors' public search without export.

/** A keyword with a few hundred hits in the demo and start-up data, spread over every facet. */
const KEYWORD = '电池';

/** Chrome logs a failed request (a 4xx answer) as a console error; those are expected where a call is refused. */
const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));
/** antd puts a space between two CJK characters of a button without an icon ("关 闭"). */
const spaced = (label: string) => new RegExp(`^\\s*${Array.from(label).join('\\s*')}\\s*$`);

interface Detail {
  id: number;
  pn: string;
  an: string;
  title: string;
  abstract: string;
  description: string;
  claims_list: unknown[];
  drawings: unknown;
  pdf: string;
  legal_status: string;
  legal_events: { date: string; code: string; text: string }[];
  family: unknown;
  citations: unknown;
}

const jsonList = (v: unknown): unknown[] => {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string' && v) {
    try {
      const parsed: unknown = JSON.parse(v);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return [];
};

/** What the server answers for a search (public call, no history kept). */
async function apiSearch(query: Record<string, unknown>): Promise<{ total: number; list: { id: number; pn: string }[] }> {
  const res = await api('POST', '/v1/search/expression', {
    body: { sort: 'relevance', page: 1, page_size: 10, ...query },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function apiDetail(id: string): Promise<Detail> {
  const res = await api('POST', '/v1/patents/detail', { body: { id: Number(id) } });
  expect(res.status).toBe(200);
  return res.body.data as Detail;
}

// ─── the result page ────────────────────────────────────────────────────────────────────────────────────────
const summaryTotal = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /^共\s*[\d,]+\s*条/ })
    .locator('strong');
/** The exact total the result page shows (共 N 条). */
async function shownTotal(page: Page): Promise<number> {
  return Number((await summaryTotal(page).textContent())?.replace(/[^\d]/g, ''));
}
const hits = (page: Page) => page.getByRole('list', { name: '检索结果' }).getByRole('listitem');
const hitTitles = (page: Page) => hits(page).getByRole('link');
const facetGroup = (page: Page, group: string) =>
  page.getByRole('navigation', { name: '筛选' }).getByRole('list', { name: group, exact: true });
const facetButton = (page: Page, group: string, value: string) =>
  facetGroup(page, group)
    .getByRole('button')
    .filter({ has: page.getByText(value, { exact: true }) });
/** The values of a facet panel with their counts, as shown. */
async function facetValues(page: Page, group: string): Promise<{ value: string; count: number }[]> {
  const buttons = facetGroup(page, group).getByRole('button');
  await buttons.first().waitFor();
  const out: { value: string; count: number }[] = [];
  for (const b of await buttons.all()) {
    const value = (await b.locator('.search-facet-name').textContent()) ?? '';
    const count = Number(await b.locator('.search-facet-count').textContent());
    out.push({ value, count });
  }
  return out;
}
/** Waits until the result page shows a settled answer: no skeleton, no spinner over the previous page. */
async function settled(page: Page): Promise<void> {
  await hits(page).first().waitFor();
  await expect.poll(() => page.locator('.search-page [aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0);
}
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const exportButton = (page: Page) => page.getByRole('button', { name: spaced('导出') });

// ─── the detail pages ───────────────────────────────────────────────────────────────────────────────────────
/** The shown (not kept-alive, hidden) detail frame. */
const frame = (page: Page) => page.locator('.patent-detail').filter({ visible: true });
/** The header shared by the tabs: title, number, tags, dates. */
const header = (page: Page) => frame(page).locator('.patent-header');
/** The shown tab's own content, below the shared header and tab bar. */
const body = (page: Page) => frame(page).locator('.patent-body');

/** What each tab must show for the patent (checked against the server's detail answer). */
const TABS: { path: string; label: string; shows: (page: Page, p: Detail) => Promise<void> }[] = [
  {
    path: '/detail',
    label: '摘要',
    shows: async (page, p) => {
      const biblio = body(page).locator('.ant-card').filter({ hasText: '著录项目' });
      await biblio.getByText('申请号', { exact: true }).waitFor();
      expect(await biblio.getByText('公开（公告）号', { exact: true }).isVisible()).toBe(true);
      if (p.an) expect(await biblio.getByText(p.an, { exact: true }).isVisible()).toBe(true);
      const abstract = body(page)
        .locator('.ant-card')
        .filter({ has: page.getByText('摘要', { exact: true }) });
      if (p.abstract) await abstract.getByText(p.abstract.slice(0, 20)).waitFor();
      else await abstract.getByText('暂无摘要').waitFor();
    },
  },
  {
    path: '/power',
    label: '权利要求',
    shows: async (page, p) => {
      if (p.claims_list.length) {
        const claims = body(page).getByRole('list', { name: '权利要求' }).getByRole('listitem');
        await claims.first().waitFor();
        expect(await claims.count()).toBe(p.claims_list.length);
        expect(await body(page).getByText(`共 ${p.claims_list.length} 项`).isVisible()).toBe(true);
      } else {
        await body(page).getByText('暂无权利要求').waitFor();
      }
    },
  },
  {
    path: '/instructions',
    label: '说明书',
    shows: async (page, p) => {
      const card = body(page)
        .locator('.ant-card')
        .filter({ has: page.getByText('说明书', { exact: true }) });
      const firstLine = p.description
        .split(/\r?\n+/)
        .map((l) => l.trim())
        .find(Boolean);
      if (firstLine) await card.getByText(firstLine.slice(0, 20)).first().waitFor();
      else await card.getByText('暂无说明书').waitFor();
    },
  },
  {
    path: '/drawings',
    label: '附图',
    shows: async (page, p) => {
      const drawings = jsonList(p.drawings);
      if (drawings.length) {
        await body(page).getByText(`附图（${drawings.length} 幅）`).waitFor();
        expect(
          await body(page)
            .getByRole('img', { name: /^附图 \d+$/ })
            .count(),
        ).toBe(drawings.length);
      } else {
        await body(page).getByText('暂无附图').waitFor();
      }
    },
  },
  {
    path: '/fullText',
    label: '全文',
    shows: async (page, p) => {
      if (p.pdf) {
        await body(page).locator('iframe.patent-pdf').waitFor();
      } else {
        const article = body(page).getByRole('article', { name: '专利全文' });
        await article.getByRole('heading', { name: p.title, exact: true }).waitFor();
        for (const section of ['摘要', '权利要求书', '说明书'])
          expect(await article.getByRole('heading', { name: section, exact: true }).isVisible()).toBe(true);
      }
    },
  },
  {
    path: '/law',
    label: '法律信息',
    shows: async (page, p) => {
      const card = body(page).locator('.ant-card').filter({ hasText: '当前法律状态' });
      await card.getByLabel(`法律状态：${p.legal_status}`).waitFor();
      if (p.legal_events.length) {
        for (const e of p.legal_events) expect(await card.getByText(e.text, { exact: true }).first().isVisible()).toBe(true);
        expect(await card.locator('.ant-timeline-item').count()).toBe(p.legal_events.length);
      } else {
        await card.getByText('暂无法律事件').waitFor();
      }
    },
  },
  {
    path: '/kindred',
    label: '同族信息',
    shows: async (page, p) => {
      await body(page)
        .getByText(`同族专利（${jsonList(p.family).length}）`)
        .waitFor();
      await body(page)
        .getByText(`引证文献（${jsonList(p.citations).length}）`)
        .waitFor();
      const citations = jsonList(p.citations) as { pn?: string }[];
      if (citations[0]?.pn) expect(await body(page).getByText(citations[0].pn, { exact: true }).first().isVisible()).toBe(true);
    },
  },
];

beforeAll(async () => {
  await backgroundJobsDone(110_000);
});

describe('keyword search, facets, detail tabs and 返回 (company user)', () => {
  it('searches from the top bar, narrows by a facet, pages, opens a patent, visits all seven tabs and comes back', async () => {
    const { page, errors } = await openAs('company');

    // The top-bar search goes to /docking?val=… with the exact total.
    const bar = page.getByRole('search');
    await bar.getByRole('textbox', { name: '专利关键词' }).fill(KEYWORD);
    await bar.getByRole('button', { name: spaced('搜索') }).click();
    await page.waitForURL((url) => url.pathname === '/docking' && url.searchParams.get('val') === KEYWORD);
    await waitForTitle(page, '专利检索');
    await settled(page);
    const all = await apiSearch({ val: KEYWORD });
    expect(all.total).toBeGreaterThan(20);
    await expect.poll(() => shownTotal(page)).toBe(all.total);
    // Readable by older eyes: the facet counts and hit labels were #8c8c8c, 3.36:1 on white (axe color-contrast).
    expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);

    // A legal-status value with at least two pages of hits but fewer than all, whose page 2 has a patent with claims,
    // description and legal events (many start-up records hold only a title and an abstract), so that every tab of
    // the patent opened below has something to show.
    const statuses = await facetValues(page, '法律状态');
    const rich = (d: Detail) => d.claims_list.length > 0 && d.description !== '' && d.legal_events.length > 0;
    let pick: { value: string; count: number } | undefined;
    let chosen: Detail | undefined;
    for (const candidate of statuses.filter((s) => s.count > 10 && s.count < all.total)) {
      const page2 = await apiSearch({ val: KEYWORD, filters: { legal_status: candidate.value }, page: 2 });
      const details = await Promise.all(page2.list.map((h) => apiDetail(String(h.id))));
      // Preferably one further down the page, to check the scroll position on the way back.
      const order = [...details.keys()].sort((a, b) => Number(b >= 4) - Number(a >= 4) || a - b);
      const i = order.find((n) => rich(details[n]!));
      if (i !== undefined) {
        pick = candidate;
        chosen = details[i];
        break;
      }
    }
    expect(
      pick,
      `a 法律状态 value with 11…${all.total - 1} hits and a full record on page 2: ${JSON.stringify(statuses)}`,
    ).toBeDefined();
    const { value: status, count } = pick!;
    await facetButton(page, '法律状态', status).click();
    await page.waitForURL((url) => url.searchParams.get('legal_status') === status);
    await expect.poll(() => shownTotal(page)).toBe(count);
    await settled(page);
    expect(await facetButton(page, '法律状态', status).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByLabel('已选筛选条件').getByText(`法律状态：${status}`).isVisible()).toBe(true);
    // Every hit of the page carries the status.
    expect(await hits(page).count()).toBe(10);
    expect(await hits(page).getByLabel(`法律状态：${status}`).count()).toBe(10);

    // Page 2.
    const firstOfPage1 = await hitTitles(page).first().innerText();
    await page.locator('.search-pagination').getByTitle('2', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => hitTitles(page).first().innerText()).not.toBe(firstOfPage1);
    await settled(page);
    expect(await shownTotal(page)).toBe(count);
    const firstOfPage2 = await hitTitles(page).first().innerText();
    const listUrl = new URL(page.url());

    // Scroll down to that patent and open it.
    const target = hits(page).filter({ has: page.locator(`a[href="/detail?id=${chosen!.id}"]`) });
    await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const savedY = await scrollY(page);
    expect(savedY).toBeGreaterThan(0);
    const title = (await target.locator(`a[href="/detail?id=${chosen!.id}"]`).first().innerText()).trim();
    await target.locator(`a[href="/detail?id=${chosen!.id}"]`).first().click();
    await page.waitForURL((url) => url.pathname === '/detail' && !!url.searchParams.get('id'));
    const id = new URL(page.url()).searchParams.get('id')!;
    expect(id).toBe(String(chosen!.id));
    const patent = chosen!;
    expect(patent.title).toBe(title);

    // Every tab: the shared header (title and number) stays, the tab shows its own content.
    for (const tab of TABS) {
      if (tab.path !== '/detail') await frame(page).getByRole('tab', { name: tab.label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === tab.path && url.searchParams.get('id') === id);
      await waitForTitle(page, tab.label);
      await header(page).getByRole('heading', { level: 4, name: patent.title, exact: true }).waitFor();
      expect(await header(page).getByText(patent.pn, { exact: true }).isVisible()).toBe(true);
      expect(await frame(page).getByRole('tab', { name: tab.label, exact: true }).getAttribute('aria-selected')).toBe('true');
      await tab.shows(page, patent);
    }

    // A reload drops what the app holds in memory: 返回 must still land where the user was (ADR 0009, the result page
    // and its scroll position kept in session storage), which the browser alone cannot do for a page built by script.
    await page.reload();
    await header(page).getByRole('heading', { level: 4, name: patent.title, exact: true }).waitFor();

    // 返回 (breadcrumb): back on the same result page, same facet, same total, same place.
    await page
      .getByRole('navigation', { name: '面包屑' })
      .getByRole('button', { name: spaced('返回') })
      .click();
    await page.waitForURL((url) => url.pathname === '/docking');
    const back = new URL(page.url());
    expect(back.search).toBe(listUrl.search);
    expect(back.searchParams.get('page')).toBe('2');
    expect(back.searchParams.get('legal_status')).toBe(status);
    await settled(page);
    expect(await shownTotal(page)).toBe(count);
    expect(await facetButton(page, '法律状态', status).getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('.search-pagination .ant-pagination-item-active').getAttribute('title')).toBe('2');
    expect(await hitTitles(page).first().innerText()).toBe(firstOfPage2);
    await expect.poll(() => scrollY(page)).toBe(savedY);
    expect(realErrors(errors)).toEqual([]);
  });
});

describe('advanced search expression editor (company user)', () => {
  it('shows the Chinese syntax error with its position, and searches once it is fixed', async () => {
    const { page, errors } = await openAs('company');
    await page.getByRole('search').getByRole('button', { name: '高级搜索' }).click();
    await page.waitForURL('**/AdvancedSearch');
    const editor = page.getByRole('textbox', { name: '检索式', exact: true });
    await editor.waitFor();

    const broken = '名称=(电池 AND';
    const position = broken.indexOf('AND') + 1;
    await editor.fill(broken);
    const editorCard = page.locator('.ant-card').filter({ has: editor });
    const problem = editorCard.getByRole('alert').filter({ hasText: `第 ${position} 个字符` });
    await problem.waitFor();
    expect(await problem.textContent()).toMatch(/AND.*缺少检索词/);
    // The marked character is the one at the position.
    const mark = problem.getByTestId('expr-error-mark');
    expect(await mark.textContent()).toBe('A');
    expect(await mark.getAttribute('title')).toBe(`第 ${position} 个字符`);
    expect(await editor.getAttribute('class')).toContain('ant-input-status-error');
    // 定位到错误 selects that character in the editor.
    await problem.getByRole('button', { name: '定位到错误' }).click();
    expect(await editor.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd])).toEqual([
      position - 1,
      position,
    ]);
    // Searching with the error is refused in place.
    await page.getByRole('button', { name: spaced('检索') }).click();
    await page.locator('.ant-message').getByText(`第 ${position} 个字符`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/AdvancedSearch');

    // Fixed: the error goes away, the editor says it is correct, and the search runs.
    const fixed = '名称=(电池 AND 正极)';
    await editor.fill(fixed);
    await page.getByText('检索式正确').waitFor();
    expect(await editorCard.getByRole('alert').count()).toBe(0);
    expect(await page.getByTestId('expr-error-mark').count()).toBe(0);
    expect(await editor.getAttribute('class')).not.toContain('ant-input-status-error');
    await page.getByRole('button', { name: spaced('检索') }).click();
    await page.waitForURL((url) => url.pathname === '/docking' && url.searchParams.get('expr') === fixed);
    await settled(page);
    const expected = await apiSearch({ expression: fixed });
    expect(expected.total).toBeGreaterThan(0);
    await expect.poll(() => shownTotal(page)).toBe(expected.total);
    expect(await page.locator('.search-expr-code').first().textContent()).toMatch(/电池 AND 正极/);
    expect(realErrors(errors)).toEqual([]);
  });
});

describe('export to Excel (spec §7 patent_export, DOMAIN §1/§4)', () => {
  it('a company user exports the narrowed result set: progress to 100 %, the .xlsx has the columns and every row', async () => {
    const { page, errors } = await openAs('company');
    const status = '有权';
    await page.goto(`/docking?${new URLSearchParams({ val: KEYWORD, legal_status: status }).toString()}`);
    await settled(page);
    const expected = await apiSearch({ val: KEYWORD, filters: { legal_status: status } });
    expect(expected.total).toBeGreaterThan(0);
    await expect.poll(() => shownTotal(page)).toBe(expected.total);
    const shownPns = expected.list.map((h) => h.pn).filter(Boolean);

    await exportButton(page).click();
    const dialog = page.getByRole('dialog', { name: '导出检索结果' });
    await dialog.getByText(`将导出 ${expected.total.toLocaleString('zh-CN')} 条检索结果（含法律状态）`).waitFor();
    await dialog.getByText(`导出完成，共 ${expected.total.toLocaleString('zh-CN')} 条`).waitFor({ timeout: 45_000 });
    expect(await dialog.getByRole('progressbar', { name: '导出进度' }).getAttribute('aria-valuenow')).toBe('100');

    const downloading = page.waitForEvent('download', { timeout: 20_000 });
    await dialog.getByRole('link', { name: '下载 Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = path.join(os.tmpdir(), `ip-e2e-export-${process.pid}-${Date.now()}.xlsx`);
    await download.saveAs(file);
    try {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(file);
      const ws = wb.worksheets[0]!;
      const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
      for (const col of [
        '公开（公告）号',
        '申请号',
        '申请日',
        '公开（公告）日',
        '名称',
        '申请（专利权）人',
        '发明人',
        '专利类型',
        '主分类号',
        '法律状态',
      ])
        expect(header).toContain(col);
      const rows: Record<string, string>[] = [];
      ws.eachRow((row, n) => {
        if (n === 1) return;
        const values = row.values as unknown[];
        rows.push(Object.fromEntries(header.map((h, i) => [h, values[i + 1] == null ? '' : String(values[i + 1])])));
      });
      expect(rows.length).toBe(Math.min(expected.total, 50_000));
      // The sheet holds the narrowed set: every row has the status, and the page shown is in it.
      expect(new Set(rows.map((r) => r['法律状态']))).toEqual(new Set([status]));
      const exportedPns = new Set(rows.map((r) => r['公开（公告）号']));
      for (const pn of shownPns) expect(exportedPns.has(pn)).toBe(true);
      expect(rows.every((r) => r['名称'])).toBe(true);
    } finally {
      fs.rmSync(file, { force: true });
    }

    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: spaced('关闭') })
      .click();
    await dialog.waitFor({ state: 'hidden' });
    expect(realErrors(errors)).toEqual([]);
  });

  it('a trial user clicking 导出 gets the Chinese refusal and no file', async () => {
    const { page, errors } = await openAs('trial');
    await page.goto(`/docking?${new URLSearchParams({ val: KEYWORD }).toString()}`);
    await settled(page);
    await exportButton(page).click();
    const dialog = page.getByRole('dialog', { name: '导出检索结果' });
    const refusal = dialog.getByRole('alert');
    await refusal.getByText('无法导出').waitFor();
    expect(await refusal.getByText(/导出仅对已认证企业开放/).isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: '下载 Excel' }).count()).toBe(0);
    expect(await dialog.getByRole('progressbar').count()).toBe(0);
    expect(realErrors(errors)).toEqual([]);
  });
});

describe('public search for visitors (/web/search)', () => {
  it('a visitor searches, sees the results without 导出, opens a patent and comes back', async () => {
    const page = await newPage({ fresh: true });
    const errors = collectConsoleErrors(page);
    // A visitor without a login (the SMS login of /web/small is for enterprise-service staff since ADR 0044).

    await page.goto('/web/search');
    await waitForTitle(page, '专利检索');
    const hero = page.getByRole('region', { name: '专利检索' });
    await hero.getByRole('heading', { name: '专利检索', exact: true }).waitFor();
    await hero.getByLabel('专利关键词').fill(KEYWORD);
    await hero.getByRole('button', { name: spaced('检索') }).click();
    await page.waitForURL((url) => url.pathname === '/web/search/list' && url.searchParams.get('val') === KEYWORD);
    await waitForTitle(page, '检索结果');
    await settled(page);
    const expected = await apiSearch({ val: KEYWORD });
    await expect.poll(() => shownTotal(page)).toBe(expected.total);
    expect(await hits(page).count()).toBe(10);
    expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
    expect(await page.getByRole('button', { name: /分\s*析/ }).isVisible()).toBe(true);
    expect(await exportButton(page).count()).toBe(0);
    // No sidebar or top bar of the app: the public layout.
    expect(await page.getByRole('complementary', { name: '侧边菜单' }).count()).toBe(0);

    const first = hitTitles(page).first();
    const title = (await first.innerText()).trim();
    await first.click();
    await page.waitForURL((url) => url.pathname === '/detail');
    const patent = await apiDetail(new URL(page.url()).searchParams.get('id')!);
    expect(patent.title).toBe(title);
    await header(page).getByRole('heading', { level: 4, name: title, exact: true }).waitFor();
    await TABS[0]!.shows(page, patent);
    await frame(page).getByRole('tab', { name: '权利要求', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/power');
    await TABS[1]!.shows(page, patent);

    // The frame's own 返回 (the public layout has no breadcrumb bar) goes back to the list.
    await frame(page)
      .getByRole('button', { name: spaced('返回') })
      .click();
    await page.waitForURL((url) => url.pathname === '/web/search/list' && url.searchParams.get('val') === KEYWORD);
    await settled(page);
    expect(await shownTotal(page)).toBe(expected.total);
    expect(await exportButton(page).count()).toBe(0);

    // Nor does /docking offer 导出 to a visitor.
    await page.goto(`/docking?${new URLSearchParams({ val: KEYWORD }).toString()}`);
    await settled(page);
    expect(await shownTotal(page)).toBe(expected.total);
    expect(await exportButton(page).count()).toBe(0);
    expect(realErrors(errors)).toEqual([]);
  });
});
