import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { UPLOAD_MAX_BYTES } from '@ip/contract';
import type { Config } from './config';
import type { Db } from './db';
import type { Deps, SmsSender, WechatClient } from './deps';
import { installErrorHandling } from './http/envelope';
import { loggerOptions, type LogSink } from './http/logging';
import { registerSecurityHeaders, setSecurityHeaders } from './http/security-headers';
import { registerRoutes, type RouteRegistry } from './http/routes';
import { allModules } from './modules';
import { createSmsSender } from './modules/account/sms';
import { createWechatClient } from './modules/account/wechat';
import { ensureFileDirs, publicDir } from './modules/common/file-store';
import { registerFullTextFiles } from './modules/patents/full-text-files';
import { requestOrigin, shareMetaFor, withShareMeta } from './modules/portal/share-meta';

export interface BuildOptions {
  config: Config;
  db: Db;
  clock?: () => Date;
  sms?: SmsSender;
  wechat?: WechatClient;
  logger?: boolean;
  /** Log lines go here instead of stdout (tests read them). */
  logSink?: LogSink;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeRegistry: RouteRegistry;
    deps: Deps;
  }
}

/** Builds the server: plugins, every module's routes, the SPA. Tests call it and use app.inject. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : await loggerOptions(opts.config, opts.logSink),
    bodyLimit: 1024 * 1024,
    trustProxy: opts.config.trustProxy,
    genReqId: () => Math.random().toString(36).slice(2, 10),
    // Errors before routing (a malformed URL such as /v1/%zz) answer in the envelope, in Chinese, like the rest.
    frameworkErrors: (error, _req, res) => {
      const reply = res as unknown as FastifyReply;
      setSecurityHeaders(reply);
      return reply.status(400).send({ code: 0, msg: error.code === 'FST_ERR_BAD_URL' ? '请求地址不正确' : '请求不正确' });
    },
    // Errors before Fastify sees a request (Node's HTTP parser: an address or headers past 16 KB, a malformed request
    // line) answer in the envelope too; Fastify's default wrote {"error":"Bad Request","message":"Client Error"}.
    clientErrorHandler: (err, socket) => {
      if ((err as NodeJS.ErrnoException).code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
      const tooLong = (err as NodeJS.ErrnoException).code === 'HPE_HEADER_OVERFLOW';
      const body = JSON.stringify({ code: 0, msg: tooLong ? '请求地址或请求头过长' : '请求不正确' });
      socket.end(
        `HTTP/1.1 ${tooLong ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
    },
  });
  const clock = opts.clock ?? (() => new Date());
  const deps: Deps = {
    config: opts.config,
    db: opts.db,
    clock,
    log: app.log,
    sms: opts.sms ?? createSmsSender(opts.config, opts.db, app.log, clock),
    wechat: opts.wechat ?? createWechatClient(opts.config),
  };
  app.decorate('deps', deps);
  app.decorate('routeRegistry', [] as RouteRegistry);

  installErrorHandling(app);
  // First, so every answer carries them: API replies, error envelopes, static files, the SPA, redirects.
  await registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });

  await app.register(
    async (api) => {
      registerRoutes(api, deps, allModules(), app.routeRegistry);
    },
    { prefix: '/v1' },
  );

  // Public files only (avatars, portal images): flat names in DATA_DIR/uploads. Private files live in DATA_DIR/private
  // and are read through GET /v1/common/file/:id (ADR 0014); no subdirectory (e.g. the old uploads/exports) is served.
  ensureFileDirs(opts.config);
  // Full-text PDFs under /uploads/ only for those /v1/patents/detail gives them to (ADR 0031).
  registerFullTextFiles(app, deps);
  await app.register(fastifyStatic, {
    root: publicDir(opts.config),
    prefix: '/uploads/',
    decorateReply: false,
    // A stored name is random and never reused, so a public file may be cached for a week (ADR 0053); -w480/-w1200
    // are a portal image's resized copies.
    allowedPath: (pathName) => /^\/[0-9a-f]{32}(-w\d{3,4})?\.[a-z0-9]{1,5}$/.test(pathName),
    maxAge: 7 * 86400 * 1000,
    immutable: true,
    setHeaders: (res) => res.setHeader('x-content-type-options', 'nosniff'),
  });

  // The SPA: static files, and index.html for every page route (client-side routing).
  const dist = opts.config.webDist;
  const index = path.join(dist, 'index.html');
  const html = fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : null;
  if (html) await app.register(fastifyStatic, { root: dist, prefix: '/', wildcard: false, index: false });
  app.setNotFoundHandler(async (req, reply) => {
    // Page routes get the SPA; a missing file (a path whose last segment has an extension) gets a real 404,
    // so a stale script URL fails loudly instead of receiving HTML.
    const pathname = req.url.split('?')[0];
    const isFile = /\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/')));
    if (html && req.method === 'GET' && !isFile && !pathname.startsWith('/v1/') && !pathname.startsWith('/uploads/')) {
      // Public portal pages carry their share card in the HTML (ADR 0045).
      const meta = await shareMetaFor(deps, pathname, new URLSearchParams(req.url.split('?')[1] ?? '')).catch(() => null);
      const page = meta ? withShareMeta(html, meta, requestOrigin(req.protocol, req.host)) : html;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    }
    return reply.status(404).send({ code: 0, msg: isFile ? '文件不存在' : '接口不存在' });
  });
  return app;
}
