import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MAX_BYTES, UPLOAD_PURPOSES, uploadRule, type UploadPurpose } from '@ip/contract';
import type { Session } from '../../http/auth';
import { AppError, badRequest, forbidden, notFound, tooLarge, unauthorized } from '../../http/errors';
import { route, type RouteRegistry } from '../../http/routes';
import { SAME_ORIGIN_FRAMED_CSP } from '../../http/security-headers';
import {
  dirOf,
  fileUrl,
  getFile,
  insertFile,
  newStoredName,
  pathOf,
  verifyFileSignature,
  visibilityOf,
  writeAtomic,
} from './file-store';
import { makeImageVariants, type ImageVariants } from './image-variants';

/** The first bytes of each accepted format: the extension and MIME type a browser sends can lie. */
const SIGNATURES: { ext: string[]; test: (b: Buffer) => boolean }[] = [
  { ext: ['.png'], test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: ['.jpg', '.jpeg'], test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: ['.gif'], test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    ext: ['.webp'],
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { ext: ['.pdf'], test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  { ext: ['.doc', '.xls'], test: (b) => b.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0])) },
  { ext: ['.docx', '.xlsx'], test: (b) => b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) },
];

/** Whether the content's signature fits the file's extension. */
export function contentMatches(ext: string, content: Buffer): boolean {
  const sig = SIGNATURES.find((s) => s.ext.includes(ext));
  return Boolean(sig && sig.test(content));
}

type UserSession = Extract<Session, { subject: 'user' }>;

/** Purposes a client may name; a Set, so user-given keys never reach Object.prototype. */
const UPLOAD_PURPOSE_SET: ReadonlySet<string> = new Set(UPLOAD_PURPOSES);

/** A form field's text (a repeated field or a file under that name is not text). */
function fieldText(fields: Record<string, unknown>, name: string): string | undefined {
  if (!Object.hasOwn(fields, name)) return undefined;
  const f = fields[name] as { type?: string; value?: unknown } | undefined;
  return f && f.type === 'field' && typeof f.value === 'string' ? f.value : undefined;
}

function queryText(query: unknown, name: string): string | undefined {
  if (!query || typeof query !== 'object' || !Object.hasOwn(query, name)) return undefined;
  const v = (query as Record<string, unknown>)[name];
  return typeof v === 'string' ? v : undefined;
}

const TOO_LARGE = `文件不能超过 ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`;
const MISSING = '文件不存在或无权查看';
/** Images and PDFs open in the browser; anything else is downloaded. */
const INLINE = /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/;

/** Content-Disposition with the original (Chinese) name: an ASCII fallback and the RFC 5987 UTF-8 form. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const fileRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/common/file',
    access: 'user',
    summary: '上传文件（图片或文档，5 MB 以内；头像公开，其余仅本人与管理员可见）',
    bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
    handler: async ({ req, session, deps }) => {
      if (!req.isMultipart()) throw badRequest('请以表单方式上传文件');
      const part = await req.file();
      if (!part) throw badRequest('请选择要上传的文件');
      const user = session as UserSession;
      // The type and purpose come as form fields before the file, or in the query.
      const kind = fieldText(part.fields, 'type') ?? queryText(req.query, 'type') ?? 'image';
      const rule = uploadRule(kind);
      if (!rule) throw badRequest('上传类型不正确，只能是 image 或 file');
      const purposeText = fieldText(part.fields, 'purpose') ?? queryText(req.query, 'purpose') ?? 'document';
      if (!UPLOAD_PURPOSE_SET.has(purposeText)) throw badRequest('上传用途不正确，只能是 avatar、portal、licence 或 document');
      const purpose = purposeText as UploadPurpose;
      if ((purpose === 'avatar' || purpose === 'portal') && kind !== 'image') throw badRequest('头像和门户图片只能上传图片');
      if (purpose === 'portal' && user.kind !== 'admin') throw forbidden('只有管理员可以上传门户图片');
      const ext = path.extname(part.filename || '').toLowerCase();
      if (!rule.exts.includes(ext) || !rule.mimes.includes(part.mimetype)) {
        throw badRequest(`文件格式不支持，请上传${rule.label}`);
      }
      const stored = newStoredName(ext);
      const visibility = visibilityOf(purpose);
      let size: number;
      try {
        size = await writeAtomic(
          deps.config,
          path.join(dirOf(deps.config, visibility), stored),
          part.file,
          async (tmp, bytes) => {
            if (part.file.truncated) throw tooLarge(TOO_LARGE);
            if (bytes === 0) throw badRequest('文件内容为空');
            const head = Buffer.alloc(16);
            const fh = await fsp.open(tmp, 'r');
            try {
              await fh.read(head, 0, 16, 0);
            } finally {
              await fh.close();
            }
            if (!contentMatches(ext, head)) throw badRequest('文件内容与格式不符，请上传真实的文件');
          },
        );
      } catch (err) {
        if (err instanceof AppError) throw err;
        if ((err as { statusCode?: number }).statusCode === 413 || part.file.truncated) throw tooLarge(TOO_LARGE);
        // The client went away or sent a broken form: nothing was stored.
        throw badRequest('文件上传未完成，请重新上传');
      }
      // Portal images get a thumbnail and a display copy (ADR 0053); an undecodable or oversize image is refused.
      let variants: ImageVariants | null = null;
      if (purpose === 'portal') {
        try {
          variants = await makeImageVariants(dirOf(deps.config, visibility), stored);
        } catch (err) {
          await fsp.rm(path.join(dirOf(deps.config, visibility), stored), { force: true });
          throw err;
        }
      }
      // Control characters (NUL above all: PostgreSQL text refuses it) never belong in a name shown back to people.
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      const name = part.filename.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
      const id = await insertFile(deps, {
        ownerId: user.user.id,
        kind,
        purpose,
        name,
        storedName: stored,
        mime: part.mimetype,
        size,
        thumbName: variants?.thumb,
        displayName: variants?.display,
      }).catch(async (err: unknown) => {
        const dir = dirOf(deps.config, visibility);
        await Promise.all(
          [stored, variants?.thumb, variants?.display].flatMap((n) => (n ? [fsp.rm(path.join(dir, n), { force: true })] : [])),
        );
        throw err;
      });
      return {
        id,
        url: fileUrl({ id, visibility, stored_name: stored }),
        name,
        size,
        purpose,
        visibility,
        ...(variants
          ? {
              thumb_url: `/uploads/${variants.thumb}`,
              display_url: `/uploads/${variants.display}`,
              width: variants.width,
              height: variants.height,
            }
          : {}),
      };
    },
  }),
  route({
    method: 'GET',
    url: '/common/file/:id',
    // Public at the door: a signed link needs no session; the handler decides (owner, administrators, signature).
    access: 'public',
    summary: '读取文件（本人或管理员，或在有效期内的签名链接）',
    answers: 'file',
    handler: async ({ req, reply, session, deps }) => {
      const idText = (req.params as { id?: string }).id ?? '';
      if (!/^[1-9]\d{0,9}$/.test(idText)) throw notFound(MISSING);
      const id = Number(idText);
      const expires = queryText(req.query, 'expires');
      const sig = queryText(req.query, 'sig');
      let file;
      if (expires !== undefined || sig !== undefined) {
        // Checked before the row is read: a bad link says nothing about whether the file exists.
        if (!verifyFileSignature(deps, id, expires ?? '', sig ?? '')) {
          throw forbidden('下载链接已过期或无效，请返回页面重新下载');
        }
        file = await getFile(deps, id);
        if (!file) throw notFound(MISSING);
      } else {
        file = await getFile(deps, id);
        if (!file || file.visibility !== 'public') {
          if (!session) throw unauthorized('请先登录后查看文件');
          // The owner (also in an administrator's admin view of the owner) and administrators; anyone else gets the
          // same answer as for a missing file.
          const mayRead = file && session.subject === 'user' && (session.user.id === file.owner_id || session.kind === 'admin');
          if (!file || !mayRead) throw notFound(MISSING);
        }
      }
      const full = pathOf(deps.config, file);
      let stat;
      try {
        stat = await fsp.stat(full);
      } catch {
        throw notFound(MISSING);
      }
      const inline = INLINE.test(file.mime);
      // A PDF is previewed in an <iframe> of our own pages (certificates, ADR 0021): only this answer may be framed,
      // and only by the same origin; every other answer keeps frame-ancestors 'none'.
      if (file.mime === 'application/pdf') {
        reply.header('x-frame-options', 'SAMEORIGIN').header('content-security-policy', SAME_ORIGIN_FRAMED_CSP);
      }
      return reply
        .header('content-type', file.mime)
        .header('content-length', stat.size)
        .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', file.visibility === 'public' ? 'public, max-age=3600' : 'private, no-store')
        .send(fs.createReadStream(full));
    },
  }),
];
