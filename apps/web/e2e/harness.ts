// The e2e harness: Playwright (playwright-core, the system Chromium) against the one server the global setup
// started (apps/web/e2e/global-setup.ts). Each test file gets its own browser and a fresh browser context,
// closed after the file; pages asked for with { fresh: true } get a context of their own. Pages (and fresh contexts)
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
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, inject } from 'vitest';
import './context';

export type { Page } from 'playwright-core';

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const SCREENSHOT_DIR = path.join(root, '.tmp/screenshots');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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
    if (!fs.existsSync(CHROMIUM_PATH))
      throw new Error(`no Chromium at ${CHROMIUM_PATH} (npm test installs it: apt-get install chromium)`);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  }
  return browser;
}

async function createContext(): Promise<BrowserContext> {
  const b = await getBrowser();
  return b.newContext({
    baseURL: baseURL(),
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: DEFAULT_VIEWPORT,
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
  let ctx: BrowserContext;
  if (opts.fresh) {
    ctx = await createContext();
    (opened ? opened.contexts : extraContexts).push(ctx);
  } else {
    context ??= await createContext();
    ctx = context;
  }
  const page = await ctx.newPage();
  opened?.pages.push(page);
  page.setDefaultTimeout(15_000);
  await page.setViewportSize({ width: opts.width ?? DEFAULT_VIEWPORT.width, height: opts.height ?? DEFAULT_VIEWPORT.height });
  return page;
}

/**
 * Logs in through the real form at /login as a demo account (password Demo@2026) and waits until the app has
 * left the login page.
 */
export async function loginAs(page: Page, kind: AccountKind, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  const mobile = page.getByLabel('手机号').or(page.getByPlaceholder('手机号')).filter({ visible: true }).first();
  const pass = page.getByLabel('密码', { exact: true }).or(page.getByPlaceholder('密码')).filter({ visible: true }).first();
  await mobile.fill(DEMO[kind]);
  await pass.fill(password);
  // antd puts a space between two CJK characters in a button ("登 录").
  await page
    .getByRole('button', { name: /^\s*登\s*录\s*$/ })
    .filter({ visible: true })
    .first()
    .click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
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
