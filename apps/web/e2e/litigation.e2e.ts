import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  backgroundJobsDone,
  dataDbPath,
  horizontalOverflow,
  openAs,
  screenshot,
  waitForTitle,
  chooseOption,
} from './harness';

// Issue 9 B2, litigation in the browser (company user, the demo cases the fresh start seeded over stored patents):
// 诉讼检索 by case number with the match marked, 收藏, the case on /litigation under 已收藏, its detail with parties,
// a patent linked to /detail and the judgment; axe-core (WCAG 2.1 A/AA) on the three pages; 1366 and 375 px.

const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

/** A judged demo case with a stored patent that the demo company neither is a party to nor follows. */
function pickCase(): { id: number; case_no: string } {
  const db = new Database(dataDbPath(), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `SELECT c.id, c.case_no FROM litigation_cases c
         WHERE c.status = '已判决' AND c.judgment_text <> ''
           AND EXISTS (SELECT 1 FROM litigation_patents p JOIN patents s ON s.an = p.an OR s.pn = p.pn WHERE p.case_id = c.id)
           AND NOT EXISTS (SELECT 1 FROM litigation_parties lp WHERE lp.case_id = c.id AND lp.name LIKE '示例%')
           AND NOT EXISTS (SELECT 1 FROM litigation_follows f WHERE f.case_id = c.id)
         ORDER BY c.id LIMIT 1`,
      )
      .get() as { id: number; case_no: string };
  } finally {
    db.close();
  }
}

beforeAll(() => backgroundJobsDone(110_000), 120_000);

describe('litigation (company user)', () => {
  it('searches a case, follows it, finds it on /litigation and reads its detail', async () => {
    const target = pickCase();
    expect(target, 'the fresh start seeds judged demo cases').toBeTruthy();
    const { page, errors } = await openAs('company');

    // 诉讼检索: by case number, in another bracket style than stored.
    await page.goto('/litigation/docking');
    await waitForTitle(page, '诉讼检索');
    await chooseOption(page, page.getByLabel('检索字段'), '案号');
    const typed = target.case_no.replace('（', '(').replace('）', ')');
    await page.getByLabel('检索词').fill(typed);
    await page.getByLabel('检索词').press('Enter');
    const results = page.getByRole('list', { name: '诉讼检索结果' });
    await results.waitFor();
    await page.getByText('共找到 1 件案件').waitFor();
    const hit = results.getByRole('listitem');
    expect(await hit.locator('em').first().innerText()).toBe(target.case_no);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'litigation-docking-1366');

    await hit.getByRole('button', { name: `收藏案件 ${target.case_no}` }).click();
    await hit.getByRole('button', { name: `已收藏 ${target.case_no}，点击取消收藏` }).waitFor();

    // 我的诉讼 → 已收藏.
    await page.getByRole('link', { name: '我的诉讼', exact: true }).click();
    await waitForTitle(page, '诉讼管理');
    await page.getByText(/^已收藏（\d+）$/).click();
    const row = page.getByRole('row').filter({ hasText: target.case_no });
    await row.waitFor();
    expect(await row.getByText('已收藏', { exact: true }).count()).toBeGreaterThan(0);
    expect(await axeViolations(page, { include: ['.lit-page'] })).toEqual([]);
    await screenshot(page, 'litigation-list-1366');

    // The detail.
    await row.getByRole('link', { name: target.case_no }).click();
    await page.waitForURL(`**/litigation/details?id=${target.id}`);
    await page.getByRole('heading', { name: target.case_no }).waitFor();
    await page.getByRole('article', { name: '裁判文书全文' }).waitFor();
    const patentLink = page.locator('a[href^="/detail?id="]').first();
    await patentLink.waitFor();
    expect(await page.getByRole('button', { name: /点击取消收藏/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /下载裁判文书/ }).isEnabled()).toBe(true);
    expect(await axeViolations(page, { include: ['.lit-page'] })).toEqual([]);
    await screenshot(page, 'litigation-detail-1366');

    // A phone: the detail and the list fit the width.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('article', { name: '裁判文书全文' }).waitFor();
    let o = await horizontalOverflow(page);
    expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
    await screenshot(page, 'litigation-detail-375');
    await page.goto('/litigation?relation=followed');
    await page.getByRole('row').filter({ hasText: target.case_no }).waitFor();
    o = await horizontalOverflow(page);
    expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
    await screenshot(page, 'litigation-list-375');

    expect(realErrors(errors)).toEqual([]);
  }, 120_000);
});
