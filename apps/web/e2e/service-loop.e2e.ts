import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  api,
  axeViolations,
  baseURL,
  collectConsoleErrors,
  dataDbPath,
  DEMO_PASSWORD,
  demoToken,
  freshMobile,
  horizontalOverflow,
  latestSmsCode,
  makePng,
  newPage,
  screenshot,
  waitForTitle,
  type Page,
} from './harness';

// Issue 12's browser test of the whole enterprise-service loop (ADR 0050): the main account plans a visit for a staff
// member on /addWaitvisit; the staff member logs in by SMS on a 375 px phone page and records the visit with a photo
// and the enterprise's demand; the main account finds the demand on /workWaitvisit3 (黄灯, then 绿灯 once contacted);
// the demand's days are moved back in the database (the e2e server runs on the real clock) and it turns 红灯; handled;
// the enterprise's company user evaluates it on /VisitsNeeds. The staff member, its assignment and the company user
// are this file's own, so no demo account's state changes for the files running beside it.

const PHONE = { width: 375, height: 812 };
const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

/** An enterprise of the demo office no user belongs to (the lowest id: demands.e2e takes the highest), and a
 * company user of its own (a copy of the demo company user, as demands.e2e makes one). */
function makeEnterpriseUser(): { companyId: number; companyName: string; mobile: string } {
  const db = new Database(dataDbPath(), { fileMustExist: true, timeout: 20_000 });
  try {
    const main = db.prepare(`SELECT id FROM users WHERE mobile = '13800000003'`).get() as { id: number };
    const c = db
      .prepare(
        `SELECT id, company_name FROM companies WHERE service_owner_id = ? AND id NOT IN (SELECT company_id FROM users)
         ORDER BY id LIMIT 1`,
      )
      .get(main.id) as { id: number; company_name: string };
    const mobile = freshMobile();
    const cols = (db.prepare(`PRAGMA table_info(users)`).all() as { name: string }[])
      .map((r) => r.name)
      .filter((n) => n !== 'id');
    const values = cols.map((n) =>
      n === 'mobile' ? '?' : n === 'company_id' ? '?' : n === 'name' ? `'周经理'` : n === 'company_name' ? '?' : n,
    );
    db.prepare(`INSERT INTO users (${cols.join(', ')}) SELECT ${values.join(', ')} FROM users WHERE mobile = '13800000001'`).run(
      ...cols.flatMap((n): (string | number)[] =>
        n === 'mobile' ? [mobile] : n === 'company_id' ? [c.id] : n === 'company_name' ? [c.company_name] : [],
      ),
    );
    return { companyId: c.id, companyName: c.company_name, mobile };
  } finally {
    db.close();
  }
}

/** Past its limits: the demand's registration and due days move back (this demand only). */
function ageDemand(id: number): void {
  const db = new Database(dataDbPath(), { fileMustExist: true, timeout: 20_000 });
  try {
    db.prepare(
      `UPDATE demands SET registered_at = '2000-01-03T02:00:00.000Z', contact_due = '2000-01-04', reply_due = '2000-01-06',
       close_due = '2000-01-10' WHERE id = ?`,
    ).run(id);
  } finally {
    db.close();
  }
}

/** Waits until the shared server answers quickly (it is busy right after start), as demands.e2e does. */
async function serverSettled(): Promise<void> {
  const deadline = Date.now() + 90_000;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const t = Date.now();
    await fetch(`${baseURL()}/v1/ready-probe`).catch(() => undefined);
    quick = Date.now() - t < 500 ? quick + 1 : 0;
  }
}

/**
 * A page in a context of its own logged in by a session token cookie (as the harness's openWithToken does), with
 * navigation timeouts long enough for the shared, heavily loaded machine (15 s was not, even for smoke.e2e).
 */
async function openLong(token: string, landing: string, size = { width: 1366, height: 768 }) {
  const page = await newPage({ fresh: true, ...size });
  page.setDefaultTimeout(60_000);
  page.setDefaultNavigationTimeout(120_000);
  if (token) {
    const origin = new URL(baseURL());
    await page.context().addCookies([
      {
        name: 'token',
        value: token,
        domain: origin.hostname,
        path: '/',
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: 'Lax',
      },
    ]);
    await page.addInitScript(() => localStorage.setItem('sessionHint', '1'));
  }
  const errors = collectConsoleErrors(page);
  await page.goto(landing, { waitUntil: 'domcontentloaded' });
  return { page, errors };
}

async function fits(page: Page, name: string): Promise<void> {
  const o = await horizontalOverflow(page);
  expect(o.scrollWidth, name).toBeLessThanOrEqual(o.viewport);
  expect(await axeViolations(page, { seriousOnly: true }), name).toEqual([]);
  await screenshot(page, name);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('enterprise-service loop (issue 12)', () => {
  it(
    'plan → phone record with photo and demand → green → red → handled → the company evaluates it',
    { timeout: 420_000 },
    async () => {
      await serverSettled();
      const main = await demoToken('main');
      const ent = makeEnterpriseUser();
      const suffix = String(Date.now() % 100000);
      const staffName = `闭环测试员${suffix}`;
      const title = `E2E闭环需求${suffix}`;

      // The office's own staff member for this file, responsible for the enterprise.
      const staffMobile = freshMobile();
      const add = await api('POST', '/v1/service/staff/add', {
        token: main,
        body: { mobile: staffMobile, name: staffName, password: 'Loop@2026x' },
      });
      expect(add.body.code, JSON.stringify(add.body)).toBe(1);
      const staffId = add.body.data.id as number;
      const assign = await api('POST', '/v1/service/staff/assign', {
        token: main,
        body: { id: staffId, company_ids: [ent.companyId], street_ids: [] },
      });
      expect(assign.body.code, JSON.stringify(assign.body)).toBe(1);

      // 1. The main account plans the visit for the staff member (/addWaitvisit, 1366 px).
      const { page, errors } = await openLong(
        main,
        `/addWaitvisit?company_id=${ent.companyId}&company_name=${encodeURIComponent(ent.companyName)}`,
      );
      await waitForTitle(page, '发起待走访');
      await page.getByRole('combobox', { name: '走访人员' }).click();
      await page.locator('.ant-select-item-option').filter({ hasText: staffName }).click();
      await page.getByLabel('走访目的').fill('了解专利布局与融资需求');
      await fits(page, 'loop-plan-1366');
      await page.getByRole('button', { name: '发起待走访' }).click();
      await page.waitForURL((url) => url.pathname === '/workWaitvisit' && url.searchParams.has('focus'));
      const visitId = Number(new URL(page.url()).searchParams.get('focus'));
      expect(visitId).toBeGreaterThan(0);

      // 2. The staff member on the phone: SMS login, the plan, the record with a photo and a demand.
      const { page: phone, errors: phoneErrors } = await openLong('', '/web/small/login', PHONE); // no session: it logs in by SMS;
      await waitForTitle(phone, '访客登录');
      await phone.getByLabel('手机号').fill(staffMobile);
      await phone.getByRole('button', { name: '获取验证码' }).click();
      await phone.getByLabel('验证码').fill(await latestSmsCode(staffMobile));
      await phone.getByRole('button', { name: /^\s*登\s*录\s*$/ }).click();
      await phone.waitForURL('**/web/small/Waitvisit');
      const card = phone.getByRole('button', { name: new RegExp(`^${escape(ent.companyName)}.*点击登记走访`) });
      await card.waitFor();
      await fits(phone, 'loop-phone-waitvisit-375');
      await card.click();
      await phone.waitForURL((url) => url.pathname === '/web/small/workVisit' && url.searchParams.get('id') === String(visitId));
      await phone.getByLabel('接待人员').fill('周经理');
      await phone.getByLabel('走访内容').fill('了解企业专利布局，企业提出融资需求。');
      await phone.getByLabel('拍照或选择照片').setInputFiles({ name: 'loop.png', mimeType: 'image/png', buffer: makePng(16) });
      const bar = phone.getByRole('progressbar', { name: 'loop.png 上传进度' });
      await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('100');
      await phone.getByRole('button', { name: /添加需求/ }).click();
      await phone.getByLabel('需求 1 标题').fill(title);
      await phone.getByLabel('需求 1 内容（选填）').fill('希望对接银行办理专利质押融资');
      await fits(phone, 'loop-phone-record-375');
      await phone.getByRole('button', { name: '保存走访记录' }).click();
      await phone.getByText('走访记录已保存').waitFor({ timeout: 30_000 });
      const detail = await api('GET', `/v1/visit/visitDetail?id=${visitId}`, { token: main });
      expect(detail.body.data).toMatchObject({ status: 'done', people_met: '周经理', staff_id: staffId });
      expect(detail.body.data.photos).toHaveLength(1);
      const raised = (detail.body.data.demands as { id: number; title: string }[]).find((d) => d.title === title);
      expect(raised, JSON.stringify(detail.body.data.demands)).toBeTruthy();
      const demandId = raised!.id;

      // 3. The main account sees the demand on /workWaitvisit3: due tomorrow (黄灯) until contacted, then 绿灯.
      const row = () => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: title });
      await page.goto(`/workWaitvisit3?keyword=${encodeURIComponent(title)}`, { waitUntil: 'domcontentloaded' });
      await waitForTitle(page, '需求记录');
      await row().getByText('黄灯·即将到期').waitFor();
      for (const [url, body] of [
        ['assign', { id: demandId, handler_id: staffId }],
        ['contact', { id: demandId, note: '电话联系了企业负责人' }],
      ] as const) {
        const r = await api('POST', `/v1/demand/${url}`, { token: main, body });
        expect(r.body.code, JSON.stringify(r.body)).toBe(1);
      }
      await page.reload({ waitUntil: 'domcontentloaded' });
      await row().getByText('绿灯·正常').waitFor();
      await fits(page, 'loop-demands-green-1366');

      // 4. Past its limit: 红灯.
      ageDemand(demandId);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await row().getByText('红灯·已超期').waitFor();
      await fits(page, 'loop-demands-red-1366');
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload({ waitUntil: 'domcontentloaded' });
      await row().getByText('红灯·已超期').waitFor();
      await fits(page, 'loop-demands-red-375');
      await page.setViewportSize({ width: 1366, height: 768 });

      // 5. The red demand is an enterprise warning (ADR 0048): /workWarning lists it under 需求红灯 with a link to it.
      await page.goto(`/workWarning?kind=demand_red&keyword=${encodeURIComponent(ent.companyName)}`, {
        waitUntil: 'domcontentloaded',
        timeout: 120_000,
      });
      await waitForTitle(page, '企业预警');
      const warning = page.locator('tr').filter({ hasText: title });
      await warning.getByText(/已超期/).waitFor({ timeout: 60_000 });
      expect(await warning.getByRole('link', { name: '办理需求' }).getAttribute('href')).toBe(`/workWaitvisit3?id=${demandId}`);
      await fits(page, 'loop-warnings-1366');
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page
        .getByText(new RegExp(`需求“${escape(title)}”`))
        .first()
        .waitFor({ timeout: 60_000 });
      await fits(page, 'loop-warnings-375');
      await page.setViewportSize({ width: 1366, height: 768 });

      // 6. Handled, then the enterprise's company user sees it and evaluates it on /VisitsNeeds.
      for (const [url, body] of [
        ['reply', { id: demandId, note: '已介绍质押融资流程' }],
        ['handle', { id: demandId, result: '已对接两家银行' }],
      ] as const) {
        const r = await api('POST', `/v1/demand/${url}`, { token: main, body });
        expect(r.body.code, JSON.stringify(r.body)).toBe(1);
      }
      const login = await api('POST', '/v1/user/login', { body: { mobile: ent.mobile, password: DEMO_PASSWORD, type: '0' } });
      expect(login.body.code, JSON.stringify(login.body)).toBe(1);
      const co = await openLong(login.body.data.token, '/VisitsNeeds');
      await waitForTitle(co.page, '走访需求');
      const item = co.page.locator('.ant-list-item').filter({ hasText: title });
      await item.getByText('待评价').waitFor();
      await fits(co.page, 'loop-visits-needs-1366');
      await item.getByRole('button', { name: /评\s*价/ }).click();
      const ev = co.page.getByRole('dialog', { name: new RegExp(`评价：${title}`) });
      await ev.getByRole('radio').nth(4).click();
      await ev.getByLabel('评价内容（选填）').fill('对接及时，很满意');
      await ev.getByRole('button', { name: /提交评价/ }).click();
      await item.getByText('我的评价：5 分，对接及时，很满意').waitFor();
      await co.page.setViewportSize({ width: 375, height: 800 });
      await co.page.reload({ waitUntil: 'domcontentloaded' });
      await co.page.locator('.ant-list-item').filter({ hasText: title }).getByText('待回访').waitFor();
      await fits(co.page, 'loop-visits-needs-375');

      const final = await api('POST', '/v1/demand/detail', { token: main, body: { id: demandId } });
      expect(final.body.data).toMatchObject({ status: 'evaluated', rating: 5 });
      expect(realErrors(errors)).toEqual([]);
      expect(realErrors(phoneErrors)).toEqual([]);
      expect(realErrors(co.errors)).toEqual([]);
    },
  );
});
