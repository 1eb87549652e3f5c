import { JobStatusBody } from '@ip/contract';
import type { Session } from '../../http/auth';
import { notFound } from '../../http/errors';
import { route, type RouteRegistry } from '../../http/routes';
import { getFile, signedFileUrl } from '../common/file-store';
import { getJob, jobStatus } from './jobs.service';

type UserSession = Extract<Session, { subject: 'user' }>;

export const jobRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/jobs/status',
    access: 'user',
    summary: '查询后台任务进度（导入、导出等）',
    body: JobStatusBody,
    handler: async ({ body, session, deps }) => {
      const user = session as UserSession;
      const job = await getJob(deps.db, body.id);
      // Another user's job answers exactly like a missing one: its existence is not disclosed.
      if (!job || (job.owner_id !== user.user.id && user.kind !== 'admin')) throw notFound('任务不存在或无权查看');
      const reply = jobStatus(job);
      // A job that produced a private file (an export): a freshly signed link, valid for minutes (ADR 0014).
      const fileId = reply.result.file_id;
      if (reply.status === 'done' && typeof fileId === 'number') {
        const file = await getFile(deps, fileId);
        if (file) reply.result.url = signedFileUrl(deps, file.id);
        else reply.result.expired = true;
      }
      return reply;
    },
  }),
];
