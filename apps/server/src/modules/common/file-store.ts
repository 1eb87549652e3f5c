// Where files live (ADR 0014). Public files (avatars, published portal images) sit in DATA_DIR/uploads, which the
// /uploads/ static route serves; private files (licences, documents, exports) sit in DATA_DIR/private, which no
// static route serves, and are read through GET /v1/common/file/:id or a signed link. Every file is first written
// to DATA_DIR/tmp/<name>.part and renamed into place once complete, so a crash never leaves a half-written file
// where it could be served; the housekeeping task removes stray .part files.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { FILE_LINK_MAX_TTL_S, PUBLIC_PURPOSES, privateFileUrl, type FilePurpose, type FileVisibility } from '@ip/contract';
import { secretKey, type Config } from '../../config';
import type { FilesTable } from '../../db/schema';
import type { Deps } from '../../deps';

export type FileRow = Omit<FilesTable, 'id' | 'thumb_name' | 'display_name'> & {
  id: number;
  thumb_name?: string;
  display_name?: string;
};

type Dirs = Pick<Config, 'dataDir'>;
export const publicDir = (c: Dirs) => path.join(c.dataDir, 'uploads');
export const privateDir = (c: Dirs) => path.join(c.dataDir, 'private');
export const tmpDir = (c: Dirs) => path.join(c.dataDir, 'tmp');
export const PART_SUFFIX = '.part';

export const visibilityOf = (purpose: FilePurpose): FileVisibility => (PUBLIC_PURPOSES.includes(purpose) ? 'public' : 'private');

/** The directory a file of that visibility lives in. */
export const dirOf = (c: Dirs, visibility: string) => (visibility === 'public' ? publicDir(c) : privateDir(c));
export const pathOf = (c: Dirs, f: Pick<FileRow, 'visibility' | 'stored_name'>) =>
  path.join(dirOf(c, f.visibility), f.stored_name);

/** A new unguessable stored name with the extension. */
export const newStoredName = (ext: string) => `${crypto.randomBytes(16).toString('hex')}${ext}`;

/** Creates the three directories (once at start). */
export function ensureFileDirs(c: Dirs): void {
  for (const d of [publicDir(c), privateDir(c), tmpDir(c)]) fs.mkdirSync(d, { recursive: true });
}

/** A temporary path for a file being written (DATA_DIR/tmp/<stored>.part). */
export const partPathFor = (c: Dirs, stored: string) => path.join(tmpDir(c), `${stored}${PART_SUFFIX}`);

/**
 * Writes a stream to its final place through a .part file and a rename. `check` sees the complete temporary file
 * and may throw (the file is then removed). On any failure nothing is left behind.
 */
export async function writeAtomic(
  c: Dirs,
  target: string,
  source: Readable,
  check?: (partPath: string, bytes: number) => Promise<void>,
): Promise<number> {
  const part = partPathFor(c, path.basename(target));
  let bytes = 0;
  source.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  try {
    await pipeline(source, fs.createWriteStream(part, { flags: 'wx', mode: 0o640 }));
    if (check) await check(part, bytes);
    await fsp.rename(part, target);
    return bytes;
  } catch (err) {
    await fsp.rm(part, { force: true });
    throw err;
  }
}

export interface NewFile {
  ownerId: number;
  kind: string;
  purpose: FilePurpose;
  name: string;
  storedName: string;
  mime: string;
  size: number;
  expiresAt?: string | null;
  /** Portal images' resized copies (ADR 0053). */
  thumbName?: string;
  displayName?: string;
}

/** Records a file already in place; returns its id. */
export async function insertFile(deps: Deps, f: NewFile): Promise<number> {
  const row = await deps.db.db
    .insertInto('files')
    .values({
      owner_id: f.ownerId,
      kind: f.kind,
      name: f.name,
      stored_name: f.storedName,
      mime: f.mime,
      size: f.size,
      visibility: visibilityOf(f.purpose),
      purpose: f.purpose,
      expires_at: f.expiresAt ?? null,
      created_at: deps.clock().toISOString(),
      ...(f.thumbName ? { thumb_name: f.thumbName, display_name: f.displayName ?? '' } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // /dataShow counts exports (ADR 0047); the file itself expires.
  if (f.purpose === 'export') {
    await deps.db.db
      .insertInto('activity_log')
      .values({ kind: 'export', user_id: f.ownerId, created_at: deps.clock().toISOString() })
      .execute();
  }
  return Number(row.id);
}

export async function getFile(deps: Deps, id: number): Promise<FileRow | null> {
  const row = await deps.db.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { ...row, id: Number(row.id) } : null;
}

/** The address a client uses for a file: /uploads/<name> for public files, the authenticated URL otherwise. */
export const fileUrl = (f: Pick<FileRow, 'id' | 'visibility' | 'stored_name'>) =>
  f.visibility === 'public' ? `/uploads/${f.stored_name}` : privateFileUrl(f.id);

// ─── signed links ───────────────────────────────────────────────────────────────────────────────────────────

function signature(config: Pick<Config, 'secretKey' | 'dataDir'>, id: number, expires: number): string {
  return crypto.createHmac('sha256', secretKey(config)).update(`file:${id}:${expires}`).digest('hex');
}

/** A link to a private file that works without a session until `ttlS` seconds from now (at most 10 minutes). */
export function signedFileUrl(deps: Pick<Deps, 'config' | 'clock'>, id: number, ttlS = FILE_LINK_MAX_TTL_S): string {
  const expires = Math.floor(deps.clock().getTime() / 1000) + Math.min(ttlS, FILE_LINK_MAX_TTL_S);
  return `${privateFileUrl(id)}?expires=${expires}&sig=${signature(deps.config, id, expires)}`;
}

/** Whether a signed link is genuine and still valid (expired, too far ahead, or tampered: false). */
export function verifyFileSignature(deps: Pick<Deps, 'config' | 'clock'>, id: number, expiresText: string, sig: string): boolean {
  if (!/^\d{1,12}$/.test(expiresText) || !/^[0-9a-f]{64}$/.test(sig)) return false;
  const expires = Number(expiresText);
  const now = deps.clock().getTime() / 1000;
  if (expires < now || expires > now + FILE_LINK_MAX_TTL_S) return false;
  const want = Buffer.from(signature(deps.config, id, expires), 'hex');
  return crypto.timingSafeEqual(want, Buffer.from(sig, 'hex'));
}
