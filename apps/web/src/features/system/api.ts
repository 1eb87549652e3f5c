import { queryOptions } from '@tanstack/react-query';
import type { StorageReport } from '@ip/contract';
import { post } from '../../api/http';

/** POST /v1/system/storage (administrators): disk use of uploads and exports. */
export const storageQuery = () =>
  queryOptions({
    queryKey: ['system', 'storage'],
    queryFn: () => post<StorageReport>('/v1/system/storage', {}, { silent: true }),
  });

/** Bytes as a readable size: 0 B, 512 B, 1.5 KB, 12.3 MB, 2.0 GB. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}
