import type { FastifyServerOptions } from 'fastify';
import { pino, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config';

/** Where log lines go instead of stdout (tests capture them). */
export interface LogSink {
  write(line: string): void;
}

/** Query parameters and fields whose values never reach a log line. */
const SECRET_KEY = /pass(word)?|code|token|secret|ticket|key|openid|auth/i;

/** Paths pino blanks out in any logged object: headers, and secret-looking fields one or two levels deep. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...['password', 'new_password', 'old_password', 'token', 'secret'].flatMap((k) => [k, `*.${k}`]),
  // Not `*.code`: an error's code (ENOENT, FST_ERR_…) must stay readable.
  ...['body', 'query', 'params'].map((k) => `${k}.code`),
];

/** A URL with the values of secret-looking query parameters replaced (e.g. /v1/openid_login?code=… ). */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq));
      return eq >= 0 && SECRET_KEY.test(name) ? `${pair.slice(0, eq)}=***` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/** A mobile number with its middle digits hidden: 138****0000. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}

/**
 * The Fastify logger: level from LOG_LEVEL, secrets redacted, request URLs with secret query values masked; pretty
 * lines (pino-pretty, in-process) when config.logFormat is 'pretty', one JSON object a line otherwise. A sink
 * replaces stdout (tests).
 */
export async function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  sink?: LogSink,
): Promise<NonNullable<FastifyServerOptions['logger']>> {
  let stream: LogSink | undefined = sink;
  if (!stream && config.logFormat === 'pretty') {
    const { default: pretty } = await import('pino-pretty');
    stream = pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
  }
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[已隐藏]' },
    serializers: {
      req: (req) => ({
        method: req.method,
        url: maskUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * A logger like the server's (its level, format and redaction) for what runs before the server exists: the
 * migrations and the full-text index's rebuild at start, which wrote plain lines among the JSON ones.
 */
export async function startupLogger(config: Pick<Config, 'logLevel' | 'logFormat'>, sink?: LogSink): Promise<Logger> {
  const { stream, ...options } = (await loggerOptions(config, sink)) as LoggerOptions & { stream?: LogSink };
  return stream ? pino(options, stream) : pino(options);
}
