import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { PATENT_IMPORT_MAX_BYTES } from '@ip/contract';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  NODE_ENV: z.string().default('development'),
  WEB_DIST: z.string().optional(),
  // No default here: production must choose (see loadConfig); elsewhere the offline ones are the default.
  SMS_PROVIDER: z.enum(['outbox', 'http']).optional(),
  SMS_HTTP_URL: z.string().optional(),
  SMS_HTTP_KEY: z.string().optional(),
  WECHAT_PROVIDER: z.enum(['offline', 'http']).optional(),
  WECHAT_HTTP_URL: z.string().optional(),
  WECHAT_APPID: z.string().optional(),
  WECHAT_SECRET: z.string().optional(),
  TIANYANCHA_PROVIDER: z.enum(['offline', 'http']).optional(),
  TIANYANCHA_HTTP_URL: z.string().optional(),
  TIANYANCHA_TOKEN: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  PATENT_DATA_DIR: z.string().optional(),
  DEMO_PATENTS: z.coerce.number().int().min(0).max(10_000_000).default(2000),
  IMPORT_MAX_BYTES: z.coerce.number().int().min(1).optional(),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY 至少 32 个字符').optional(),
  EXPORT_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  MAX_QUEUED_EXPORTS: z.coerce.number().int().min(1).max(100).default(3),
  INSTANCE_ID: z.string().min(1).max(100).optional(),
  JOB_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  TRUST_PROXY: z.string().max(500).default('loopback'),
  SEARCH_GROONGA: z.enum(['off', 'on']).default('off'),
  GROONGA_DIR: z.string().optional(),
  GROONGA_BIN: z.string().optional(),
});

/** The repository root (config.ts is apps/server/src/config.ts). */
export const REPO_ROOT = path.resolve(new URL('../../..', import.meta.url).pathname);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise SQLite at DATA_DIR/app.db. */
  databaseUrl?: string;
  production: boolean;
  webDist: string;
  sms: { provider: 'outbox' | 'http'; url?: string; key?: string };
  wechat: { provider: 'offline' | 'http'; url?: string; appid?: string; secret?: string };
  /** 天眼查 registration data (ADR 0041): offline (deterministic demo data) or the HTTP service. */
  tianyancha: { provider: 'offline' | 'http'; url?: string; token?: string };
  logLevel: string;
  seedDemo: boolean;
  /**
   * Real patent records (JSON Lines) imported in the background on first start outside production:
   * PATENT_DATA_DIR, default ../shared/data/patents beside the repository; null when set to '' or 'none'.
   */
  patentDataDir: string | null;
  /** Demo patents generated on an empty patents table outside production. */
  demoPatents: number;
  /**
   * PostgreSQL only (SEARCH_GROONGA=on, ADR 0086): Groonga answers phrase conditions (search/engine/groonga.ts);
   * its databases under GROONGA_DIR (default DATA_DIR/groonga/<INSTANCE_ID>, one folder per app server), the
   * executable GROONGA_BIN (default `groonga`).
   */
  groonga: { dir: string; bin?: string } | null;
  /** Largest patent import file an administrator may upload. */
  importMaxBytes: number;
  /**
   * Key for signed file links and other HMACs: SECRET_KEY, else a random key kept in DATA_DIR/secret.key (created
   * on first use, readable by the owner only; see secretKey()). Several servers on one database need the same one.
   */
  secretKey?: string;
  /** Days an Excel export is kept before it is deleted. */
  exportTtlDays: number;
  /** Exports one user may have queued or running at once. */
  maxQueuedExports: number;
  /** This server's name among several on one database (job leases); default host name + port. */
  instanceId: string;
  /** A running job whose lease was not renewed for this long is taken over by another server. */
  jobLeaseMs: number;
  /** Log lines as JSON (production default) or pretty (development at a terminal). */
  logFormat: 'pretty' | 'json';
  /**
   * Which peers' X-Forwarded-For / -Proto are believed (Fastify trustProxy): by default only a proxy on this machine
   * (loopback). The client address feeds the login and SMS limits, so a directly reachable server must not believe
   * a header any caller can write (ADR 0013).
   */
  trustProxy: boolean | string;
}

/** Reads every setting from the environment, with defaults; throws a readable error on bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`配置错误：${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  // An office must never run on the offline providers by accident: in production they must be named explicitly.
  if (production && !e.SMS_PROVIDER) {
    throw new Error(
      '配置错误：生产环境必须配置短信服务（SMS_PROVIDER=http 与 SMS_HTTP_URL）；确需只把短信写入发件箱表时，请显式设置 SMS_PROVIDER=outbox',
    );
  }
  if (production && !e.WECHAT_PROVIDER) {
    throw new Error(
      '配置错误：生产环境必须配置微信登录（WECHAT_PROVIDER=http 与 WECHAT_HTTP_URL、WECHAT_APPID、WECHAT_SECRET）；不使用微信登录时，请显式设置 WECHAT_PROVIDER=offline',
    );
  }
  if (production && !e.TIANYANCHA_PROVIDER) {
    throw new Error(
      '配置错误：生产环境必须配置天眼查（TIANYANCHA_PROVIDER=http 与 TIANYANCHA_HTTP_URL、TIANYANCHA_TOKEN）；只用演示数据时，请显式设置 TIANYANCHA_PROVIDER=offline',
    );
  }
  if (e.TIANYANCHA_PROVIDER === 'http' && !e.TIANYANCHA_HTTP_URL) {
    throw new Error('配置错误：TIANYANCHA_PROVIDER=http 需要 TIANYANCHA_HTTP_URL');
  }
  if (e.SEARCH_GROONGA === 'on' && !e.DATABASE_URL) {
    throw new Error('配置错误：SEARCH_GROONGA=on 只用于 PostgreSQL，需要同时设置 DATABASE_URL');
  }
  if (e.SMS_PROVIDER === 'http' && !e.SMS_HTTP_URL) throw new Error('配置错误：SMS_PROVIDER=http 需要 SMS_HTTP_URL');
  if (e.WECHAT_PROVIDER === 'http' && !e.WECHAT_HTTP_URL) throw new Error('配置错误：WECHAT_PROVIDER=http 需要 WECHAT_HTTP_URL');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    production,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    sms: { provider: e.SMS_PROVIDER ?? 'outbox', url: e.SMS_HTTP_URL, key: e.SMS_HTTP_KEY },
    wechat: { provider: e.WECHAT_PROVIDER ?? 'offline', url: e.WECHAT_HTTP_URL, appid: e.WECHAT_APPID, secret: e.WECHAT_SECRET },
    tianyancha: { provider: e.TIANYANCHA_PROVIDER ?? 'offline', url: e.TIANYANCHA_HTTP_URL, token: e.TIANYANCHA_TOKEN },
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'auto',
    patentDataDir:
      e.PATENT_DATA_DIR === undefined
        ? path.resolve(REPO_ROOT, '../shared/data/patents')
        : e.PATENT_DATA_DIR === '' || e.PATENT_DATA_DIR === 'none'
          ? null
          : path.resolve(e.PATENT_DATA_DIR),
    demoPatents: e.DEMO_PATENTS,
    groonga:
      e.SEARCH_GROONGA === 'on'
        ? {
            // One folder per app server: several servers may share DATA_DIR, and each keeps its own Groonga.
            dir: path.resolve(
              e.GROONGA_DIR ??
                path.join(e.DATA_DIR, 'groonga', (e.INSTANCE_ID ?? `${os.hostname()}:${e.PORT}`).replace(/[^\w.-]/g, '_')),
            ),
            bin: e.GROONGA_BIN || undefined,
          }
        : null,
    importMaxBytes: e.IMPORT_MAX_BYTES ?? PATENT_IMPORT_MAX_BYTES,
    secretKey: e.SECRET_KEY,
    exportTtlDays: e.EXPORT_TTL_DAYS,
    maxQueuedExports: e.MAX_QUEUED_EXPORTS,
    instanceId: e.INSTANCE_ID ?? `${os.hostname()}:${e.PORT}`,
    jobLeaseMs: e.JOB_LEASE_MS,
    logFormat: e.LOG_FORMAT ?? (production || !process.stdout.isTTY ? 'json' : 'pretty'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

/** TRUST_PROXY: true / false, or comma-separated addresses and CIDR ranges (also loopback, linklocal, uniquelocal). */
function parseTrustProxy(value: string): boolean | string {
  const v = value.trim();
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  return v;
}

const secrets = new Map<string, Buffer>();

/**
 * The key for signed file links and other server-side HMACs: SECRET_KEY when set; otherwise a random 32-byte key
 * kept in DATA_DIR/secret.key, created on first use with mode 0600. Several servers on one PostgreSQL must share
 * one SECRET_KEY (each would otherwise make its own file).
 */
export function secretKey(config: Pick<Config, 'secretKey' | 'dataDir'>): Buffer {
  if (config.secretKey) return Buffer.from(config.secretKey, 'utf8');
  const file = path.join(config.dataDir, 'secret.key');
  const cached = secrets.get(file);
  if (cached) return cached;
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
  secrets.set(file, key);
  return key;
}
