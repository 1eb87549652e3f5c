// The e2e harness: Playwright (playwright-core, the system Chromium) against the one server the global setup
// started (apps/web/e2e/global-setup.ts), in the one Chromium the global setup also started (each file connects to
// it; test files run in parallel, two at a time by default, so a file must not depend on another's state). Each test
// file gets a fresh browser context, closed after the file; pages asked for with { fresh: true } (and openAs pages)
// get a context of their own. Pages (and fresh contexts)
// opened inside a test are closed after it; those opened in beforeAll live until the file ends.
//
//   import { loginAs, newPage, collectConsoleErrors, screenshot } from './harness';
//   const page = await newPage({ width: 1366, height: 768 });
//   const errors = collectConsoleErrors(page);
//   await loginAs(page, 'admin');
//   await screenshot(page, 'admin-home');            // .tmp/screenshots/admin-home.png
//
// A failing test saves a screenshot of each page it opened to .tmp/screenshots/FAILED-<file>-<test>-<n>.png.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import './context';

export type { Page } from 'playwright-core';

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const SCREENSHOT_DIR = path.join(root, '.tmp/screenshots');

export { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export const DEMO_PASSWORD = 'Demo@2026';
/** The seeded demo accounts by kind (see README). */
export const DEMO = {
  admin: '13800000000',
  company: '13800000001',
  trial: '13800000002',
  main: '13800000003',
  staff: '13800000004',
} as const;
export type AccountKind = keyof typeof DEMO;

export const DEFAULT_VIEWPORT = { width: 1366, height: 768 };

/** The server under test, e.g. http://127.0.0.1:41234. */
export function baseURL(): string {
  return inject('baseURL');
}

let browser: Browser | null = null;
let context: BrowserContext | null = null;
const extraContexts: BrowserContext[] = [];
/** Set while a test runs: what it opened, to screenshot on failure and close afterwards. */
let opened: { pages: Page[]; contexts: BrowserContext[] } | null = null;

async function getBrowser(): Promise<Browser> {
  if (!browser) {
    // The run's one Chromium (global setup) when there is one: a file then costs a connection, not a browser start.
    const endpoint = inject('browserWSEndpoint');
    if (endpoint) browser = await chromium.connect(endpoint);
    else {
      if (!fs.existsSync(CHROMIUM_PATH))
        throw new Error(`no Chromium at ${CHROMIUM_PATH} (npm test installs it: apt-get install chromium)`);
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    }
  }
  return browser;
}

/** What a new context starts with (Playwright's storageState: cookies, and local storage per origin). */
type StorageState = Exclude<NonNullable<Parameters<Browser['newContext']>[0]>['storageState'], string | undefined>;

async function createContext(storageState?: StorageState): Promise<BrowserContext> {
  const b = await getBrowser();
  return b.newContext({
    baseURL: baseURL(),
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: DEFAULT_VIEWPORT,
    storageState,
  });
}

export interface NewPageOptions {
  width?: number;
  height?: number;
  /** A page in a context of its own (own storage and cookies) instead of the file's shared context. */
  fresh?: boolean;
}

/** A new page with the given viewport (default 1366×768), in the test file's browser context. */
export async function newPage(opts: NewPageOptions = {}): Promise<Page> {
  return pageIn(opts);
}

async function pageIn(opts: NewPageOptions, storageState?: StorageState): Promise<Page> {
  let ctx: BrowserContext;
  if (opts.fresh || storageState) {
    ctx = await createContext(storageState);
    (opened ? opened.contexts : extraContexts).push(ctx);
  } else {
    context ??= await createContext();
    ctx = context;
  }
  const page = await ctx.newPage();
  opened?.pages.push(page);
  // 30 s for an action or a wait: a CI run lost /apply's approval click to the former 15 s while heavier specs ran
  // beside it; a passing test is no slower for it.
  page.setDefaultTimeout(30_000);
  await page.setViewportSize({ width: opts.width ?? DEFAULT_VIEWPORT.width, height: opts.height ?? DEFAULT_VIEWPORT.height });
  return page;
}

/** Where each demo account lands after logging in (spec §4: the route set's home). */
export const LANDING: Record<AccountKind, string> = {
  admin: '/user',
  company: '/home',
  trial: '/home',
  main: '/work',
  staff: '/work',
};

/**
 * Logs in through the real form at /login as a demo account (password Demo@2026) and waits until the app has
 * left the login page.
 */
export async function loginAs(page: Page, kind: AccountKind, password = DEMO_PASSWORD): Promise<void> {
  await loginWith(page, DEMO[kind], password);
}

/** Logs in through the real form at /login with any mobile and password, and waits until the app has left /login. */
export async function loginWith(page: Page, mobile: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillLoginForm(page, mobile, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

/** Fills and submits the /login form (the page must show it) without waiting for the outcome. */
export async function fillLoginForm(page: Page, mobile: string, password: string): Promise<void> {
  const mobileBox = page.getByLabel('手机号').or(page.getByPlaceholder('手机号')).filter({ visible: true }).first();
  const pass = page.getByLabel('密码', { exact: true }).or(page.getByPlaceholder('密码')).filter({ visible: true }).first();
  await mobileBox.fill(mobile);
  await pass.fill(password);
  // antd puts a space between two CJK characters in a button ("登 录"). After a refused attempt the button's loading
  // icon can stay in the DOM, collapsed and unseen, when its leave transition never ends (antd's loading icon motion has
  // no deadline; seen on a loaded machine): its aria-label then starts the name ("loading 登 录").
  await page
    .getByRole('button', { name: /^(?:loading\s+)?登\s*录$/ })
    .filter({ visible: true })
    .first()
    .click();
}

const demoTokens = new Map<AccountKind, string>();

/**
 * The test file's session of a demo account: logged in once per file through POST /v1/user/login (what the /login
 * form sends; login.e2e.ts covers the form itself for every kind), then reused by every openAs of that kind in the
 * file. Each file has its own sessions, so a test that ends one (logging out) affects its own file only.
 */
export async function demoToken(kind: AccountKind): Promise<string> {
  const known = demoTokens.get(kind);
  if (known) return known;
  const res = await api<{ code: number; data?: { token?: string } }>('POST', '/v1/user/login', {
    body: { mobile: DEMO[kind], password: DEMO_PASSWORD, type: '0' },
  });
  const token = res.body?.data?.token;
  if (res.status !== 200 || res.body?.code !== 1 || typeof token !== 'string') {
    throw new Error(`logging in ${kind} (${DEMO[kind]}) failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  demoTokens.set(kind, token);
  return token;
}

/**
 * A new page in a context of its own, logged in as a demo account and at its landing page. The context starts as a
 * browser that has logged in before holds it (spec §4: the cookie keeps the login; ADR 0013): the server's HttpOnly
 * token cookie of the file's session of that account (see demoToken), and the web's note in local storage that this
 * browser has logged in; the app's guard finds the session through the cookie on the first page load, so no form
 * login and no extra page load is needed. Tests that log out must use loginAs, since logging out ends the file's
 * shared session. `errors` collects the page's console errors from its first load (see collectConsoleErrors).
 */
export async function openAs(
  kind: AccountKind,
  opts: Omit<NewPageOptions, 'fresh'> = {},
): Promise<{ page: Page; errors: string[] }> {
  return openWithToken(await demoToken(kind), LANDING[kind], opts);
}

/**
 * A page in a context of its own, logged in by a session token as a cookie (as openAs does for the demo accounts),
 * opened at `landing`; for users a test registered itself (see registerTrialUser).
 */
export async function openWithToken(
  token: string,
  landing: string,
  opts: Omit<NewPageOptions, 'fresh'> = {},
): Promise<{ page: Page; errors: string[] }> {
  const origin = new URL(baseURL());
  const page = await pageIn(opts, {
    cookies: [
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
    ],
    origins: [{ origin: origin.origin, localStorage: [{ name: 'sessionHint', value: '1' }] }],
  });
  const errors = collectConsoleErrors(page);
  await page.goto(landing);
  await page.waitForURL((url) => url.pathname === landing);
  return { page, errors };
}

/**
 * Waits until the server answers /v1/ready-probe within 500 ms three times running, for up to `ms` (a fresh server
 * imports the patent records in the background, and the first pages it serves are slow on a loaded machine).
 */
export async function serverSettled(ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const t = Date.now();
    await fetch(`${baseURL()}/v1/ready-probe`).catch(() => undefined);
    quick = Date.now() - t < 500 ? quick + 1 : 0;
  }
}

/**
 * Waits until the server's background jobs (the start-up import of the real patent records, queued with the demo
 * data, and the linking of the imported patents to their companies) have finished: while they run, totals and the
 * district's patent figures grow between two calls, exports queue behind them and a loaded machine serves the first
 * pages slowly. Instant once an earlier spec has waited.
 */
export async function backgroundJobsDone(timeoutMs = 110_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const db = new Database(dataDbPath(), { readonly: true, fileMustExist: true });
    let pending = 0;
    try {
      pending = (db.prepare("SELECT COUNT(*) AS n FROM jobs WHERE status IN ('queued', 'running')").get() as { n: number }).n;
    } finally {
      db.close();
    }
    if (pending === 0) return;
    if (Date.now() > deadline) throw new Error(`background jobs still running after ${timeoutMs / 1000}s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export interface PatientOptions extends Omit<NewPageOptions, 'fresh'> {
  /** How long the first navigation may take (the document only, not every resource): default 60 s. */
  navigationTimeout?: number;
  /** The page's default timeout for actions and later navigations afterwards (default: the harness's 30 s). */
  timeout?: number;
  /** Also wait until the app has settled on `landing` (it did not redirect elsewhere). */
  waitForLanding?: boolean;
}

/**
 * As openWithToken (the session token as a cookie, in a context of its own), but waiting for the document only, for
 * longer: on a loaded machine the fresh server's start-up import makes the full "load" outlast the harness's default.
 * With an empty token the page is a visitor's.
 */
export async function openPatiently(
  token: string,
  landing: string,
  opts: PatientOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  const { navigationTimeout = 60_000, timeout, waitForLanding = false, ...size } = opts;
  const page = await newPage({ fresh: true, ...size });
  page.setDefaultNavigationTimeout(navigationTimeout);
  if (token) {
    const origin = new URL(baseURL());
    await page
      .context()
      .addCookies([
        { name: 'token', value: token, domain: origin.hostname, path: '/', httpOnly: true, secure: false, sameSite: 'Lax' },
      ]);
    await page.addInitScript(() => window.localStorage.setItem('sessionHint', '1'));
  }
  const errors = collectConsoleErrors(page);
  await page.goto(landing, { waitUntil: 'domcontentloaded', timeout: navigationTimeout });
  if (waitForLanding)
    await page.waitForURL((url) => url.pathname === landing, { waitUntil: 'domcontentloaded', timeout: navigationTimeout });
  if (timeout) page.setDefaultTimeout(timeout);
  return { page, errors };
}

/**
 * Registers a new trial user through the API (send-code, the SMS from the outbox, /v1/user/register), so a test
 * that changes its user (verification, kind) shares nothing with the files running beside it. Returns its token.
 */
export async function registerTrialUser(opts: { name: string; company: string; password?: string }): Promise<{
  mobile: string;
  token: string;
}> {
  const mobile = freshMobile();
  const sent = await api('POST', '/v1/user/send-code', { body: { mobile, purpose: 'register' } });
  if (sent.body?.code !== 1) throw new Error(`send-code for ${mobile} failed: ${JSON.stringify(sent.body)}`);
  const reg = await api('POST', '/v1/user/register', {
    body: {
      mobile,
      code: await latestSmsCode(mobile),
      password: opts.password ?? DEMO_PASSWORD,
      name: opts.name,
      company_name: opts.company,
    },
  });
  const token = reg.body?.data?.token;
  if (reg.body?.code !== 1 || typeof token !== 'string') {
    throw new Error(`registering ${mobile} failed: ${JSON.stringify(reg.body)}`);
  }
  return { mobile, token };
}

/**
 * Collects the page's console errors and uncaught exceptions from now on, into the returned (live) array.
 * Tests usually end with expect(errors).toEqual([]).
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

function safeName(name: string): string {
  return name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 120);
}

/** Saves a full-page screenshot to .tmp/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${safeName(name)}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** fetch against the server under test; the reply's JSON parsed when it is JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api<T = any>(
  method: 'GET' | 'POST',
  urlPath: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseURL()}${urlPath}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      /* keep the text */
    }
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** The server's SQLite database (DATA_DIR/app.db, see apps/server/src/db/index.ts). */
export function dataDbPath(): string {
  return path.join(inject('dataDir'), 'app.db');
}

/**
 * The newest SMS the (offline) server sent to a mobile: the newest sms_outbox row, read from the server's SQLite
 * database in read-only mode. Waits up to timeoutMs for a row newer than `afterId` (default: any row).
 */
export async function latestSms(
  mobile: string,
  opts: { afterId?: number; timeoutMs?: number } = {},
): Promise<{ id: number; content: string; code: string | null }> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  for (;;) {
    const db = new Database(dataDbPath(), { readonly: true, fileMustExist: true });
    let row: { id: number; content: string } | undefined;
    try {
      row = db
        .prepare('SELECT id, content FROM sms_outbox WHERE mobile = ? AND id > ? ORDER BY id DESC LIMIT 1')
        .get(mobile, opts.afterId ?? 0) as { id: number; content: string } | undefined;
    } finally {
      db.close();
    }
    if (row) return { ...row, code: /验证码为\s*(\d{6})/.exec(row.content)?.[1] ?? null };
    if (Date.now() > deadline) throw new Error(`no SMS to ${mobile} in the outbox (${dataDbPath()})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The 6-digit code of the newest SMS to a mobile (see latestSms). */
export async function latestSmsCode(mobile: string, opts: { afterId?: number; timeoutMs?: number } = {}): Promise<string> {
  const sms = await latestSms(mobile, opts);
  if (!sms.code) throw new Error(`the newest SMS to ${mobile} has no code: ${sms.content}`);
  return sms.code;
}

let mobileSeq = 0;
/** A mainland mobile number no other test uses (139 + 8 digits from the clock, the process and a counter). */
export function freshMobile(): string {
  mobileSeq += 1;
  const n = (Date.now() % 1_000_000) * 100 + ((process.pid + mobileSeq * 7) % 100);
  return `139${String(n).padStart(8, '0').slice(-8)}`;
}

/**
 * Logs an enterprise-service account (main or staff) in by SMS code at /web/small/login, which gives it a field token
 * and ends on /web/small/Waitvisit (ADR 0044); returns the mobile used. Any other mobile would land on /web/index.
 */
export async function loginAsVisitor(page: Page, mobile = freshMobile()): Promise<string> {
  await page.goto('/web/small/login');
  await page.getByLabel('手机号').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByLabel('验证码').fill(await latestSmsCode(mobile));
  // antd spaces two CJK characters of a button ("登 录").
  await page.getByRole('button', { name: /^\s*登\s*录\s*$/ }).click();
  await page.waitForURL('**/web/small/Waitvisit');
  return mobile;
}

/** A small valid PNG (size×size, one colour), made here so uploads need no fixture file. */
export function makePng(size = 8, rgb: [number, number, number] = [22, 119, 255]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.concat(Array.from({ length: size }, () => Buffer.from(rgb)))]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Waits until no animation runs inside the elements matching `selector` (e.g. '.ant-modal-root': a dialog's opening
 * zoom). On a loaded machine a click during it could land where the button was a frame before and be lost (CI, a
 * dialog left open with its button never pressed), and a screenshot catches the dialog half faded in.
 */
export async function animationsDone(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (sel) =>
      document.getAnimations().every((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target;
        return !(target instanceof Element && target.closest(sel)) || a.playState !== 'running';
      }),
    selector,
  );
}

/** How wide the document is against the viewport: overflow when scrollWidth > clientWidth (the viewport width). */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; viewport: number }> {
  // After a viewport change antd's breakpoints re-render the page in a later task (matchMedia listeners, then React),
  // which a loaded machine runs late: wait up to 5 s for the page to fit, then measure what it is.
  await page
    .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, { timeout: 5_000 })
    .catch(() => undefined);
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, viewport: window.innerWidth }));
}

/**
 * Chooses the option titled `title` in an antd Select (`field`: its combobox, e.g. getByLabel('级别')) and waits until
 * the Select shows it. A click that lands while a dropdown is still opening or closing (another Select's, just
 * chosen) can leave the value unset, or the list closed before its option is clicked: either is tried again (the
 * field clicked only when its list is not open), up to three times, before the last error is thrown.
 * `search` is typed into the field each time its list is opened (a Select that finds its options on the server).
 * Nothing is clicked once the Select shows the option: in a multiple Select a second click would take it out again.
 */
export async function chooseOption(page: Page, field: Locator, title: string, opts: { search?: string } = {}): Promise<void> {
  const select = field.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  const option = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${title}"]`);
  // antd 6 shows a single Select's value in .ant-select-content (or its -value child, when the option has a style), a
  // multiple Select's values as .ant-select-selection-item tags.
  const shown = select
    .locator(
      `.ant-select-content[title="${title}"], .ant-select-content-value[title="${title}"], .ant-select-selection-item[title="${title}"]`,
    )
    .first();
  for (let attempt = 1; ; attempt++) {
    if (await shown.isVisible()) return;
    if (!(await option.isVisible())) {
      await field.click();
      if (opts.search !== undefined) await field.fill(opts.search);
    }
    try {
      await option.click({ timeout: 10_000 });
      await shown.waitFor({ timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/**
 * Gives an antd Rate (`rate`: its list, e.g. dialog.locator('.ant-rate')) `stars` stars and waits until it holds them.
 * A click while its dialog is still zooming in can land on a neighbouring star. The value is read back with the pointer
 * moved off the stars (over them they show the hovered value, in aria-checked too) and set again when it differs, up
 * to three times; a star is never clicked when the Rate already holds it (a second click clears it).
 */
export async function rateStars(page: Page, rate: Locator, stars: number): Promise<void> {
  const checked = rate.locator('[role="radio"][aria-checked="true"]');
  const held = async (): Promise<number> => {
    await page.mouse.move(0, 0);
    return checked.count();
  };
  for (let attempt = 1; ; attempt++) {
    if ((await held()) === stars) return;
    await rate
      .getByRole('radio')
      .nth(stars - 1)
      .click();
    try {
      await expect.poll(held, { timeout: 5_000 }).toBe(stars);
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/** The page title the app sets for a page of the table: `<title> - 知识产权管理与专利检索平台`. */
export function pageTitle(title: string): string {
  return `${title} - 知识产权管理与专利检索平台`;
}

/** Waits (with the page's default timeout) until the document title is the one of a page of the table. */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((t) => document.title === t, pageTitle(title));
}

beforeEach(() => {
  opened = { pages: [], contexts: [] };
});

afterEach(async ({ task }) => {
  const mine = opened ?? { pages: [], contexts: [] };
  opened = null;
  if (task.result?.state === 'fail') {
    const file = path.basename(task.file?.name ?? 'e2e').replace(/\.e2e\.ts$/, '');
    // The test's own pages; when it opened none (it used one from beforeAll), every open page of the file.
    const pages = mine.pages.length ? mine.pages : [context, ...extraContexts].flatMap((c) => (c ? c.pages() : []));
    let n = 0;
    for (const page of pages) {
      if (page.isClosed()) continue;
      n += 1;
      try {
        const shot = await screenshot(page, `FAILED-${file}-${task.name}-${n}`);
        console.log(`[e2e] failure screenshot: ${path.relative(root, shot)} (${page.url()})`);
      } catch {
        /* the page may be gone */
      }
    }
  }
  for (const page of mine.pages) await page.close().catch(() => {});
  for (const c of mine.contexts) await c.close().catch(() => {});
});

afterAll(async () => {
  for (const c of extraContexts.splice(0)) await c.close().catch(() => {});
  await context?.close().catch(() => {});
  context = null;
  await browser?.close().catch(() => {});
  browser = null;
});

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeOptions {
  /** CSS selectors of the parts to check (default: the whole document). */
  include?: string[];
  /** CSS selectors to leave out (e.g. antd's aria-hidden table measure row). */
  exclude?: string[];
  /** Only serious and critical violations (the level GB/T 37668 / the issues require); default: all. */
  seriousOnly?: boolean;
}

/**
 * axe-core's WCAG 2.1 A/AA violations on the page as it is now, one readable line per rule: id, impact, how many
 * elements, the first few (with colours and ratio for contrast). Evaluated through the DevTools protocol, so the app's
 * CSP (no injected scripts) does not apply. Waits first until no finite CSS transition or animation is running
 * (infinite ones such as a spinner are not waited for): a colour caught mid-transition (antd fades links and tags in)
 * or mid-animation (a dialog's zoom-in keyframes: a CI run read the 新建用户 dialog's placeholder at 4.32:1 while
 * the dialog was still fading in) reads as a contrast failure that no user sees.
 */
export async function axeViolations(page: Page, opts: AxeOptions = {}): Promise<string[]> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) =>
            a.playState !== 'running' ||
            !(a instanceof CSSTransition || a instanceof CSSAnimation) ||
            a.effect?.getTiming().iterations === Infinity,
        ),
    null,
    { timeout: 10_000 },
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async ({ include, exclude, seriousOnly }) => {
    interface Node {
      target: string[];
      any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[];
    }
    const axe = (
      window as unknown as {
        axe: {
          run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: Node[] }[] }>;
        };
      }
    ).axe;
    const context =
      include || exclude
        ? { include: (include ?? ['html']).map((s) => [s]), exclude: (exclude ?? []).map((s) => [s]) }
        : document;
    const r = await axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations
      .filter((v) => !seriousOnly || v.impact === 'serious' || v.impact === 'critical')
      .map((v) => {
        const nodes = v.nodes.slice(0, 5).map((n) => {
          const d = n.any[0]?.data;
          return d?.contrastRatio ? `${n.target.join(' ')} ${d.fgColor}/${d.bgColor} ${d.contrastRatio}` : n.target.join(' ');
        });
        return `${v.id} (${v.impact}, ${v.nodes.length}): ${nodes.join(' | ')}`;
      });
  }, opts);
}

/**
 * An enterprise of the demo office (main account 13800000003) that no user belongs to — the lowest id (`first`) or
 * the highest (`last`), so two files never take the same one — and a company user of its own, a copy of the demo
 * company user named `name`: a test that changes its enterprise's demands or messages shares nothing with the files
 * running beside it.
 */
export function makeEnterpriseUser(
  pick: 'first' | 'last',
  name: string,
): { companyId: number; companyName: string; mobile: string } {
  const db = new Database(dataDbPath(), { fileMustExist: true, timeout: 20_000 });
  try {
    const main = db.prepare(`SELECT id FROM users WHERE mobile = '13800000003'`).get() as { id: number };
    const c = db
      .prepare(
        `SELECT id, company_name FROM companies WHERE service_owner_id = ? AND id NOT IN (SELECT company_id FROM users)
         ORDER BY id ${pick === 'first' ? 'ASC' : 'DESC'} LIMIT 1`,
      )
      .get(main.id) as { id: number; company_name: string };
    const mobile = freshMobile();
    const cols = (db.prepare(`PRAGMA table_info(users)`).all() as { name: string }[])
      .map((r) => r.name)
      .filter((n) => n !== 'id');
    const values = cols.map((n) => (n === 'mobile' || n === 'company_id' || n === 'name' || n === 'company_name' ? '?' : n));
    const params = cols.flatMap((n): (string | number)[] =>
      n === 'mobile'
        ? [mobile]
        : n === 'company_id'
          ? [c.id]
          : n === 'name'
            ? [name]
            : n === 'company_name'
              ? [c.company_name]
              : [],
    );
    db.prepare(`INSERT INTO users (${cols.join(', ')}) SELECT ${values.join(', ')} FROM users WHERE mobile = '13800000001'`).run(
      ...params,
    );
    return { companyId: c.id, companyName: c.company_name, mobile };
  } finally {
    db.close();
  }
}

/** Past its limits: one demand's registration and due days move back (the e2e server runs on the real clock). */
export function ageDemand(id: number): void {
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
