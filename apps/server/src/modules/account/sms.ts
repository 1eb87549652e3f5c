import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { SmsSender } from '../../deps';
import { badGateway } from '../../http/errors';
import { maskMobile } from '../../http/logging';

/**
 * Offline default: the message goes to the sms_outbox table and the server log. Outside production the log line
 * carries the text (the demo reads its codes there); in production only the masked mobile: a code in a log line is a
 * password anyone with the log could use.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    private clock: () => Date,
    private production = false,
  ) {}
  async send(mobile: string, content: string): Promise<void> {
    await this.db.db.insertInto('sms_outbox').values({ mobile, content, created_at: this.clock().toISOString() }).execute();
    if (this.production) this.log.info({ mobile: maskMobile(mobile) }, 'SMS (outbox)');
    else this.log.info({ mobile, content }, 'SMS (outbox)');
  }
}

/**
 * HTTP gateway adapter: POST {mobile, content} as JSON to SMS_HTTP_URL with the key as a bearer token.
 * The gateway answers 2xx on success; anything else is a failure the user is told about.
 */
export class HttpSmsSender implements SmsSender {
  constructor(
    private url: string,
    private key: string | undefined,
    private timeoutMs = 10000,
  ) {}
  async send(mobile: string, content: string): Promise<void> {
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.key ? { authorization: `Bearer ${this.key}` } : {}) },
        body: JSON.stringify({ mobile, content }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw badGateway('短信服务暂时不可用，请稍后再试');
    }
    if (!res.ok) throw badGateway('短信发送失败，请稍后再试');
  }
}

/** Chooses the SMS sender from configuration (SMS_PROVIDER). */
export function createSmsSender(config: Config, db: Db, log: FastifyBaseLogger, clock: () => Date): SmsSender {
  if (config.sms.provider === 'http' && config.sms.url) return new HttpSmsSender(config.sms.url, config.sms.key);
  return new OutboxSmsSender(db, log, clock, config.production);
}
