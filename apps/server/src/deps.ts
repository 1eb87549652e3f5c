import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';

/** Sends a text message; the offline default writes it to the outbox table and the server log. */
export interface SmsSender {
  send(mobile: string, content: string): Promise<void>;
}

/** The request a WeChat step runs in (the offline provider keeps its device cookie and codes with it). */
export interface WechatContext {
  req: FastifyRequest;
  reply: FastifyReply;
  deps: Deps;
}

/** WeChat login: sends the browser to authorization and exchanges the single-use code it brings back for an openid. */
export interface WechatClient {
  /** The URL a browser goes to for WeChat authorization, coming back to `callback` with ?code=&state=. */
  authorizeUrl(callback: string, state: string, ctx: WechatContext): Promise<string>;
  /** The openid behind a code; a code works once. Throws a Chinese 400 for a bad or used code. */
  openidFromCode(code: string, ctx: WechatContext): Promise<string>;
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
