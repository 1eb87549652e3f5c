import { z } from 'zod';

/** Long work runs as a job (imports, exports, reports): the page polls its status and shows a progress bar. */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatusName = (typeof JOB_STATUSES)[number];

/** How often a page polls POST /v1/jobs/status while a job runs. */
export const JOB_POLL_INTERVAL_MS = 1000;

export const JobStatusBody = z.object({
  id: z.coerce.number({ error: '请提供任务编号' }).int('任务编号应为整数').positive('任务编号应为正整数'),
});
export type JobStatusBody = z.infer<typeof JobStatusBody>;

export const JobStatusReply = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  /** 0–100; 100 once the job is done. */
  percent: z.number().int(),
  /** What the job produced so far (counts while running), or its final result. */
  result: z.record(z.string(), z.unknown()),
  /** A Chinese message when the job failed, else ''. */
  error: z.string(),
});
export type JobStatusReply = z.infer<typeof JobStatusReply>;

/** Patent import by an administrator (POST /v1/patents/import, multipart, one JSON Lines file). */
export const PATENT_IMPORT_MAX_BYTES = 200 * 1024 * 1024;
export const PATENT_IMPORT_EXTENSIONS = ['.jsonl', '.ndjson'] as const;

export const PatentImportReply = z.object({ job_id: z.number().int() });
export type PatentImportReply = z.infer<typeof PatentImportReply>;

/** The result of a finished import job: counts, and the first rejected lines with the reason. */
export const PatentImportResult = z.object({
  read: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type PatentImportResult = z.infer<typeof PatentImportResult>;
