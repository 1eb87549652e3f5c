import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@ip/contract';
import type { Session } from '../../http/auth';
import { badRequest, tooLarge } from '../../http/errors';
import { route, type RouteRegistry } from '../../http/routes';

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

export const fileRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/common/file',
    access: 'user',
    summary: '上传文件（图片或文档，5 MB 以内）',
    bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
    handler: async ({ req, session, deps }) => {
      if (!req.isMultipart()) throw badRequest('请以表单方式上传文件');
      const part = await req.file();
      if (!part) throw badRequest('请选择要上传的文件');
      const fieldType = (part.fields.type as { value?: unknown } | undefined)?.value;
      const kind = String(fieldType ?? (req.query as { type?: string }).type ?? 'image');
      const rule = UPLOAD_TYPES[kind];
      if (!rule) throw badRequest('上传类型不正确，只能是 image 或 file');
      const ext = path.extname(part.filename || '').toLowerCase();
      if (!rule.exts.includes(ext) || !rule.mimes.includes(part.mimetype)) {
        throw badRequest(`文件格式不支持，请上传${rule.label}`);
      }
      let content: Buffer;
      try {
        content = await part.toBuffer();
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 413 || part.file.truncated)
          throw tooLarge(`文件不能超过 ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
        throw err;
      }
      if (part.file.truncated) throw tooLarge(`文件不能超过 ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
      if (content.length === 0) throw badRequest('文件内容为空');
      if (!contentMatches(ext, content)) throw badRequest('文件内容与格式不符，请上传真实的文件');
      const stored = `${crypto.randomBytes(16).toString('hex')}${ext}`;
      await fs.writeFile(path.join(deps.config.dataDir, 'uploads', stored), content);
      const owner = (session as Extract<Session, { subject: 'user' }>).user.id;
      const name = part.filename.slice(0, 200);
      const row = await deps.db.db
        .insertInto('files')
        .values({
          owner_id: owner,
          kind,
          name,
          stored_name: stored,
          mime: part.mimetype,
          size: content.length,
          created_at: deps.clock().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, url: `/uploads/${stored}`, name, size: content.length };
    },
  }),
];
