import crypto from 'node:crypto';
import type { Config } from '../../config';
import type { WechatClient } from '../../deps';
import { badGateway, badRequest } from '../../http/errors';

/**
 * Offline default: there is no WeChat server to ask, so a login code maps to a stable openid derived from it.
 * This lets the binding and openid-login flows run end to end on a machine without network.
 */
export class OfflineWechatClient implements WechatClient {
  authorizeUrl(redirectUri: string, state: string): string {
    const u = new URL(redirectUri, 'http://localhost');
    u.searchParams.set('code', `offline-${state}`);
    u.searchParams.set('state', state);
    return redirectUri.startsWith('http') ? u.toString() : `${u.pathname}${u.search}`;
  }
  async openidFromCode(code: string): Promise<string> {
    if (!code) throw badRequest('缺少微信授权码');
    return `offline_${crypto.createHash('sha256').update(code).digest('hex').slice(0, 24)}`;
  }
}

/**
 * HTTP adapter for the official-account OAuth flow: GET {url}/sns/oauth2/access_token?appid&secret&code&grant_type
 * answers {openid} or {errcode, errmsg}.
 */
export class HttpWechatClient implements WechatClient {
  constructor(
    private baseUrl: string,
    private appid = '',
    private secret = '',
  ) {}
  authorizeUrl(redirectUri: string, state: string): string {
    const q = new URLSearchParams({
      appid: this.appid,
      redirect_uri: redirectUri,
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
