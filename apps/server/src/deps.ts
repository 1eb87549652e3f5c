import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';

/** Sends a text message; the offline default writes it to the outbox table and the server log. */
export interface SmsSender {
  send(mobile: string, content: string): Promise<void>;
}

/** WeChat login: exchanges a login code for the user's openid. */
export interface WechatClient {
  /** The URL a browser goes to for WeChat authorization, coming back to redirectUri with ?code=. */
  authorizeUrl(redirectUri: string, state: string): string;
  openidFromCode(code: string): Promise<string>;
}

/** Everything a module needs, created once at start and handed to the routes. */
export interface Deps {
  config: Config;
  db: Db;
  sms: SmsSender;
  wechat: WechatClient;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** The background job worker, when one runs in this process (main.ts starts it): poke() runs a new job now. */
  jobs?: { poke(): void };
}
