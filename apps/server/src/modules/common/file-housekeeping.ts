// Daily file housekeeping (ADR 0014), also run at start: deletes expired files (exports after EXPORT_TTL_DAYS: the
// file, then the row), unfinished .part files older than a day (a crash mid-write), exports of the old public
// uploads/exports directory once past the same expiry, and moves private files still lying in the public directory
// (documents uploaded before files became private) out of it. Safe on several servers at once: deletes are
// idempotent and a missing file is not an error.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../deps';
import type { ScheduledTask } from '../scheduler/scheduler';
import { purgeOrphanAttachments } from './attachment-cleanup';
import { PART_SUFFIX, privateDir, publicDir, tmpDir } from './file-store';

const DAY_MS = 86_400_000;

export interface HousekeepingResult {
  expired: number;
  partials: number;
  legacyExports: number;
  moved: number;
  /** Documents older than a day that no record names (ADR 0037). */
  orphans: number;
}

async function entries(dir: string) {
  try {
    return await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Removes files in `dir` whose name passes `match` and whose last change is before `before`; returns how many. */
async function removeOlder(dir: string, before: number, match: (name: string) => boolean): Promise<number> {
  let n = 0;
  for (const e of await entries(dir)) {
    if (!e.isFile() || !match(e.name)) continue;
    const full = path.join(dir, e.name);
    const stat = await fs.stat(full).catch(() => null);
    if (stat && stat.mtimeMs < before) {
      await fs.rm(full, { force: true });
      n++;
    }
  }
  return n;
}

export async function fileHousekeeping(deps: Deps): Promise<HousekeepingResult> {
  const { db } = deps.db;
  const now = deps.clock();
  const result: HousekeepingResult = { expired: 0, partials: 0, legacyExports: 0, moved: 0, orphans: 0 };

  const expired = await db
    .selectFrom('files')
    .select(['id', 'visibility', 'stored_name'])
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now.toISOString())
    .execute();
  for (const f of expired) {
    // The file first: a crash between the two leaves a row without a file (reported as missing), never the reverse.
    await fs.rm(path.join(f.visibility === 'public' ? publicDir(deps.config) : privateDir(deps.config), f.stored_name), {
      force: true,
    });
    await db.deleteFrom('files').where('id', '=', f.id).execute();
    result.expired++;
  }

  result.partials = await removeOlder(tmpDir(deps.config), now.getTime() - DAY_MS, (n) => n.endsWith(PART_SUFFIX));
  // Before issue 8 exports were public files in uploads/exports (no longer served); they expire like the new ones.
  const legacy = path.join(publicDir(deps.config), 'exports');
  result.legacyExports = await removeOlder(legacy, now.getTime() - deps.config.exportTtlDays * DAY_MS, () => true);
  if (result.legacyExports) await fs.rmdir(legacy).catch(() => {});

  // Private rows whose file still sits in the public directory (uploaded before files became private): move them.
  const privateRows = await db
    .selectFrom('files')
    .select('stored_name')
    .where('visibility', '=', 'private')
    .where('purpose', '!=', 'export')
    .execute();
  const inPublic = new Set((await entries(publicDir(deps.config))).map((e) => e.name));
  for (const f of privateRows) {
    if (!inPublic.has(f.stored_name)) continue;
    await fs.rename(path.join(publicDir(deps.config), f.stored_name), path.join(privateDir(deps.config), f.stored_name));
    result.moved++;
  }
  result.orphans = await purgeOrphanAttachments(deps);
  if (result.expired || result.partials || result.legacyExports || result.moved || result.orphans) {
    deps.log.info(
      `文件清理：删除过期文件 ${result.expired} 个、未完成的临时文件 ${result.partials} 个、旧导出文件 ${result.legacyExports} 个、无记录引用的附件 ${result.orphans} 个，转为私有存放 ${result.moved} 个`,
    );
  }
  return result;
}

export const fileHousekeepingTask: ScheduledTask = {
  name: 'file-housekeeping',
  cron: '0 30 3 * * *',
  runAtStart: true,
  run: fileHousekeeping,
};
