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
  SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  SMS_HTTP_URL: z.string().optional(),
  SMS_HTTP_KEY: z.string().optional(),
  WECHAT_PROVIDER: z.enum(['offline', 'http']).default('offline'),
  WECHAT_HTTP_URL: z.string().optional(),
  WECHAT_APPID: z.string().optional(),
  WECHAT_SECRET: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  PATENT_DATA_DIR: z.string().optional(),
  DEMO_PATENTS: z.coerce.number().int().min(0).max(10_000_000).default(2000),
  IMPORT_MAX_BYTES: z.coerce.number().int().min(1).optional(),
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
  logLevel: string;
  seedDemo: boolean;
  /**
   * Real patent records (JSON Lines) imported in the background on first start outside production:
   * PATENT_DATA_DIR, default ../shared/data/patents beside the repository; null when set to '' or 'none'.
   */
  patentDataDir: string | null;
  /** Demo patents generated on an empty patents table outside production. */
  demoPatents: number;
  /** Largest patent import file an administrator may upload. */
  importMaxBytes: number;
}

/** Reads every setting from the environment, with defaults; throws a readable error on bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`配置错误：${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  if (e.SMS_PROVIDER === 'http' && !e.SMS_HTTP_URL) throw new Error('配置错误：SMS_PROVIDER=http 需要 SMS_HTTP_URL');
  if (e.WECHAT_PROVIDER === 'http' && !e.WECHAT_HTTP_URL) throw new Error('配置错误：WECHAT_PROVIDER=http 需要 WECHAT_HTTP_URL');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    production: e.NODE_ENV === 'production',
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    sms: { provider: e.SMS_PROVIDER, url: e.SMS_HTTP_URL, key: e.SMS_HTTP_KEY },
    wechat: { provider: e.WECHAT_PROVIDER, url: e.WECHAT_HTTP_URL, appid: e.WECHAT_APPID, secret: e.WECHAT_SECRET },
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'auto',
    patentDataDir:
      e.PATENT_DATA_DIR === undefined
        ? path.resolve(REPO_ROOT, '../shared/data/patents')
        : e.PATENT_DATA_DIR === '' || e.PATENT_DATA_DIR === 'none'
          ? null
          : path.resolve(e.PATENT_DATA_DIR),
    demoPatents: e.DEMO_PATENTS,
    importMaxBytes: e.IMPORT_MAX_BYTES ?? PATENT_IMPORT_MAX_BYTES,
  };
}
