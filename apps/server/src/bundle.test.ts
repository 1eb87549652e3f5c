import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error scripts/pg.mjs is plain JavaScript
import { freePort } from '../../../scripts/pg.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATENT_DATA_DIR } from './search/test-data';

// The compiled server (scripts/build-server.mjs) as production runs it: plain `node dist/main.js`, no tsx. Built into
// a temp copy of the repository layout (<tmp>/apps/server/dist, node_modules linked) with a stand-in web build in
// <tmp>/apps/web/dist, so the import.meta.url-relative defaults (the repository root, WEB_DIST) are checked from dist.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let tmp = '';
let dist = '';
let dataDir = '';
const MARKER = '<!-- stand-in web build -->';
let child: ChildProcess | undefined;
let base = '';
let output = '';

function env(port = 0): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    SMS_PROVIDER: 'outbox',
    WECHAT_PROVIDER: 'offline',
    TIANYANCHA_PROVIDER: 'offline',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  };
  // Nothing may load tsx (or any loader) into the child.
  for (const k of ['NODE_OPTIONS', 'WEB_DIST', 'DATABASE_URL', 'LOG_FORMAT']) delete e[k];
  return e;
}

/** Polls until the server answers (any HTTP answer), the child exits, or the deadline passes. */
async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child!.exitCode !== null) throw new Error(`the compiled server exited (${child!.exitCode}):\n${output}`);
    try {
      await fetch(`${url}/v1/__ready`, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`the compiled server did not answer within ${timeoutMs / 1000}s:\n${output}`);
}

/** Starts the compiled server on a free port (`child`, `base`), its output collected in `output`. */
async function startServer(timeoutMs: number): Promise<void> {
  const port = (await freePort()) as number;
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [path.join(dist, 'main.js')], { cwd: tmp, env: env(port), stdio: 'pipe' });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await waitForServer(base, timeoutMs);
}

// Once: the api project's PostgreSQL run leaves this file out (vitest.config.ts, sqliteOnly); the bundle runs on SQLite.
describe('the compiled server', () => {
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ip-bundle-'));
    dist = path.join(tmp, 'apps/server/dist');
    dataDir = path.join(tmp, 'data');
    const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs'), '--outdir', dist], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(tmp, 'node_modules'));
    const serverModules = path.join(ROOT, 'apps/server/node_modules');
    if (fs.existsSync(serverModules)) fs.symlinkSync(serverModules, path.join(tmp, 'apps/server/node_modules'));
    fs.mkdirSync(path.join(tmp, 'apps/web/dist'), { recursive: true });
    fs.writeFileSync(path.join(tmp, 'apps/web/dist/index.html'), `<!doctype html><title>t</title>${MARKER}`);

    await startServer(30_000);
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('bundles @ip/contract and loads no TypeScript at run time', () => {
    const main = fs.readFileSync(path.join(dist, 'main.js'), 'utf8');
    expect(main).not.toMatch(/from ["']@ip\/contract["']/);
    // No import of tsx or of a .ts file (a dev-only branch may still name one, e.g. the export worker's source).
    expect(main).not.toMatch(/\b(?:from|import)\s*\(?\s*["'](?:tsx(?:\/[^"']*)?|[^"']+\.ts)["']/);
    for (const tool of ['migrate', 'import', 'import-litigation', 'backup', 'restore', 'admin-password']) {
      expect(fs.existsSync(path.join(dist, `${tool}.js`))).toBe(true);
    }
  });

  it('answers the API and serves the web build found from dist (no WEB_DIST)', async () => {
    const api = await fetch(`${base}/v1/no/such/route`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ code: 0, msg: '接口不存在' });
    const page = await fetch(`${base}/search`);
    expect(await page.text()).toContain(MARKER);
  });

  it('creates the first administrator with the password in a file, logged nowhere, and logs JSON', async () => {
    const file = path.join(dataDir, 'initial-admin-password.txt');
    const password = /初始密码：(\S+)/.exec(fs.readFileSync(file, 'utf8'))![1];
    const res = await fetch(`${base}/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '13800000000', password, type: '0' }),
    });
    const body = (await res.json()) as { code: number; data: { token: string } };
    expect(body.code).toBe(1);
    expect(output).toContain(file);
    expect(output).not.toContain(password);
    expect(output).not.toContain(body.data.token);
    const first = output.split('\n').find((l) => l.trim());
    expect(() => JSON.parse(first!)).not.toThrow();
  });

  it('runs the compiled tools from dist: admin-password and backup', () => {
    const reset = spawnSync(process.execPath, [path.join(dist, 'admin-password.js'), '13800000000'], {
      cwd: tmp,
      env: env(),
      encoding: 'utf8',
    });
    expect(reset.status, reset.stderr).toBe(0);
    expect(reset.stdout).toMatch(/新密码：\S{12,}/);
    const backup = spawnSync(process.execPath, [path.join(dist, 'backup.js'), path.join(tmp, 'b.db')], {
      cwd: tmp,
      env: env(),
      encoding: 'utf8',
    });
    expect(backup.status, backup.stderr).toBe(0);
    expect(fs.statSync(path.join(tmp, 'b.db')).size).toBeGreaterThan(0);
  });

  it("logs the full-text index's rebuild at start in JSON too (a side file gone, as after a restore)", async () => {
    const exited = new Promise((r) => child!.once('exit', r));
    child!.kill('SIGTERM');
    await exited;
    const file = path.join(PATENT_DATA_DIR, 'cn_full_fields_fixtures.jsonl');
    const imported = spawnSync(process.execPath, [path.join(dist, 'import.js'), file], {
      cwd: tmp,
      env: env(),
      encoding: 'utf8',
    });
    expect(imported.status, imported.stderr).toBe(0);
    for (const f of ['app-title.db', 'app-title.db-wal', 'app-title.db-shm']) fs.rmSync(path.join(dataDir, f), { force: true });

    output = '';
    await startServer(60_000);
    const lines = output.split('\n').filter((l) => l.trim());
    const msgs = lines.map((l) => {
      expect(() => JSON.parse(l), l).not.toThrow();
      return (JSON.parse(l) as { msg?: string }).msg ?? '';
    });
    expect(msgs.find((m) => m.startsWith('正在重建全文索引（app-title.db）'))).toBeDefined();
    expect(msgs.find((m) => m.startsWith('全文索引已重建'))).toBeDefined();
  }, 120_000);
});
