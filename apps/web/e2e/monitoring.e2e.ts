import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  axeViolations,
  baseURL,
  dataDbPath,
  demoToken,
  freshMobile,
  horizontalOverflow,
  openPatiently,
  type Page,
  screenshot,
  serverSettled,
  waitForTitle,
} from './harness';

// Patent monitoring in the browser (issue 10, ADR 0029, 0033): a company user of its own (created by the administrator
// for this file, so the demo company shared with the files running beside it is untouched) adds a rule on a
// competitor through the /early dialog; the administrator imports a new publication of that competitor
// (/v1/patents/import, the upload the admin's import uses); the import queues the monitoring run; the hit appears on
// /early and as an unread message in /center and on the bell; axe (WCAG 2.1 AA), 1366 and 375 px.

/** Until `check` is true (every 1 s), or fails after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 180_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The server's jobs (kind, status, error), read from its database: what the wait for a hit is waiting on. */
function jobs(): { id: number; kind: string; status: string; error: string; result: string }[] {
  const db = new Database(dataDbPath(), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT id, kind, status, error, result FROM jobs ORDER BY id').all() as ReturnType<typeof jobs>;
  } finally {
    db.close();
  }
}

// The fresh server's start-up import runs first (one job at a time): this file's import would queue behind it.
beforeAll(
  () =>
    until(
      'the start-up jobs',
      () => Promise.resolve(!jobs().some((j) => j.status === 'queued' || j.status === 'running')),
      280_000,
    ),
  300_000,
);

const WEIGHTS = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5];
/** A valid CN application number from 12 digits (check digit Σ digit × weight mod 11, 10 written X). */
function applicationNumber(digits: string): string {
  const r = [...digits].reduce((s, d, i) => s + Number(d) * WEIGHTS[i]!, 0) % 11;
  return `CN${digits}.${r === 10 ? 'X' : r}`;
}

/** Today in Asia/Shanghai, YYYY-MM-DD. */
const shanghaiToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** A company user of a company of its own, past the forced password change (ADR 0031); returns its token. */
async function ownCompanyUser(tag: string): Promise<string> {
  const admin = await demoToken('admin');
  const mobile = freshMobile();
  const first = 'Start@2026x';
  const password = 'Monitor@2026x';
  const created = await api('POST', '/v1/news/user/create', {
    token: admin,
    body: { mobile, name: '监控测试', kind: 'company', company_name: `监控测试企业${tag}`, password: first },
  });
  expect(created.body.code, JSON.stringify(created.body)).toBe(1);
  const login = async (pw: string) => {
    const r = await api('POST', '/v1/user/login', { body: { mobile, password: pw, type: '0' } });
    expect(r.body.code, JSON.stringify(r.body)).toBe(1);
    return r.body.data.token as string;
  };
  const changed = await api('POST', '/v1/user/change-password', {
    token: await login(first),
    body: { old_password: first, password, password_confirm: password },
  });
  expect(changed.body.code, JSON.stringify(changed.body)).toBe(1);
  return login(password);
}

const bell = (page: Page) => page.getByRole('button', { name: /^消息中心，/ });

describe('/early: a rule on a competitor, a new publication imported, the hit and its message', () => {
  it(
    'adds the rule in the dialog; the import runs it; the hit on /early, an unread message in /center and on the bell; axe; 1366 and 375 px',
    { timeout: 420_000 },
    async () => {
      await serverSettled();
      const tag = Date.now().toString(36).slice(-6);
      const rival = `监控对手${tag}科技有限公司`;
      const token = await ownCompanyUser(tag);
      const { page, errors } = await openPatiently(token, '/early', { waitForLanding: true });
      page.setDefaultTimeout(40_000);
      await waitForTitle(page, '监控预警');

      // The rule, through the dialog: name, type (监控竞争对手 is the default), the competitor's name, 保存.
      await page.getByRole('button', { name: '新增规则' }).click();
      const dialog = page.getByRole('dialog', { name: '新增监控规则' });
      await dialog.waitFor();
      await dialog.getByLabel('规则名称').fill(`对手 ${tag}`);
      await dialog.getByLabel('监控内容').fill(rival);
      expect(await axeViolations(page, { include: ['.ant-modal'] })).toEqual([]);
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const ruleRow = page.getByRole('row', { name: new RegExp(`对手 ${tag}`) });
      await ruleRow.waitFor();
      expect(await ruleRow.textContent()).toContain(rival);

      // A new publication of that competitor, imported by the administrator.
      const digits = `20261${String(Date.now() % 1e7).padStart(7, '0')}`; // 5th digit 1: an invention
      const title = `一种监控测试装置${tag}`;
      const record = {
        an: applicationNumber(digits),
        pn: `CN${digits.slice(4)}A`,
        ad: '2025-11-01',
        pd: shanghaiToday(),
        title,
        applicants: [rival],
        ipc: ['G06F9/00'],
        type: '发明',
      };
      const form = new FormData();
      form.append('file', new Blob([`${JSON.stringify(record)}\n`], { type: 'application/jsonl' }), `monitor-${tag}.jsonl`);
      const res = await fetch(`${baseURL()}/v1/patents/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await demoToken('admin')}` },
        body: form,
      });
      const body = (await res.json()) as { code: number };
      expect(body.code, JSON.stringify(body)).toBe(1);

      // The import's job queues the monitoring run; its hit reaches the rule (the server's jobs run one at a time).
      await until('the monitoring hit', async () => {
        const hits = await api('POST', '/v1/frontend/monitor/hits', { token, body: {} });
        return (hits.body?.data?.total ?? 0) > 0;
      }).catch((err: Error) => {
        throw new Error(`${err.message}; jobs: ${JSON.stringify(jobs().slice(-5))}`);
      });

      await page.reload({ waitUntil: 'domcontentloaded', timeout: 60_000 });
      await waitForTitle(page, '监控预警');
      const hitRow = page.getByRole('row', { name: new RegExp(title) });
      await hitRow.waitFor();
      expect(await hitRow.textContent()).toContain('未读');
      expect(await hitRow.textContent()).toContain('新公开');
      expect(await axeViolations(page, { include: ['.ant-card'] })).toEqual([]);
      await screenshot(page, 'monitoring-early-1366');
      let o = await horizontalOverflow(page);
      expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);

      // The bell counts the unread message; /center lists it under 监控预警.
      await expect.poll(async () => (await bell(page).getAttribute('aria-label')) ?? '', { timeout: 90_000 }).toMatch(/1 条未读/);
      await bell(page).click();
      await page.waitForURL('**/center');
      await waitForTitle(page, '消息中心');
      const message = page.locator('.message-row-unread a.message-title', { hasText: `对手 ${tag}` });
      await message.waitFor();
      expect(await message.textContent()).toContain('1 条新动态');
      expect(await axeViolations(page, { include: ['.ant-card', '.app-topbar'] })).toEqual([]);
      await screenshot(page, 'monitoring-center-1366');

      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto('/early', { waitUntil: 'domcontentloaded', timeout: 60_000 });
      await waitForTitle(page, '监控预警');
      await page.getByRole('row', { name: new RegExp(title) }).waitFor();
      await screenshot(page, 'monitoring-early-375');
      o = await horizontalOverflow(page);
      expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
      await page.goto('/center', { waitUntil: 'domcontentloaded', timeout: 60_000 });
      await waitForTitle(page, '消息中心');
      await page.locator('a.message-title', { hasText: `对手 ${tag}` }).waitFor();
      await screenshot(page, 'monitoring-center-375');
      o = await horizontalOverflow(page);
      expect(o.scrollWidth).toBeLessThanOrEqual(o.viewport);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
});
