import { z } from 'zod';

/**
 * What an uploaded file is for (POST /v1/common/file, field or query `purpose`). Avatars and published portal
 * images are public (served at /uploads/<name>); everything else is private: read through GET /v1/common/file/:id
 * by its owner and administrators, or through a signed link that expires within minutes.
 */
export const FILE_PURPOSES = ['avatar', 'portal', 'licence', 'document', 'export'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];
export type FileVisibility = 'public' | 'private';

/** Chinese names of the purposes (the storage report). */
export const FILE_PURPOSE_LABELS: Record<FilePurpose, string> = {
  avatar: '头像',
  portal: '门户图片',
  licence: '营业执照',
  document: '企业文档',
  export: '导出文件',
};

/** Purposes a client may upload (exports are written by the server). Default: document (private). */
export const UPLOAD_PURPOSES = ['avatar', 'portal', 'licence', 'document'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const PUBLIC_PURPOSES: readonly FilePurpose[] = ['avatar', 'portal'];

/** The longest a signed file link stays valid. */
export const FILE_LINK_MAX_TTL_S = 10 * 60;

/** The URL of a private file (owner and administrators; the Authorization header or the token cookie). */
export const privateFileUrl = (id: number) => `/v1/common/file/${id}`;
/** Whether a string is the URL of a private file, and its id. */
export function privateFileId(url: string): number | null {
  const m = /^\/v1\/common\/file\/([1-9]\d{0,9})$/.exec(url);
  return m ? Number(m[1]) : null;
}

const Bucket = z.object({ count: z.number().int(), bytes: z.number().int() });

/** POST /v1/system/storage (administrators): disk use of uploads and exports. */
export const StorageReport = z.object({
  /** What the files table records. */
  total: Bucket,
  by_purpose: z.array(Bucket.extend({ purpose: z.enum(FILE_PURPOSES), label: z.string() })),
  by_visibility: z.array(Bucket.extend({ visibility: z.enum(['public', 'private']) })),
  /** Exports that have an expiry: how many and how much expire within the next day, and the next expiry. */
  exports: z.object({
    ttl_days: z.number().int(),
    expiring_24h: Bucket,
    next_expiry: z.string().nullable(),
  }),
  /** The directories themselves (cross-check): bytes and files on disk, files without a row, rows without a file. */
  disk: z.object({
    bytes: z.number().int(),
    files: z.number().int(),
    orphans: z.number().int(),
    missing: z.number().int(),
    /** Unfinished writes (.part) waiting for the clean-up. */
    partial: z.number().int(),
  }),
  generated_at: z.string(),
});
export type StorageReport = z.infer<typeof StorageReport>;
