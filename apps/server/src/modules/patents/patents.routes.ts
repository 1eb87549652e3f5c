import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PATENT_IMPORT_EXTENSIONS } from '@ip/contract';
import type { Session } from '../../http/auth';
import { badRequest, tooLarge } from '../../http/errors';
import { route, type RouteRegistry } from '../../http/routes';
import { createJob } from '../jobs/jobs.service';
import { countLines } from './patent-import';
import { PATENT_IMPORT_JOB, type PatentImportParams } from './patents.jobs';

type UserSession = Extract<Session, { subject: 'user' }>;

/** `209715200` → `200 MB`, `1000` → `1000 字节`. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Number((n / 1024 / 1024).toFixed(1))} MB`;
  if (n >= 1024) return `${Number((n / 1024).toFixed(1))} KB`;
  return `${n} 字节`;
}

/** Whether the start of a file looks like JSON Lines: text (no NUL bytes) whose first non-blank character is `{`. */
async function looksLikeJsonLines(file: string): Promise<boolean> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const head = buf.subarray(0, bytesRead);
    if (head.includes(0)) return false;
    const text = head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    return text.startsWith('{');
  } finally {
    await fh.close();
  }
}

export const patentRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/patents/import',
    access: ['admin'],
    summary: '导入专利数据（JSON Lines 文件，后台任务）',
    handler: async ({ req, session, deps }) => {
      if (!req.isMultipart()) throw badRequest('请以表单方式上传专利数据文件（.jsonl）');
      const max = deps.config.importMaxBytes;
      const part = await req.file({ limits: { fileSize: max, files: 1 } });
      if (!part) throw badRequest('请选择要导入的文件');
      const ext = path.extname(part.filename || '').toLowerCase();
      if (!(PATENT_IMPORT_EXTENSIONS as readonly string[]).includes(ext)) {
        part.file.resume();
        throw badRequest('文件格式不支持，请上传 JSON Lines 文件（.jsonl，每行一条专利记录）');
      }
      const dir = path.join(deps.config.dataDir, 'imports');
      await fs.promises.mkdir(dir, { recursive: true });
      const stored = path.join(dir, `${crypto.randomBytes(12).toString('hex')}${ext}`);
      const remove = () => fs.promises.rm(stored, { force: true });
      try {
        await pipeline(part.file, fs.createWriteStream(stored));
      } catch (err) {
        await remove();
        if ((err as { statusCode?: number }).statusCode === 413 || part.file.truncated)
          throw tooLarge(`文件不能超过 ${formatBytes(max)}`);
        throw err;
      }
      if (part.file.truncated) {
        await remove();
        throw tooLarge(`文件不能超过 ${formatBytes(max)}`);
      }
      const size = (await fs.promises.stat(stored)).size;
      if (size === 0) {
        await remove();
        throw badRequest('文件内容为空');
      }
      if (!(await looksLikeJsonLines(stored))) {
        await remove();
        throw badRequest('文件内容不是 JSON Lines 格式：每行应为一个 JSON 对象（{...}）');
      }
      const name = path.basename(part.filename).slice(0, 100);
      const params: PatentImportParams = { files: [{ path: stored, name }], deleteAfter: true };
      const total = await countLines(stored);
      const owner = (session as UserSession).user.id;
      const jobId = await createJob(
        deps.db,
        { kind: PATENT_IMPORT_JOB, ownerId: owner, params: { ...params, size }, total },
        deps.clock().toISOString(),
      );
      deps.jobs?.poke();
      return { job_id: jobId };
    },
  }),
];
