// Demo files for a fresh start (outside production): the company user's avatar (public) and a licence scan
// (private), so /system's 存储空间 and /userCenter show real files, stored the way uploads are.
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Deps } from '../deps';
import {
  dirOf,
  ensureFileDirs,
  fileUrl,
  insertFile,
  newStoredName,
  visibilityOf,
  writeAtomic,
} from '../modules/common/file-store';
import type { FilePurpose } from '@ip/contract';

/** A solid-colour RGB PNG of size × size pixels. */
export function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with one line of Latin text (no font embedding needed). */
export function onePagePdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 24 Tf 72 760 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 24 Tf 72 760 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) pdf += `${String(o).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** Stores a generated file as an upload of `ownerId` would be (disk, then its files row); returns its URL (`/v1/common/file/<id>` when private). */
export async function storeDemoFile(
  deps: Deps,
  ownerId: number,
  purpose: FilePurpose,
  name: string,
  mime: string,
  content: Buffer,
) {
  const storedName = newStoredName(path.extname(name));
  const target = path.join(dirOf(deps.config, visibilityOf(purpose)), storedName);
  const size = await writeAtomic(deps.config, target, Readable.from([content]));
  const kind = mime.startsWith('image/') ? 'image' : 'file';
  const id = await insertFile(deps, { ownerId, kind, purpose, name, storedName, mime, size });
  return fileUrl({ id, visibility: visibilityOf(purpose), stored_name: storedName });
}

/** Gives the demo company user (13800000001) an avatar and a licence scan; no-op when that user is missing. */
export async function seedDemoFiles(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const user = await db.selectFrom('users').select('id').where('mobile', '=', '13800000001').executeTakeFirst();
  if (!user) return;
  ensureFileDirs(deps.config);
  const avatar = await storeDemoFile(deps, user.id, 'avatar', '头像.png', 'image/png', solidPng(96, [22, 119, 255]));
  await storeDemoFile(
    deps,
    user.id,
    'licence',
    '示例科技有限公司营业执照（示例）.pdf',
    'application/pdf',
    onePagePdf('Demo business licence'),
  );
  await db.updateTable('users').set({ avatar }).where('id', '=', user.id).execute();
}
