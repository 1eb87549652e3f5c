import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * The Content-Security-Policy of every answer (ADR 0017). The built SPA has no inline script, so scripts are
 * 'self' only. Styles need 'unsafe-inline': antd's CSS-in-JS injects <style> elements at run time and several
 * rc-components set style attributes; a style cannot run script, and wiring a per-request nonce through antd's
 * StyleProvider would still leave the attributes. Drawings and full-text PDFs of imported patents may live on
 * the patent office's servers (http/https URLs checked at import), hence img-src and frame-src allow http(s).
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'self'", 'https:', 'http:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The CSP of an answer our own pages may frame (a PDF in an <iframe>, ADR 0021): frame-ancestors 'self'. */
export const SAME_ORIGIN_FRAMED_CSP = Object.entries({ ...CSP_DIRECTIVES, 'frame-ancestors': ["'self'"] })
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join(';');

/** HSTS, sent only on answers to HTTPS requests (directly or through a proxy's x-forwarded-proto). */
export const HSTS = 'max-age=15552000; includeSubDomains';

/** Registers the security headers on every answer: API, errors, static files, the SPA, redirects. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // Plain-HTTP intranet installs exist: over HTTP a browser ignores HSTS, and upgrade-insecure-requests would
    // break them, so HSTS is added below per request instead.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Same-origin app: opener isolation and same-origin resources cost nothing. COEP stays off: it would block
    // the drawings and PDFs served from other origins without CORP headers.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS);
  });
}

/** The CSP header value (what helmet sends for CSP_DIRECTIVES). */
export const CSP_HEADER = Object.entries(CSP_DIRECTIVES)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join(';');

/**
 * The headers for the few answers Fastify makes before any hook runs (framework errors such as a malformed URL);
 * security-headers.test.ts checks them with the same assertions as every other answer.
 */
export function setSecurityHeaders(reply: FastifyReply): void {
  reply.headers({
    'content-security-policy': CSP_HEADER,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}
