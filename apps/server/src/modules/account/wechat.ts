import crypto from 'node:crypto';
import { secretKey, type Config } from '../../config';
import type { Deps, WechatClient, WechatContext } from '../../deps';
import { badGateway, badRequest } from '../../http/errors';
import { hashToken } from '../../http/auth';

export type GrantKind = 'state' | 'code' | 'ticket';

/** A random secret of 32 bytes, hex; only its SHA-256 is stored (like tokens). */
export function newSecret(): string {
  return crypto.randomBytes(32).toString('hex');
}

/** Stores the hash of a single-use WeChat secret with what it stands for, valid for ttlMs. */
export async function storeGrant(deps: Deps, kind: GrantKind, secret: string, value: string, ttlMs: number): Promise<void> {
  await deps.db.db
    .insertInto('wechat_grants')
    .values({ hash: hashToken(secret), kind, value, expires_at: new Date(deps.clock().getTime() + ttlMs).toISOString() })
    .execute();
}

/** What an unexpired grant stands for, without using it up; undefined when unknown, used or expired. */
export async function peekGrant(deps: Deps, kind: GrantKind, secret: string): Promise<string | undefined> {
  const row = await deps.db.db
    .selectFrom('wechat_grants')
    .select('value')
    .where('hash', '=', hashToken(secret))
    .where('kind', '=', kind)
    .where('expires_at', '>', deps.clock().toISOString())
    .executeTakeFirst();
  return row?.value;
}

/**
 * Uses a grant up: of several requests racing with one secret only the one whose delete removed the row gets the
 * value; the others (and unknown, used or expired secrets) get undefined.
 */
export async function takeGrant(deps: Deps, kind: GrantKind, secret: string): Promise<string | undefined> {
  const value = await peekGrant(deps, kind, secret);
  if (value === undefined) return undefined;
  const res = await deps.db.db
    .deleteFrom('wechat_grants')
    .where('hash', '=', hashToken(secret))
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1 ? value : undefined;
}

/** The offline provider's long-lived browser cookie: its HMAC is "this browser's WeChat user". */
export const OFFLINE_DEVICE_COOKIE = 'wx_device';
const OFFLINE_DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
const OFFLINE_CODE_TTL_MS = 5 * 60 * 1000;

function cookieOf(ctx: WechatContext, name: string): string | undefined {
  const v = (ctx.req.cookies as Record<string, string | undefined> | undefined)?.[name];
  return v && /^[0-9a-f]{64}$/.test(v) ? v : undefined;
}

/**
 * Offline default: there is no WeChat server, so this server plays it (ADR 0013). Each browser gets a random
 * HttpOnly device cookie and stands for one WeChat user whose openid is an HMAC of it; each authorization issues a
 * fresh random code (stored hashed, single use, 5 minutes) that works only in the browser it was issued to.
 * Binding and openid login thus run end to end offline, but no code or openid can be replayed by anyone else.
 */
export class OfflineWechatClient implements WechatClient {
  private openidOf(deps: Deps, device: string): string {
    return `offline_${crypto.createHmac('sha256', secretKey(deps.config)).update(`wechat-device:${device}`).digest('hex').slice(0, 32)}`;
  }

  async authorizeUrl(callback: string, state: string, ctx: WechatContext): Promise<string> {
    let device = cookieOf(ctx, OFFLINE_DEVICE_COOKIE);
    if (!device) {
      device = newSecret();
      ctx.reply.setCookie(OFFLINE_DEVICE_COOKIE, device, {
        path: '/v1/',
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.req.protocol === 'https',
        maxAge: Math.floor(OFFLINE_DEVICE_TTL_MS / 1000),
      });
    }
    const code = newSecret();
    await storeGrant(ctx.deps, 'code', code, this.openidOf(ctx.deps, device), OFFLINE_CODE_TTL_MS);
    const u = new URL(callback, 'http://localhost');
    u.searchParams.set('code', code);
    u.searchParams.set('state', state);
    return callback.startsWith('http') ? u.toString() : `${u.pathname}${u.search}`;
  }

  async openidFromCode(code: string, ctx: WechatContext): Promise<string> {
    const openid = /^[0-9a-f]{64}$/.test(code) ? await takeGrant(ctx.deps, 'code', code) : undefined;
    const device = cookieOf(ctx, OFFLINE_DEVICE_COOKIE);
    // A code only works in the browser it was issued to.
    if (!openid || !device || openid !== this.openidOf(ctx.deps, device)) throw badRequest('微信授权已失效，请重新进入');
    return openid;
  }
}

/**
 * HTTP adapter for the official-account OAuth flow: GET {url}/sns/oauth2/access_token?appid&secret&code&grant_type
 * answers {openid} or {errcode, errmsg}. WeChat's own codes are single use and expire in 5 minutes.
 */
export class HttpWechatClient implements WechatClient {
  constructor(
    private baseUrl: string,
    private appid = '',
    private secret = '',
  ) {}
  async authorizeUrl(callback: string, state: string): Promise<string> {
    const q = new URLSearchParams({
      appid: this.appid,
      redirect_uri: callback,
      response_type: 'code',
      scope: 'snsapi_base',
      state,
    });
    return `https://open.weixin.qq.com/connect/oauth2/authorize?${q}#wechat_redirect`;
  }
  async openidFromCode(code: string): Promise<string> {
    if (!code) throw badRequest('缺少微信授权码');
    const q = new URLSearchParams({ appid: this.appid, secret: this.secret, code, grant_type: 'authorization_code' });
    let body: { openid?: string; errcode?: number };
    try {
      const res = await fetch(`${this.baseUrl.replace(/\/$/, '')}/sns/oauth2/access_token?${q}`, {
        signal: AbortSignal.timeout(10000),
      });
      body = (await res.json()) as typeof body;
    } catch {
      throw badGateway('微信服务暂时不可用，请稍后再试');
    }
    if (!body.openid) throw badRequest('微信授权已失效，请重新进入');
    return body.openid;
  }
}

/** Chooses the WeChat client from configuration (WECHAT_PROVIDER). */
export function createWechatClient(config: Config): WechatClient {
  if (config.wechat.provider === 'http' && config.wechat.url) {
    return new HttpWechatClient(config.wechat.url, config.wechat.appid, config.wechat.secret);
  }
  return new OfflineWechatClient();
}
