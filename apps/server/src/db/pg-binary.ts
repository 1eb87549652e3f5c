// PostgreSQL's binary wire format for the bulk writes of the import (ADR 0065): one-dimensional arrays of text, int4
// and tsvector, sent as one parameter per column (`unnest($1::text[], $2::int4[], …)`). node-postgres sends a
// Buffer parameter in the binary format, so the server copies these values instead of parsing an array literal —
// and a tsvector arrives as lexemes and positions (tsvectorrecv) instead of a text literal to parse.

export const OID_INT4 = 23;
export const OID_TEXT = 25;
export const OID_TSVECTOR = 3614;

/** UTF-8 length of a string (lone surrogates count as U+FFFD, as Buffer.byteLength does). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** Writes `s` as UTF-8 at `off` (the buffer has room: utf8Length); returns the offset after it. */
export function writeUtf8(buf: Buffer, s: string, off: number): number {
  // Short strings (lexemes) by hand: Buffer#write has a fixed cost that dominates for a few characters.
  if (s.length > 64) return off + buf.write(s, off, 'utf8');
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) buf[off++] = c;
    else if (c < 0x800) {
      buf[off++] = 0xc0 | (c >> 6);
      buf[off++] = 0x80 | (c & 0x3f);
    } else {
      if (c >= 0xd800 && c <= 0xdfff) {
        const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
          buf[off++] = 0xf0 | (cp >> 18);
          buf[off++] = 0x80 | ((cp >> 12) & 0x3f);
          buf[off++] = 0x80 | ((cp >> 6) & 0x3f);
          buf[off++] = 0x80 | (cp & 0x3f);
          continue;
        }
        c = 0xfffd;
      }
      buf[off++] = 0xe0 | (c >> 12);
      buf[off++] = 0x80 | ((c >> 6) & 0x3f);
      buf[off++] = 0x80 | (c & 0x3f);
    }
  }
  return off;
}

/** An array of already-encoded elements (null: SQL NULL), in array_recv's format. */
export function binaryArray(oid: number, elements: readonly (Buffer | null)[]): Buffer {
  if (!elements.length) return header(oid, 0, false);
  let size = 20;
  let nulls = false;
  for (const e of elements) {
    size += 4 + (e ? e.length : 0);
    if (!e) nulls = true;
  }
  const buf = Buffer.allocUnsafe(size);
  header(oid, elements.length, nulls).copy(buf, 0);
  let off = 20;
  for (const e of elements) {
    if (!e) {
      buf.writeInt32BE(-1, off);
      off += 4;
      continue;
    }
    buf.writeInt32BE(e.length, off);
    off += 4;
    off += e.copy(buf, off);
  }
  return buf;
}

function header(oid: number, length: number, nulls: boolean): Buffer {
  const buf = Buffer.alloc(length ? 20 : 12);
  buf.writeInt32BE(length ? 1 : 0, 0); // dimensions
  buf.writeInt32BE(nulls ? 1 : 0, 4);
  buf.writeUInt32BE(oid, 8);
  if (length) {
    buf.writeInt32BE(length, 12);
    buf.writeInt32BE(1, 16); // lower bound
  }
  return buf;
}

/** text[] (strings or nulls). */
export function textArray(values: readonly (string | null | undefined)[]): Buffer {
  if (!values.length) return header(OID_TEXT, 0, false);
  let size = 20;
  let nulls = false;
  const lengths = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      nulls = true;
      lengths[i] = -1;
      size += 4;
    } else {
      lengths[i] = v.length > 64 ? Buffer.byteLength(v, 'utf8') : utf8Length(v);
      size += 4 + lengths[i];
    }
  }
  const buf = Buffer.allocUnsafe(size);
  header(OID_TEXT, values.length, nulls).copy(buf, 0);
  let off = 20;
  for (let i = 0; i < values.length; i++) {
    buf.writeInt32BE(lengths[i], off);
    off += 4;
    if (lengths[i] > 0) off = writeUtf8(buf, values[i]!, off);
  }
  return buf;
}

/** int4[] (integers or nulls). */
export function int4Array(values: readonly (number | null | undefined)[]): Buffer {
  if (!values.length) return header(OID_INT4, 0, false);
  const nulls = values.some((v) => v === null || v === undefined);
  const buf = Buffer.allocUnsafe(20 + values.length * 8);
  header(OID_INT4, values.length, nulls).copy(buf, 0);
  let off = 20;
  for (const v of values) {
    if (v === null || v === undefined) {
      buf.writeInt32BE(-1, off);
      off += 4;
      continue;
    }
    buf.writeInt32BE(4, off);
    buf.writeInt32BE(v, off + 4);
    off += 8;
  }
  return buf.subarray(0, off);
}
