import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  api,
  axeViolations,
  dataDbPath,
  demoToken,
  freshMobile,
  horizontalOverflow,
  openPatiently,
  type Page,
  screenshot,
  waitForTitle,
} from './harness';

// /workCompany and /workTobear (ADR 0043). An enterprise-service office of this file's own (a main account the
// administrator creates with a fresh mobile, two enterprises written to the server's database with one done visit
// and one open demand), so no other file sees its weights or its ranking. The main account raises the visit weight
// on 企业分级 → 评分规则 and the ranking on 企业排名 changes order. axe-core (WCAG 2.1 A/AA), screenshots and no
// horizontal overflow at 1366 and 375 px.

const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));
const PASSWORD = 'Grade2026a';

async function fits(page: Page, name: string) {
  await screenshot(page, `${name}-1366`);
  await page.setViewportSize({ width: 375, height: 800 });
  expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1366, height: 768 });
}

async function ownOffice() {
  const mobile = freshMobile();
  const suffix = mobile.slice(-4);
  const admin = await demoToken('admin');
  const created = await api('POST', '/v1/news/user/create', {
    token: admin,
    body: { mobile, name: `分级中心${suffix}`, kind: 'main', password: PASSWORD, company_name: `分级测试中心${suffix}` },
  });
  expect(created.body.code, JSON.stringify(created.body)).toBe(1);
  const names = [`访企业${suffix}有限公司`, `需企业${suffix}有限公司`];
  const db = new Database(dataDbPath(), { fileMustExist: true, timeout: 20_000 });
  try {
    const id = (db.prepare('SELECT id FROM users WHERE mobile = ?').get(mobile) as { id: number }).id;
    db.prepare('UPDATE users SET must_change_password = 0 WHERE id = ?').run(id);
    const now = new Date().toISOString();
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const companyIds = names.map(
      (n) =>
        db
          .prepare(
            `INSERT INTO companies (company_name, credit_code, street_id, street_name, patent_num, created_at, service_owner_id)
             VALUES (?, '', 0, '', 0, ?, ?)`,
          )
          .run(n, now, id).lastInsertRowid as number,
    );
    db.prepare(
      `INSERT INTO visits (owner_id, company_id, staff_id, status, plan_date, visit_date, created_by, created_at, updated_at)
       VALUES (?, ?, ?, 'done', ?, ?, ?, ?, ?)`,
    ).run(id, companyIds[0], id, today, today, id, now, now);
    db.prepare(
      `INSERT INTO demands (owner_id, company_id, source, title, status, registered_at, contact_due, reply_due, close_due,
         created_by, created_at, updated_at) VALUES (?, ?, 'staff', '端到端需求', 'registered', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, companyIds[1], now, '2020-01-02', '2020-01-06', '2020-01-08', id, now, now);
    // Rows written straight to the database bypass the calls that keep the ranking's stored counts (ADR 0050): the
    // counts of these two enterprises are stored here as those calls would have stored them.
    db.prepare('INSERT INTO service_company_facts (company_id, visit) VALUES (?, 1)').run(companyIds[0]);
    db.prepare('INSERT INTO service_company_facts (company_id, demand) VALUES (?, 1)').run(companyIds[1]);
  } finally {
    db.close();
  }
  const login = await api('POST', '/v1/user/login', { body: { mobile, password: PASSWORD, type: '0' } });
  return { token: login.body.data.token as string, names };
}

describe('grading and ranking for an enterprise-service main account', () => {
  it(
    'changes a weight on 企业分级 and the ranking on 企业排名 follows (axe, 1366 and 375 px)',
    { timeout: 300_000 },
    async () => {
      const { token, names } = await ownOffice();
      const [visited, demanding] = names;
      const { page, errors } = await openPatiently(token, '/workCompany', { waitForLanding: true, timeout: 40_000 });
      await waitForTitle(page, '企业排名');
      // Defaults: the open demand (3) outranks the visit (2).
      const firstName = () => page.getByRole('row').nth(1).getByRole('link');
      await expect.poll(() => firstName().textContent(), { timeout: 20_000 }).toBe(demanding);
      await page.getByRole('row').nth(1).getByRole('button', { name: /展开/ }).click();
      await page.getByLabel(`${demanding} 得分构成`).getByText('1 × 3 = 3').waitFor();
      expect(JSON.stringify(await axeViolations(page))).toBe('[]');
      await fits(page, 'work-company');

      await page.goto('/workTobear?tab=rules', { waitUntil: 'domcontentloaded', timeout: 60_000 });
      await waitForTitle(page, '企业分级');
      const visit = page.getByLabel('近一年走访');
      await expect.poll(() => visit.inputValue(), { timeout: 20_000 }).toBe('2');
      await visit.fill('10');
      await page.getByRole('button', { name: '预览分级' }).click();
      await page.getByText(/按此规则：A 级 0 家/).waitFor();
      await page.getByRole('button', { name: '保存规则' }).click();
      await page.getByText('评分规则已保存，企业等级和排名已按新规则计算').waitFor();
      await page.mouse.move(0, 0); // the pointer left on 保存规则 shows its lighter hover colour
      expect(JSON.stringify(await axeViolations(page))).toBe('[]');
      await fits(page, 'work-tobear-rules');
      await page.getByRole('tab', { name: '分级企业' }).click();
      await page.getByRole('button', { name: /^D 级 · 需要关注/ }).click();
      await page.waitForURL((url) => url.search.includes('grade=D'));
      await page.getByRole('link', { name: demanding }).waitFor();
      await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
      expect(JSON.stringify(await axeViolations(page))).toBe('[]');
      await fits(page, 'work-tobear');

      await page.goto('/workCompany', { waitUntil: 'domcontentloaded', timeout: 60_000 });
      await waitForTitle(page, '企业排名');
      await expect.poll(() => firstName().textContent(), { timeout: 20_000 }).toBe(visited);
      const row = page.getByRole('row').nth(1);
      await row.getByRole('cell', { name: '10', exact: true }).waitFor();
      expect(realErrors(errors)).toEqual([]);
    },
  );
});
