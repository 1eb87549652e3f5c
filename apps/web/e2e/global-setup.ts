// Global setup of the e2e project: starts ONE real server, the compiled one production runs (node
// apps/server/dist/main.js, no tsx; built here when missing), serving the production build of the web app
// (apps/web/dist) on a free loopback port with a temp DATA_DIR (SQLite, demo accounts seeded on
// first start), provides its URL to the test files as inject('baseURL'), and stops it at the end. It also starts the
// one Chromium of the run (chromium.launchServer; the files connect to it, inject('browserWSEndpoint')), unless
// E2E_SHARED_BROWSER=0, when each file launches its own.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error scripts/pg.mjs is plain JavaScript
import { freePort } from '../../../scripts/pg.mjs';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import './context';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dist = path.join(root, 'apps/web/dist/index.html');
const serverBundle = path.join(root, 'apps/server/dist/main.js');
const logFile = path.join(root, '.tmp/e2e-server.log');

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function waitForServer(base: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`e2e server exited early (${child.exitCode ?? child.signalCode}); log ${logFile}:\n${tail(logFile)}`);
    }
    try {
      // Any HTTP answer means it listens (an unknown /v1 path answers the 404 envelope).
      await fetch(`${base}/v1/__e2e_ready`, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`e2e server did not answer within ${timeoutMs / 1000}s; log ${logFile}:\n${tail(logFile)}`);
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(dist)) {
    // `npm test` builds first; a bare `vitest --project e2e` builds here when there is no build at all.
    console.log('[e2e] apps/web/dist is missing: building the web app (npm run build -w @ip/web)');
    const res = spawnSync('npm', ['run', 'build', '-w', '@ip/web'], { cwd: root, stdio: 'inherit' });
    if (res.status !== 0 || !fs.existsSync(dist)) throw new Error('[e2e] building the web app failed');
  }

  if (!fs.existsSync(serverBundle)) {
    // `npm test` builds it before this phase; a bare `vitest --project e2e` builds it here when it is missing.
    console.log('[e2e] apps/server/dist is missing: compiling the server (node scripts/build-server.mjs)');
    const res = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
    if (res.status !== 0 || !fs.existsSync(serverBundle)) throw new Error('[e2e] compiling the server failed');
  }

  const port = (await freePort()) as number;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ip-e2e-'));
  const base = `http://127.0.0.1:${port}`;
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SEED_DEMO: 'auto',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  };
  delete env.DATABASE_URL;
  // Serve a private copy of the build: a rebuild of apps/web/dist during the run must not pull files from under it.
  const webCopy = path.join(dataDir, 'web-dist');
  fs.cpSync(path.dirname(dist), webCopy, { recursive: true });
  env.WEB_DIST = webCopy;
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: root,
    env,
    stdio: ['ignore', log, log],
  });
  // Chromium starts while the server migrates and seeds. A missing Chromium is left to the harness's own message.
  const browserStart: Promise<BrowserServer | null> =
    process.env.E2E_SHARED_BROWSER === '0' || !fs.existsSync(CHROMIUM_PATH)
      ? Promise.resolve(null)
      : chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  // Settled here so that a failure is not an unhandled rejection while the server start is awaited.
  browserStart.catch(() => {});
  let browserServer: BrowserServer | null = null;
  const killHard = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    browserServer?.process().kill('SIGKILL');
  };
  process.on('exit', killHard);

  const teardown = async () => {
    process.off('exit', killHard);
    await browserServer?.close().catch(() => {});
    browserServer = null;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(killHard, 5000);
      await exited;
      clearTimeout(timer);
    }
    fs.closeSync(log);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const t0 = Date.now();
    await waitForServer(base, child, 90_000);
    console.log(`[e2e] server ready at ${base} in ${Date.now() - t0} ms (log: .tmp/e2e-server.log)`);
    const load = `load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`;
    console.log(`[e2e] ${project.config.maxWorkers} file(s) at a time (E2E_WORKERS; ${load})`);
    browserServer = await browserStart;
  } catch (err) {
    browserServer = await browserStart.catch(() => null);
    await teardown();
    throw err;
  }
  project.provide('baseURL', base);
  project.provide('dataDir', dataDir);
  project.provide('browserWSEndpoint', browserServer?.wsEndpoint() ?? '');
  return teardown;
}
