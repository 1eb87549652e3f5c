// One patent record as the importer reads it: the shared JSON Lines format (pn, an, ad, pd, title, abstract, claims,
// description, applicants, inventors, ipc, type, legal_status, lang + source extras) and our richer format (gd, gn,
// address, agency, legal_events, family, citations, drawings, pdf, term_adjustment_days). docs/patent-format.md
// describes both. validateRecord() turns a line into a PatentInput or a Chinese reason for rejecting it.
import { fileUrlProblem } from '@ip/contract';
import { normaliseIpc } from '../../search/ipc';
import { PatentNumberError, parseApplicationNumber, parsePublicationNumber } from '../../search/patent-number';
import { parseDate } from './dates';
import type { LegalEvent, PatentType } from './legal-status';

export type { LegalEvent, PatentType } from './legal-status';

export interface Publication {
  /** Canonical publication number with its kind code when known: CN108472367A, US10001996B2. */
  pn: string;
  kind: string | null;
  date: string | null;
}

export interface FamilyMember {
  pn: string;
  country: string;
  date: string | null;
}

export interface Citation {
  pn: string;
  title?: string;
}

/** A validated, normalised patent record, ready for upsertPatents. */
export interface PatentInput {
  /** Application number: `CN202223220665.2` for China (check digit verified), country + number otherwise; null when unknown. */
  an: string | null;
  ad: string | null;
  /** Patent office: CN, US... */
  country: string;
  /** The documents this record names (its pn, and its grant number when given), canonical, no duplicates. */
  publications: Publication[];
  /** Grant number and date as the record gives them (also listed in publications when the number is known). */
  gn: string | null;
  gd: string | null;
  title: string;
  abstract: string;
  claims: string;
  description: string;
  applicants: string[];
  inventors: string[];
  address: string;
  agency: string;
  /** Canonical IPC symbols, main symbol first (the CPC codes when a record has no IPC). */
  ipc: string[];
  type: PatentType | '';
  legalEvents: LegalEvent[];
  /** The source's own legal-status text ('有权-审定授权'); used when there are no legal events. */
  statusText: string;
  family: FamilyMember[];
  citations: Citation[];
  drawings: string[];
  pdf: string;
  termAdjustmentDays: number;
  lang: string;
  isDemo: boolean;
  /** Where the record came from (the import file's name). */
  source: string;
  /** Source-specific fields kept as they are (cpc, applicant_region, num_claims...). */
  extra: Record<string, unknown>;
}

export type ValidationResult = { ok: true; line: number; record: PatentInput } | { ok: false; line: number; reason: string };

export interface ValidateOptions {
  /** Stored as the record's source (e.g. the file name). */
  source?: string;
}

/** Keys this format reads; any other key not starting with `_` is kept in `extra`. */
const KNOWN_KEYS = new Set([
  'pn',
  'an',
  'ad',
  'pd',
  'gd',
  'gn',
  'grant_pn',
  'grant_date',
  'title',
  'abstract',
  'claims',
  'description',
  'applicants',
  'inventors',
  'address',
  'applicant_address',
  'agency',
  'ipc',
  'ipc_main',
  'type',
  'legal_status',
  'legal_events',
  'family',
  'citations',
  'drawings',
  'pdf',
  'term_adjustment_days',
  'lang',
  'is_demo',
  'kind',
]);

const TYPE_NAMES: Record<string, PatentType> = {
  发明: '发明',
  发明专利: '发明',
  发明公开: '发明',
  发明授权: '发明',
  发明申请: '发明',
  发明专利申请: '发明',
  invention: '发明',
  i: '发明',
  // USPTO application types: a US utility patent is an invention patent; plant and reissue patents are too.
  utility: '发明',
  plant: '发明',
  reissue: '发明',
  实用新型: '实用新型',
  实用新型专利: '实用新型',
  新型: '实用新型',
  'utility model': '实用新型',
  utility_model: '实用新型',
  u: '实用新型',
  外观设计: '外观设计',
  外观设计专利: '外观设计',
  外观: '外观设计',
  design: '外观设计',
  d: '外观设计',
};

/** Reads a type name: 发明/实用新型/外观设计, their long forms, I/U/D, USPTO utility/design/plant/reissue. */
export function patentTypeFromName(name: string): PatentType | null {
  const parts = name
    .trim()
    .toLowerCase()
    .split(/[;；,，、/|]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return null;
  const types = new Set<PatentType | null>(parts.map((p) => TYPE_NAMES[p] ?? null));
  if (types.size !== 1 || types.has(null)) return null;
  return [...types][0];
}

class Reject extends Error {}
const reject = (reason: string): never => {
  throw new Reject(reason);
};

/** Turns one JSON line (or an already parsed object) into a PatentInput, or a Chinese reason for rejecting it. */
export function validateRecord(raw: unknown, lineNo: number, opts: ValidateOptions = {}): ValidationResult {
  let obj: unknown = raw;
  if (typeof raw === 'string') {
    try {
      obj = JSON.parse(raw);
    } catch (err) {
      const detail = err instanceof Error ? err.message.replace(/^Unexpected token/, '意外的字符').slice(0, 80) : '';
      return { ok: false, line: lineNo, reason: `不是有效的 JSON（${detail}）` };
    }
  }
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) {
    return { ok: false, line: lineNo, reason: '每行应为一个 JSON 对象（{...}）' };
  }
  try {
    return { ok: true, line: lineNo, record: toInput(obj as Record<string, unknown>, opts) };
  } catch (err) {
    if (err instanceof Reject) return { ok: false, line: lineNo, reason: err.message };
    throw err;
  }
}

/** An address as a reason may quote it: control characters visible, at most 60 characters. */
function shownUrl(url: string): string {
  const escaped = url.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length > 60 ? `${escaped.slice(0, 60)}…` : escaped;
}

// ─── field readers ──────────────────────────────────────────────────────────────────────────────────────────

function str(rec: Record<string, unknown>, key: string, label: string): string {
  const v = rec[key];
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.replace(/\r\n?/g, '\n').trim();
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.join('\n').trim();
  return reject(`${label}（${key}）应为文本`);
}

function firstStr(rec: Record<string, unknown>, keys: string[], label: string): string {
  for (const k of keys) {
    const s = str(rec, k, label);
    if (s) return s;
  }
  return '';
}

function list(rec: Record<string, unknown>, key: string, label: string, maxLength = 200): string[] {
  const v = rec[key];
  if (v === null || v === undefined || v === '') return [];
  let items: unknown[];
  if (typeof v === 'string') items = v.split(/[;；\n]+/);
  else if (Array.isArray(v)) items = v;
  else return reject(`${label}（${key}）应为文本列表`);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (item === null || item === undefined) continue;
    if (typeof item !== 'string' && typeof item !== 'number') return reject(`${label}（${key}）应为文本列表`);
    const s = String(item).trim().replace(/\s+/g, ' ').slice(0, maxLength);
    if (s && !seen.has(s)) {
      seen.add(s);
      out.push(s);
    }
  }
  return out;
}

/** A date field: YYYY-MM-DD, YYYYMMDD or YYYY.MM.DD; empty, null and the placeholder "0" mean unknown. */
function date(rec: Record<string, unknown>, keys: string[], label: string): string | null {
  for (const key of keys) {
    const v = rec[key];
    if (v === null || v === undefined || v === '' || v === 0 || v === '0' || v === '0000-00-00') continue;
    if (typeof v !== 'string' && typeof v !== 'number') return reject(`${label}（${key}）应为日期文本，如 2022-12-02`);
    const d = parseDate(String(v));
    if (!d) return reject(`${label}（${key}）“${String(v).slice(0, 40)}”不是有效日期，应为 YYYY-MM-DD 格式的真实日期`);
    return d;
  }
  return null;
}

interface ParsedPn {
  pn: string;
  country: string;
  number: string;
  kind: string | null;
}

/** A publication number: CN numbers are checked (digits, kind code); other offices' numbers are taken as written. */
function readPn(value: string, label: string, key: string): ParsedPn {
  const compact = value.toUpperCase().replace(/[\s.-]/g, '');
  try {
    const p = parsePublicationNumber(value);
    return { pn: p.canonical, country: p.country, number: p.number, kind: p.kind };
  } catch (err) {
    const m = /^([A-Z]{2})([0-9A-Z]{3,35})$/.exec(compact);
    if (m && m[1] !== 'CN') {
      const k = /^(.*\d)([A-Z]\d?)$/.exec(m[2]);
      return { pn: compact, country: m[1], number: k ? k[1] : m[2], kind: k ? k[2] : null };
    }
    if (err instanceof PatentNumberError) return reject(`${label}（${key}）${err.message}`);
    throw err;
  }
}

/** The publication number without its kind code: CN108472367A and CN108472367B share CN108472367. */
export function pnStem(pn: string): string {
  const m = /^([A-Z]{2})(.*?\d)([A-Z]\d?)?$/.exec(pn);
  return m ? m[1] + m[2] : pn;
}

/** The type a CN document number implies when it has no kind code: its first digit (1 invention, 2 utility model, 3 design). */
function typeFromCnNumber(number: string): PatentType | null {
  let digit: string | undefined;
  if (number.length === 7 || number.length === 9) digit = number[0];
  else if (number.length === 8) digit = number[2]; // CN87100927: year, then the type digit
  return digit === '1' ? '发明' : digit === '2' ? '实用新型' : digit === '3' ? '外观设计' : null;
}

function typeFromKind(country: string, kind: string | null): PatentType | null {
  if (!kind) return null;
  const letter = kind[0];
  if (country === 'CN')
    return letter === 'A' || letter === 'B' || letter === 'C'
      ? '发明'
      : letter === 'U' || letter === 'Y'
        ? '实用新型'
        : letter === 'S' || letter === 'D'
          ? '外观设计'
          : null;
  if (country === 'US') return letter === 'S' ? '外观设计' : '发明';
  return null;
}

function toInput(rec: Record<string, unknown>, opts: ValidateOptions): PatentInput {
  const title = str(rec, 'title', '专利名称').replace(/\s+/g, ' ');
  if (!title) reject('缺少专利名称（title）');

  // Numbers.
  const pnRaw = str(rec, 'pn', '公开号');
  let pn: ParsedPn | null = pnRaw ? readPn(pnRaw, '公开号', 'pn') : null;
  const kindExtra = str(rec, 'kind', '文献类型代码');
  if (pn && !pn.kind && /^[A-Z]\d?$/i.test(kindExtra)) pn = readPn(pn.pn + kindExtra.toUpperCase(), '公开号', 'pn');
  const gnRaw = firstStr(rec, ['gn', 'grant_pn'], '授权公告号');
  const gn = gnRaw && gnRaw !== '0' ? readPn(gnRaw, '授权公告号', rec.gn ? 'gn' : 'grant_pn') : null;
  const anRaw = str(rec, 'an', '申请号');
  const country =
    pn?.country ?? gn?.country ?? (/^[A-Z]{2}/i.test(anRaw) && !/^(CN|ZL)/i.test(anRaw) ? anRaw.slice(0, 2).toUpperCase() : 'CN');
  if (!anRaw && !pn && !gn) reject('缺少申请号（an）和公开号（pn），至少需要其中之一');
  let an: string | null = null;
  let anType: PatentType | null = null;
  if (anRaw) {
    if (country === 'CN') {
      try {
        const parsed = parseApplicationNumber(anRaw);
        an = parsed.canonical;
        anType = parsed.type;
      } catch (err) {
        if (err instanceof PatentNumberError) reject(`申请号（an）${err.message}`);
        throw err;
      }
    } else {
      const compact = anRaw.toUpperCase().replace(/[\s,/-]/g, '');
      if (!/^[A-Z0-9.]{4,38}$/.test(compact)) reject(`申请号（an）“${anRaw.slice(0, 40)}”格式不对`);
      an = compact.startsWith(country) ? compact : country + compact;
    }
  }

  // Dates.
  const ad = date(rec, ['ad'], '申请日');
  const pd = date(rec, ['pd'], '公开日');
  const gd = date(rec, ['gd', 'grant_date'], '授权日');
  if (ad && pd && pd < ad) reject(`公开日（${pd}）早于申请日（${ad}）`);
  if (ad && gd && gd < ad) reject(`授权日（${gd}）早于申请日（${ad}）`);

  const publications: Publication[] = [];
  if (pn) publications.push({ pn: pn.pn, kind: pn.kind, date: pd });
  if (gn) {
    const same = publications.find((p) => p.pn === gn.pn);
    if (same) same.date = same.date ?? gd;
    else publications.push({ pn: gn.pn, kind: gn.kind, date: gd });
  }

  // Type: as given, else from the application number, the kind code, or the document number.
  const typeRaw = str(rec, 'type', '专利类型');
  let type: PatentType | '' = '';
  if (typeRaw) {
    const t = patentTypeFromName(typeRaw);
    if (!t) reject(`专利类型（type）“${typeRaw.slice(0, 20)}”无法识别，应为发明、实用新型或外观设计`);
    type = t!;
  } else {
    type =
      anType ??
      typeFromKind(country, pn?.kind ?? null) ??
      typeFromKind(country, gn?.kind ?? null) ??
      (country === 'CN' && pn ? typeFromCnNumber(pn.number) : null) ??
      '';
  }

  // Classification: IPC (main first); the CPC codes when a record has no IPC.
  const ipcMain = str(rec, 'ipc_main', '主分类号');
  let ipcRaw = list(rec, 'ipc', 'IPC 分类号', 60);
  const cpc = list(rec, 'cpc', 'CPC 分类号', 60);
  if (!ipcRaw.length && !ipcMain && cpc.length) ipcRaw = cpc;
  const ipc: string[] = [];
  for (const code of [ipcMain, ...ipcRaw]) {
    const c = code ? normaliseIpc(code) : null;
    if (c && c.length <= 40 && !ipc.includes(c)) ipc.push(c);
  }

  const legalEvents = readEvents(rec.legal_events);
  const family = readFamily(rec.family);
  const citations = readCitations(rec.citations);
  const drawings = list(rec, 'drawings', '附图', 500);
  drawings.forEach((url, i) => {
    const problem = fileUrlProblem(url);
    if (problem) reject(`附图（drawings）第 ${i + 1} 个地址“${shownUrl(url)}”${problem}`);
  });
  const pdf = str(rec, 'pdf', '全文 PDF');
  if (pdf.length > 200) reject('全文 PDF（pdf）的地址不能超过 200 个字符');
  const pdfProblem = pdf ? fileUrlProblem(pdf) : null;
  if (pdfProblem) reject(`全文 PDF（pdf）地址“${shownUrl(pdf)}”${pdfProblem}`);
  const tad = rec.term_adjustment_days;
  let termAdjustmentDays = 0;
  if (tad !== null && tad !== undefined && tad !== '') {
    const n = Number(tad);
    if (!Number.isInteger(n) || n < 0 || n > 10000) reject('期限补偿天数（term_adjustment_days）应为不小于 0 的整数');
    termAdjustmentDays = n;
  }
  let lang = str(rec, 'lang', '语言').toLowerCase();
  if (!/^[a-z]{2,3}$/.test(lang)) lang = country === 'CN' ? 'zh' : 'en';

  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rec)) {
    if (KNOWN_KEYS.has(k) || k.startsWith('_') || v === null || v === undefined || v === '') continue;
    if (Array.isArray(v) && v.length === 0) continue;
    if (k === 'cpc') extra.cpc = cpc;
    else extra[k] = v;
  }

  return {
    an,
    ad,
    country,
    publications,
    gn: gn?.pn ?? null,
    gd,
    title,
    abstract: str(rec, 'abstract', '摘要'),
    claims: str(rec, 'claims', '权利要求'),
    description: str(rec, 'description', '说明书'),
    applicants: list(rec, 'applicants', '申请人'),
    inventors: list(rec, 'inventors', '发明人'),
    address: firstStr(rec, ['address', 'applicant_address'], '地址'),
    agency: str(rec, 'agency', '代理机构'),
    ipc,
    type,
    legalEvents,
    statusText: str(rec, 'legal_status', '法律状态').slice(0, 100),
    family,
    citations,
    drawings,
    pdf,
    termAdjustmentDays,
    lang,
    isDemo: rec.is_demo === true || rec.is_demo === 1,
    source: (opts.source ?? '').slice(0, 100),
    extra,
  };
}

function objects(v: unknown, key: string, label: string): Record<string, unknown>[] {
  if (v === null || v === undefined || v === '') return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x))) {
    return reject(`${label}（${key}）应为对象列表`);
  }
  return v as Record<string, unknown>[];
}

function readEvents(v: unknown): LegalEvent[] {
  const out: LegalEvent[] = [];
  const seen = new Set<string>();
  objects(v, 'legal_events', '法律事件').forEach((e, i) => {
    const label = `第 ${i + 1} 条法律事件`;
    const d = date(e, ['date'], `${label}的日期`);
    if (!d) reject(`${label}缺少日期（date）`);
    const code = str(e, 'code', `${label}的代码`).slice(0, 40);
    const text = str(e, 'text', `${label}的说明`).slice(0, 500);
    if (!code && !text) reject(`${label}缺少代码（code）或说明（text）`);
    const key = `${d}|${code}|${text}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ date: d!, code, text });
    }
  });
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function readFamily(v: unknown): FamilyMember[] {
  return objects(v, 'family', '同族').map((f, i) => {
    const label = `第 ${i + 1} 个同族专利`;
    const pn = str(f, 'pn', `${label}的公开号`).toUpperCase().replace(/\s+/g, '');
    if (!pn) reject(`${label}缺少公开号（pn）`);
    const country = (str(f, 'country', `${label}的国家`) || pn.slice(0, 2)).toUpperCase().slice(0, 4);
    return { pn, country, date: date(f, ['date'], `${label}的日期`) };
  });
}

function readCitations(v: unknown): Citation[] {
  return objects(v, 'citations', '引证文献').map((c, i) => {
    const label = `第 ${i + 1} 条引证文献`;
    const pn = str(c, 'pn', `${label}的公开号`).toUpperCase().replace(/\s+/g, '');
    if (!pn) reject(`${label}缺少公开号（pn）`);
    const title = str(c, 'title', `${label}的名称`);
    return title ? { pn, title } : { pn };
  });
}
