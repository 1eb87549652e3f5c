// Full-text PDFs stored beside the server (a patent's `pdf` is `/uploads/<path>.pdf`, docs/patent-format.md) are
// served under the same rule as /v1/patents/detail hands out their address (ADR 0019, 0031): accounts other than
// trial users; trial users, visitors and the anonymous are refused with the reason, even when they know the address.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PDF_RESTRICTION_MESSAGES } from '@ip/contract';
import type { Deps } from '../../deps';
import { loadSession, tokenSource, type Session } from '../../http/auth';
import { forbidden, notFound, unauthorized } from '../../http/errors';
import { SAME_ORIGIN_FRAMED_CSP } from '../../http/security-headers';
import { publicDir } from '../common/file-store';
import { pdfRestriction } from '../search/search.routes';

/** `/uploads/<path>.pdf`: the address rule of `fileUrlProblem` (word characters, dots, dashes; no `..`). */
const FULL_TEXT_PATH = /^\/uploads\/([\w-][\w.-]*(?:\/[\w-][\w.-]*)*\.pdf)$/i;

/** The caller's session, or null (no token, a stale one, or a password that must be changed first: ADR 0031). */
async function sessionOf(deps: Deps, token: string | undefined): Promise<Session | null> {
  if (!token) return null;
  try {
    const s = await loadSession(deps, token);
    if (s.subject === 'user' && s.user.must_change_password === 1 && !s.isAdminView) return null;
    return s;
  } catch {
    return null;
  }
}

/**
 * Registers the gate. An onRequest hook rather than a route: the `/uploads/` static route (public avatars and portal
 * images, ADR 0014) owns the wildcard, and a public upload is never a PDF (images only), so every `.pdf` under
 * `/uploads/` is a full text.
 */
export function registerFullTextFiles(app: FastifyInstance, deps: Deps): void {
  const root = publicDir(deps.config);
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.url.split('?')[0]);
    } catch {
      return;
    }
    const m = FULL_TEXT_PATH.exec(pathname);
    if (!m || m[1].includes('..')) return;
    // The rule first, then the file: whether a file exists is not told to someone who may not have it.
    const restricted = pdfRestriction(await sessionOf(deps, tokenSource(req)?.token));
    if (restricted === 'login') throw unauthorized(PDF_RESTRICTION_MESSAGES.login);
    if (restricted) throw forbidden(PDF_RESTRICTION_MESSAGES.trial);
    const full = path.join(root, m[1]);
    const stat = await fs.promises.stat(full).catch(() => null);
    if (!stat?.isFile() || !full.startsWith(root + path.sep)) throw notFound('文件不存在');
    // /fullText shows the PDF in an <iframe> of our own page: this answer may be framed by the same origin only.
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', stat.size)
      .header('content-disposition', `inline; filename="${path.basename(full)}"`)
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'SAMEORIGIN')
      .header('content-security-policy', SAME_ORIGIN_FRAMED_CSP)
      .header('cache-control', 'private, no-store')
      .send(req.method === 'HEAD' ? undefined : fs.createReadStream(full));
  });
}
