import { UPLOAD_MAX_BYTES, UPLOAD_TYPES, type UploadKind } from '@ip/contract';

/** Checks a file in the browser before uploading (the server checks again); a Chinese reason or null. */
export function uploadProblem(file: { name: string; type?: string; size: number }, kind: UploadKind): string | null {
  const rule = UPLOAD_TYPES[kind];
  const lower = file.name.toLowerCase();
  const extOk = rule.exts.some((ext) => lower.endsWith(ext));
  const mimeOk = !file.type || rule.mimes.includes(file.type);
  if (!extOk || !mimeOk) return `仅支持上传${rule.label}`;
  if (file.size > UPLOAD_MAX_BYTES) return `文件大小不能超过 ${Math.round(UPLOAD_MAX_BYTES / 1024 / 1024)} MB`;
  if (file.size === 0) return '文件内容为空';
  return null;
}

/** The accept attribute for a file input of that kind. */
export function acceptFor(kind: UploadKind): string {
  return UPLOAD_TYPES[kind].exts.join(',');
}
