// A judgment document as a Word file (.docx, Office Open XML): the case header and the text, one paragraph a line,
// in 宋体 with the first line indented two characters and 1.5 line spacing, as courts lay out 裁判文书. Written by
// hand (a .docx is a ZIP of three XML parts) with node:zlib, so no document library is needed.
import zlib from 'node:zlib';

export interface DocxParagraph {
  text: string;
  align?: 'left' | 'center' | 'right';
  bold?: boolean;
  /** Font size in points (default 14, 四号-ish; the title is larger). */
  size?: number;
  /** Indent the first line by two characters (body text). */
  indent?: boolean;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML content: escaped, and without the characters XML 1.0 cannot hold. */
function xmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
      .replace(/[&<>"']/g, (c) => XML_ESCAPES[c])
  );
}

function paragraphXml(p: DocxParagraph): string {
  const size = Math.round((p.size ?? 14) * 2);
  const pPr = [
    p.align && p.align !== 'left' ? `<w:jc w:val="${p.align}"/>` : '',
    '<w:spacing w:line="360" w:lineRule="auto"/>',
    p.indent ? '<w:ind w:firstLineChars="200" w:firstLine="560"/>' : '',
  ].join('');
  const rPr = `<w:rFonts w:ascii="宋体" w:hAnsi="宋体" w:eastAsia="宋体"/>${p.bold ? '<w:b/>' : ''}<w:sz w:val="${size}"/><w:szCs w:val="${size}"/>`;
  return `<w:p><w:pPr>${pPr}</w:pPr><w:r><w:rPr>${rPr}</w:rPr><w:t xml:space="preserve">${xmlText(p.text)}</w:t></w:r></w:p>`;
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';

const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';

function documentXml(paragraphs: DocxParagraph[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
    paragraphs.map(paragraphXml).join('') +
    // A4, margins 2.54 cm / 3.17 cm (Word's defaults for Chinese documents).
    '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1800" w:bottom="1440" w:left="1800" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr>' +
    '</w:body></w:document>'
  );
}

/** A ZIP archive of the given files (deflated, UTF-8 names, no data descriptors). */
export function zip(files: { name: string; data: Buffer }[], date = new Date(Date.UTC(2026, 0, 1))): Buffer {
  const dosTime = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  const dosDate = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const packed = zlib.deflateRawSync(f.data);
    const crc = zlib.crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** A .docx file holding the paragraphs. */
export function buildDocx(paragraphs: DocxParagraph[]): Buffer {
  return zip([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES, 'utf8') },
    { name: '_rels/.rels', data: Buffer.from(RELS, 'utf8') },
    { name: 'word/document.xml', data: Buffer.from(documentXml(paragraphs), 'utf8') },
  ]);
}

/** The paragraphs of a .docx built here (for tests and checks): the document part inflated, text per paragraph. */
export function readDocxParagraphs(file: Buffer): string[] {
  let at = 0;
  while (at + 30 <= file.length && file.readUInt32LE(at) === 0x04034b50) {
    const size = file.readUInt32LE(at + 18);
    const nameLen = file.readUInt16LE(at + 26);
    const extra = file.readUInt16LE(at + 28);
    const name = file.subarray(at + 30, at + 30 + nameLen).toString('utf8');
    const start = at + 30 + nameLen + extra;
    if (name === 'word/document.xml') {
      const xml = zlib.inflateRawSync(file.subarray(start, start + size)).toString('utf8');
      return [...xml.matchAll(/<w:p>(.*?)<\/w:p>/g)].map((m) =>
        [...m[1].matchAll(/<w:t[^>]*>(.*?)<\/w:t>/g)]
          .map((t) => t[1])
          .join('')
          .replace(/&(amp|lt|gt|quot|apos);/g, (_e, n: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[n]!),
      );
    }
    at = start + size;
  }
  throw new Error('not a .docx written by buildDocx: no word/document.xml');
}
