// Disk use of uploads and exports for the administrator's /system page (ADR 0014): what the files table records,
// by purpose and visibility, and the directories walked as a cross-check (files without a row, rows without a file,
// unfinished .part files).
import fs from 'node:fs/promises';
import path from 'node:path';
import { FILE_PURPOSES, FILE_PURPOSE_LABELS, type FilePurpose, type StorageReport } from '@ip/contract';
import type { Deps } from '../../deps';
import { PART_SUFFIX, privateDir, publicDir, tmpDir } from '../common/file-store';

const DAY_MS = 86_400_000;

/** Every file under a directory (recursively): name relative to it → size. */
async function walk(dir: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  let list;
  try {
    list = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return out;
  }
  for (const e of list) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    const stat = await fs.stat(full).catch(() => null);
    if (stat) out.set(path.relative(dir, full), stat.size);
  }
  return out;
}

export async function storageReport(deps: Deps): Promise<StorageReport> {
  const now = deps.clock();
  const rows = await deps.db.db
    .selectFrom('files')
    .select(['visibility', 'purpose', 'stored_name', 'size', 'expires_at'])
    .execute();
  const zero = () => ({ count: 0, bytes: 0 });
  const total = zero();
  const byPurpose = new Map<FilePurpose, { count: number; bytes: number }>(FILE_PURPOSES.map((p) => [p, zero()]));
  const byVisibility = { public: zero(), private: zero() };
  const expiring = zero();
  let nextExpiry: string | null = null;
  const soon = new Date(now.getTime() + DAY_MS).toISOString();
  for (const r of rows) {
    const size = Number(r.size);
    const add = (b: { count: number; bytes: number }) => {
      b.count++;
      b.bytes += size;
    };
    add(total);
    // Own keys only: a purpose the code does not know is counted in the total, not looked up on a prototype.
    const p = byPurpose.get(r.purpose as FilePurpose);
    if (p) add(p);
    add(r.visibility === 'public' ? byVisibility.public : byVisibility.private);
    if (r.expires_at) {
      if (r.expires_at <= soon) add(expiring);
      if (!nextExpiry || r.expires_at < nextExpiry) nextExpiry = r.expires_at;
    }
  }

  const pub = await walk(publicDir(deps.config));
  const priv = await walk(privateDir(deps.config));
  const tmp = await walk(tmpDir(deps.config));
  let bytes = 0;
  for (const m of [pub, priv, tmp]) for (const s of m.values()) bytes += s;
  let missing = 0;
  const known = { public: new Set<string>(), private: new Set<string>() };
  for (const r of rows) {
    const where = r.visibility === 'public' ? pub : priv;
    (r.visibility === 'public' ? known.public : known.private).add(r.stored_name);
    if (!where.has(r.stored_name)) missing++;
  }
  let orphans = 0;
  for (const name of pub.keys()) if (!known.public.has(name)) orphans++;
  for (const name of priv.keys()) if (!known.private.has(name)) orphans++;
  const partial = [...tmp.keys()].filter((n) => n.endsWith(PART_SUFFIX)).length;

  return {
    total,
    by_purpose: FILE_PURPOSES.map((purpose) => ({ purpose, label: FILE_PURPOSE_LABELS[purpose], ...byPurpose.get(purpose)! })),
    by_visibility: [
      { visibility: 'public', ...byVisibility.public },
      { visibility: 'private', ...byVisibility.private },
    ],
    exports: { ttl_days: deps.config.exportTtlDays, expiring_24h: expiring, next_expiry: nextExpiry },
    disk: { bytes, files: pub.size + priv.size + tmp.size, orphans, missing, partial },
    generated_at: now.toISOString(),
  };
}
