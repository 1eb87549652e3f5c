// Test helpers for the api project: a fresh server per call on a fresh database, a controllable clock, the SMS
// outbox, and small request helpers over app.inject.
//
//   const t = await createTestApp();            // SQLite in a temp DATA_DIR, demo accounts seeded
//   afterEach(() => t.close());
//   const token = await login(t.app, DEMO.admin);
//   const res = await call(t.app, 'POST', '/v1/...', { token, body: {...} });
//
// With TEST_DATABASE_URL set (a PostgreSQL superuser URL; `npm test` sets it for its pg phase) each call creates
// its own database `t_<random>` on that server and drops it on close().
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { SMS_CODE_LENGTH } from '@ip/contract';
import { buildApp } from '../src/app';
import { loadConfig, REPO_ROOT, type Config } from '../src/config';
import { openDb, type Db } from '../src/db';
import { migrate } from '../src/db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed';
import type { Deps, SmsSender, WechatClient } from '../src/deps';
import type { LogSink } from '../src/http/logging';

/** The password of every demo account (Demo@2026). */
export { DEMO_PASSWORD };

/** The demo accounts seedDemo creates, by account kind. */
export const DEMO = {
  admin: '13800000000',
  company: '13800000001',
  trial: '13800000002',
  main: '13800000003',
  staff: '13800000004',
} as const;
export type DemoKind = keyof typeof DEMO;

export interface TestAppOptions {
  /** Seed the demo accounts (default true). */
  seed?: boolean;
  /** Where the clock starts (default: the real time when the app is created). The clock stands still until moved. */
  now?: Date | string;
  /** Replace the SMS sender (default: the real outbox sender writing to sms_outbox). */
  sms?: SmsSender;
  wechat?: WechatClient;
  /** Extra environment for loadConfig (e.g. { SMS_PROVIDER: 'http', SMS_HTTP_URL: ... }). */
  env?: Record<string, string | undefined>;
  /** Turn the logger on and send its lines here (set LOG_LEVEL in env; the default is silent). */
  logSink?: LogSink;
}

export interface SmsMessage {
  id: number;
  mobile: string;
  content: string;
  created_at: string;
}

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  db: Db;
  config: Config;
  dialect: Db['dialect'];
  /** The temp DATA_DIR (uploads live here; on SQLite the database too). */
  dataDir: string;
  /** What the outbox holds (oldest first), optionally for one mobile. */
  sms: {
    messages(mobile?: string): Promise<SmsMessage[]>;
    last(mobile: string): Promise<SmsMessage | undefined>;
    /** The verification code in the newest message to this mobile; throws when there is none. */
    lastCode(mobile: string): Promise<string>;
  };
  /** The clock the app sees. */
  now(): Date;
  setNow(date: Date | string | number): void;
  advance(ms: number): void;
  /** Closes the app and the database, drops the PostgreSQL database, removes the temp DATA_DIR. Idempotent. */
  close(): Promise<void>;
}

// ─── migrated templates ─────────────────────────────────────────────────────────────────────────────────────────
// Every test app starts from a copy of a database the migrations have already run on, instead of running them again
// (about 0.1 s per app on SQLite, 0.4 s on PostgreSQL, several hundred apps per run). createTestApp still calls
// migrate() on the copy, which finds nothing to do; a migration test builds its own database.

/**
 * What a migrated database depends on, as a hash: `migrate.ts`, every migration, every module they import through
 * relative paths (followed to the end: the holiday rows of migration 013 come from modules/calendar, reindexing from
 * search/tokenise.ts) and the lockfile for the packages among them. A change to any of these makes a new template,
 * so no test ever starts from a database the current code would not have made.
 */
function migrationsKey(): string {
  const db = path.join(REPO_ROOT, 'apps/server/src/db');
  const hash = crypto.createHash('sha256').update(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json')));
  const seen = new Set<string>();
  const queue = [
    path.join(db, 'migrate.ts'),
    ...fs.readdirSync(path.join(db, 'migrations')).map((f) => path.join(db, 'migrations', f)),
  ];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const target = path.resolve(path.dirname(file), m[1]);
      const found = [`${target}.ts`, path.join(target, 'index.ts'), target].find(
        (f) => fs.existsSync(f) && fs.statSync(f).isFile(),
      );
      if (found) queue.push(found);
    }
  }
  for (const file of [...seen].sort()) hash.update(path.relative(REPO_ROOT, file)).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

let sqliteTemplate: Promise<string> | undefined;

/**
 * A migrated SQLite database file, `ip-api-template-<migrations key>.db` in the temp directory: made by the first
 * process that needs it (migrated in a directory of its own, then renamed into place, so no process ever copies a
 * half-made one) and kept for later runs with the same migrations, like the PostgreSQL template.
 */
function sqliteTemplateFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const file = path.join(os.tmpdir(), `ip-api-template-${migrationsKey()}.db`);
    if (fs.existsSync(file)) return file;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ip-api-template-'));
    try {
      const db = openDb({ dataDir: dir, databaseUrl: undefined });
      try {
        await migrate(db.db as never, db.dialect);
      } finally {
        await db.close(); // the last connection: SQLite checkpoints the WAL into app.db and removes it
      }
      fs.renameSync(path.join(dir, 'app.db'), file);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return file;
  })();
  return sqliteTemplate;
}

const pgTemplates = new Map<string, Promise<string>>();

/**
 * The name of a migrated template database on the server of `adminUrl`: `tpl_<migrations key>`, made by the first
 * worker that asks (under an advisory lock, migrated under another name and renamed when done, so a half-made one is
 * never used) and kept on the server for later runs with the same migrations.
 */
function pgTemplate(adminUrl: string): Promise<string> {
  let p = pgTemplates.get(adminUrl);
  if (!p) {
    p = (async () => {
      const name = `tpl_${migrationsKey()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
        const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (!found.rowCount) {
          const building = `${name}_${crypto.randomBytes(4).toString('hex')}`;
          await admin.query(`CREATE DATABASE ${building}`);
          const url = new URL(adminUrl);
          url.pathname = `/${building}`;
          const db = openDb({ dataDir: os.tmpdir(), databaseUrl: url.toString() });
          try {
            await migrate(db.db as never, db.dialect);
          } finally {
            await db.close();
          }
          await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        }
        await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      } finally {
        await admin.end();
      }
      return name;
    })();
    p.catch(() => pgTemplates.delete(adminUrl));
    pgTemplates.set(adminUrl, p);
  }
  return p;
}

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL server: its URL and how to drop it. Empty, or with
 * `migrated` a copy of the migrated template (pgTemplate).
 */
export async function createPgDatabase(
  adminUrl: string,
  opts: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${crypto.randomBytes(8).toString('hex')}`;
  const template = opts.migrated ? await pgTemplate(adminUrl) : null;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Builds a server on a fresh, migrated (and by default seeded) database. Call close() when done. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ip-api-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  let db: Db | undefined;
  let app: FastifyInstance | undefined;
  let closed = false;

  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      await app?.close();
      await db?.close();
      await pgDb?.drop();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };

  try {
    if (pgUrl) pgDb = await createPgDatabase(pgUrl, { migrated: true });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: pgDb?.url,
      // No built SPA: API tests answer the same whether or not apps/web/dist exists.
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'never',
      ...opts.env,
    });
    if (!config.databaseUrl) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      fs.copyFileSync(await sqliteTemplateFile(), path.join(config.dataDir, 'app.db'));
    }
    db = openDb(config);
    await migrate(db.db as never, db.dialect);

    const clock = standingClock(opts.now !== undefined ? new Date(opts.now) : new Date());

    app = await buildApp({
      config,
      db,
      clock: clock.now,
      sms: opts.sms,
      wechat: opts.wechat,
      logger: Boolean(opts.logSink),
      logSink: opts.logSink,
    });
    await app.ready();
    const deps = app.deps;
    if (opts.seed !== false) await seedDemo(deps);

    const openDbHandle = db;
    const messages = async (mobile?: string): Promise<SmsMessage[]> => {
      let q = openDbHandle.db.selectFrom('sms_outbox').selectAll().orderBy('id', 'asc');
      if (mobile) q = q.where('mobile', '=', mobile);
      return (await q.execute()) as SmsMessage[];
    };
    const last = async (mobile: string) => (await messages(mobile)).at(-1);
    const codeRe = new RegExp(`(?<!\\d)(\\d{${SMS_CODE_LENGTH}})(?!\\d)`);

    return {
      app,
      deps,
      db,
      config,
      dialect: db.dialect,
      dataDir,
      sms: {
        messages,
        last,
        async lastCode(mobile) {
          const msg = await last(mobile);
          if (!msg) throw new Error(`no SMS was sent to ${mobile}`);
          const m = codeRe.exec(msg.content);
          if (!m) throw new Error(`no ${SMS_CODE_LENGTH}-digit code in the SMS to ${mobile}: ${msg.content}`);
          return m[1];
        },
      },
      ...clock,
      close,
    };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}

/** A test server's clock: it stands at `start` until setNow or advance moves it. */
function standingClock(start: Date): Pick<TestApp, 'now' | 'setNow' | 'advance'> {
  let current = start;
  return {
    now: () => new Date(current.getTime()),
    setNow(date) {
      current = new Date(date);
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
  };
}

export interface PeerAppOptions {
  /** Where this server's clock starts (default: the first server's current time). It stands still until moved. */
  now?: Date | string;
  /** Extra environment for this server's loadConfig (e.g. { INSTANCE_ID: 'B' }). */
  env?: Record<string, string | undefined>;
}

/**
 * A second server on the same database and DATA_DIR as `base` (several app servers on one database), with its own
 * connection, configuration and clock. Its close() closes only its app and connection; `base.close()` drops the
 * database.
 */
export async function createPeerApp(base: TestApp, opts: PeerAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: base.dataDir,
    DATABASE_URL: base.config.databaseUrl,
    WEB_DIST: path.join(base.dataDir, 'no-web-dist'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'never',
    ...opts.env,
  });
  const db = openDb(config);
  let app: FastifyInstance | undefined;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app?.close();
    await db.close();
  };
  try {
    const clock = standingClock(new Date(opts.now ?? base.now()));
    app = await buildApp({ config, db, clock: clock.now, logger: false });
    await app.ready();
    return {
      app,
      deps: app.deps,
      db,
      config,
      dialect: db.dialect,
      dataDir: base.dataDir,
      sms: base.sms,
      ...clock,
      close,
    };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}

/** Polls `check` until it returns a truthy value (or throws after `timeoutMs`, default 20 s); returns that value. */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface CallOptions {
  token?: string;
  /** JSON body (objects) or a raw payload (string/Buffer). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface CallResult<T = any> {
  status: number;
  /** Parsed JSON when the reply is JSON, else the text. */
  body: T;
  headers: Record<string, unknown>;
}

/** One request through app.inject, with an optional bearer token; the reply's JSON parsed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  url: string,
  opts: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) query[k] = String(v);
  const inject: InjectOptions = { method, url, headers, query };
  if (opts.body !== undefined) {
    if (typeof opts.body === 'string' || Buffer.isBuffer(opts.body)) inject.payload = opts.body;
    else inject.payload = opts.body as InjectOptions['payload'];
  }
  const res = await app.inject(inject);
  let body: unknown = res.body;
  if (String(res.headers['content-type'] ?? '').includes('json') && res.body) {
    try {
      body = JSON.parse(res.body);
    } catch {
      /* keep the text */
    }
  }
  return { status: res.statusCode, body: body as T, headers: res.headers };
}

/** Logs in through POST /v1/user/login and returns the token; throws with the reply when it fails. */
export async function login(app: FastifyInstance, mobile: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await call(app, 'POST', '/v1/user/login', { body: { mobile, password, type: '0' } });
  const token = res.body?.data?.token;
  if (res.status !== 200 || res.body?.code !== 1 || typeof token !== 'string') {
    throw new Error(`login ${mobile} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return token;
}

/** Logs in as one of the demo accounts. */
export function loginAs(app: FastifyInstance, kind: DemoKind): Promise<string> {
  return login(app, DEMO[kind]);
}

export interface ImportToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run import` (tools/import.ts through tsx; another tool of tools/ when named, e.g. tools/import-litigation.ts)
 * in a child process on `t`'s database and DATA_DIR (relative file names resolve there). `done` resolves when it
 * exits; `finished()` says whether it has.
 */
export function runImportTool(
  t: TestApp,
  args: string[],
  tool = 'tools/import.ts',
): { done: Promise<ImportToolRun>; finished(): boolean } {
  let finished = false;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, tool), ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATA_DIR: t.dataDir,
      DATABASE_URL: t.config.databaseUrl ?? '',
      INIT_CWD: t.dataDir,
      LOG_LEVEL: 'silent',
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const done = new Promise<ImportToolRun>((resolve) =>
    child.on('close', (code) => {
      finished = true;
      resolve({ code, stdout, stderr });
    }),
  );
  return { done, finished: () => finished };
}
