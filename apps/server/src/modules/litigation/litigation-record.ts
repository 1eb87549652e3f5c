// One litigation case of the import format (docs/litigation-format.md): a JSON object checked field by field, with a
// Chinese reason for the first problem found. Pure: no I/O, so the import, the demo generator and the tests share it.
import crypto from 'node:crypto';
import {
  CASE_DOCUMENTS_MAX,
  CASE_NO_MAX,
  CASE_PATENTS_MAX,
  CAUSE_MAX,
  CLAIMANT_ROLES,
  COURT_MAX,
  JUDGMENT_TEXT_MAX,
  LITIGATION_ROLES,
  LITIGATION_STATUSES,
  PARTIES_MAX,
  PARTY_NAME_MAX,
  RESPONDENT_ROLES,
  SUMMARY_MAX,
  TRIAL_LEVELS,
  normaliseCaseNo,
  type LitigationRole,
  type LitigationStatus,
  type TrialLevel,
} from '@ip/contract';
import { parseDate } from '../patents/dates';
import { pnStem } from '../patents/patent-record';
import { normaliseCompanyName } from '../company/company-link';
import { PatentNumberError, parseApplicationNumber, parsePublicationNumber } from '../../search/patent-number';

export interface CasePatent {
  /** As the case names it (trimmed). */
  number: string;
  an: string | null;
  pn: string | null;
  pn_stem: string | null;
}

export interface CaseDocument {
  title: string;
  kind: string;
  date: string | null;
  text: string;
}

/** A validated case, ready to store. */
export interface CaseInput {
  case_no: string;
  court: string;
  cause: string;
  trial_level: TrialLevel;
  status: LitigationStatus;
  filing_date: string;
  filing_year: number;
  judgment_date: string | null;
  summary: string;
  judgment_text: string;
  parties: { role: LitigationRole; name: string; name_key: string }[];
  patents: CasePatent[];
  documents: CaseDocument[];
  is_demo: boolean;
  /** sha256 of the stored fields: an unchanged re-import writes nothing. */
  content_hash: string;
}

export type CaseValidation = { ok: true; line: number; record: CaseInput } | { ok: false; line: number; reason: string };

class Reject extends Error {}
const reject = (reason: string): never => {
  throw new Reject(reason);
};

/** A value as a reason may quote it: at most 40 characters, control characters shown as escapes. */
function shown(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  const visible = s.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what this makes visible
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return visible.length > 40 ? `${visible.slice(0, 40)}…` : visible;
}

function text(rec: Record<string, unknown>, key: string, label: string, max: number, required: boolean): string {
  const v = rec[key];
  if (v === undefined || v === null || v === '') {
    if (required) reject(`缺少${label}（${key}）`);
    return '';
  }
  if (typeof v !== 'string') return reject(`${label}（${key}）应为文本，收到 ${shown(v)}`);
  // PostgreSQL text cannot hold U+0000; no field of a case needs it.
  if (v.includes('\u0000')) return reject(`${label}（${key}）含有空字符（\\u0000）`);
  const s = v.replace(/\r\n?/g, '\n').trim();
  if (!s && required) reject(`${label}（${key}）不能为空`);
  if ([...s].length > max) reject(`${label}（${key}）不能超过 ${max.toLocaleString('en-US')} 个字`);
  return s;
}

function oneOf<T extends string>(rec: Record<string, unknown>, key: string, label: string, values: readonly T[]): T {
  const v = text(rec, key, label, 20, true);
  if (!(values as readonly string[]).includes(v)) reject(`${label}（${key}）应为 ${values.join('、')} 之一，收到“${shown(v)}”`);
  return v as T;
}

function date(rec: Record<string, unknown>, key: string, label: string, required: boolean): string | null {
  const v = rec[key];
  if (v === undefined || v === null || v === '') {
    if (required) reject(`缺少${label}（${key}）`);
    return null;
  }
  if (typeof v !== 'string' && typeof v !== 'number') return reject(`${label}（${key}）应为日期文本，如 2023-03-15`);
  const d = parseDate(String(v));
  if (!d) return reject(`${label}（${key}）不是有效日期：“${shown(v)}”，应为 YYYY-MM-DD`);
  if (d < '1985-01-01' || d > '2100-12-31') reject(`${label}（${key}）超出范围：${d}`);
  return d;
}

/** A CN application or publication number in canonical form; a wrong check digit is a reason, not a miss. */
export function readPatentNumber(input: string): CasePatent {
  const number = input.trim();
  let anError: PatentNumberError | null = null;
  try {
    return { number, an: parseApplicationNumber(number).canonical, pn: null, pn_stem: null };
  } catch (err) {
    if (!(err instanceof PatentNumberError)) throw err;
    anError = err;
  }
  let pn;
  try {
    pn = parsePublicationNumber(number);
  } catch (err) {
    if (!(err instanceof PatentNumberError)) throw err;
    // A number shaped like an application number (12 or 8 digits with a check digit) tells its own problem.
    const digits = number.replace(/^(CN|ZL)/i, '').replace(/[\s.]/g, '');
    if (/^\d{12}[\dX]?$|^\d{8}[\dX]$/i.test(digits)) throw anError;
    throw new PatentNumberError(`“${shown(number)}”既不是申请号也不是公开号（如 CN202310123456.7 或 CN115400123A）`);
  }
  if (pn.country !== 'CN') throw new PatentNumberError(`“${shown(number)}”不是中国专利：只收录中国专利（CN）`);
  return { number, an: null, pn: pn.canonical, pn_stem: pnStem(pn.canonical) };
}

function toCase(rec: Record<string, unknown>, opts: { demo?: boolean }): CaseInput {
  const rawNo = text(rec, 'case_no', '案号', CASE_NO_MAX * 2, true);
  const case_no = normaliseCaseNo(rawNo);
  if ([...case_no].length > CASE_NO_MAX) reject(`案号（case_no）不能超过 ${CASE_NO_MAX} 个字`);
  const m = /^（(\d{4})）\S*?\d+号$/.exec(case_no);
  if (!m) reject(`案号（case_no）格式不对：“${shown(rawNo)}”，应如（2023）浙01民初1234号`);
  const caseYear = Number(m![1]);
  if (caseYear < 1985 || caseYear > 2100) reject(`案号（case_no）的年份 ${caseYear} 不对`);

  const court = text(rec, 'court', '法院', COURT_MAX, true);
  if (!/(法院|法庭)$/.test(court)) reject(`法院（court）应为法院全称，如 浙江省杭州市中级人民法院，收到“${shown(court)}”`);
  const cause = text(rec, 'cause', '案由', CAUSE_MAX, true);
  const trial_level = oneOf(rec, 'trial_level', '审级', TRIAL_LEVELS);
  const status = oneOf(rec, 'status', '案件状态', LITIGATION_STATUSES);
  const filing_date = date(rec, 'filing_date', '立案日期', true)!;
  const judgment_date = date(rec, 'judgment_date', '裁判日期', status === '已判决');
  if (status === '审理中' && judgment_date) reject('审理中的案件不应有裁判日期（judgment_date）');
  if (judgment_date && judgment_date < filing_date) reject(`裁判日期 ${judgment_date} 早于立案日期 ${filing_date}`);

  // Parties: at least one on each side.
  const rawParties = rec.parties;
  if (rawParties === undefined || rawParties === null) reject('缺少当事人（parties）');
  if (!Array.isArray(rawParties)) reject('当事人（parties）应为数组，如 [{"role":"原告","name":"…"}]');
  const list = rawParties as unknown[];
  if (list.length > PARTIES_MAX) reject(`当事人（parties）最多 ${PARTIES_MAX} 个`);
  const parties: CaseInput['parties'] = [];
  const seen = new Set<string>();
  list.forEach((p, i) => {
    const where = `第 ${i + 1} 个当事人`;
    if (typeof p !== 'object' || p === null || Array.isArray(p)) reject(`${where}应为对象 {"role":"原告","name":"…"}`);
    const o = p as Record<string, unknown>;
    const roleText = typeof o.role === 'string' ? o.role.trim() : o.role;
    if (roleText === undefined || roleText === null || roleText === '') reject(`${where}缺少诉讼地位（role）`);
    if (!(LITIGATION_ROLES as readonly unknown[]).includes(roleText)) {
      reject(`${where}的诉讼地位（role）应为 ${LITIGATION_ROLES.join('、')} 之一，收到“${shown(roleText)}”`);
    }
    const name = text(o, 'name', `${where}的名称`, PARTY_NAME_MAX, true).replace(/\s+/g, ' ');
    const key = `${roleText as string}\u0001${normaliseCompanyName(name)}`;
    if (seen.has(key)) reject(`${where}“${shown(name)}”重复`);
    seen.add(key);
    parties.push({ role: roleText as LitigationRole, name, name_key: normaliseCompanyName(name) });
  });
  if (!parties.some((p) => CLAIMANT_ROLES.includes(p.role))) reject('当事人（parties）中至少要有一个原告、上诉人或再审申请人');
  if (!parties.some((p) => RESPONDENT_ROLES.includes(p.role))) reject('当事人（parties）中至少要有一个被告、被上诉人或被申请人');

  // Patents: any CN spelling, stored canonical; the same patent twice is one.
  const rawPatents = rec.patents ?? [];
  if (!Array.isArray(rawPatents)) reject('涉案专利（patents）应为专利号数组，如 ["CN202310123456.7"]');
  const patentList = rawPatents as unknown[];
  if (patentList.length > CASE_PATENTS_MAX) reject(`涉案专利（patents）最多 ${CASE_PATENTS_MAX} 件`);
  const patents: CasePatent[] = [];
  const seenPatents = new Set<string>();
  patentList.forEach((p, i) => {
    const n = typeof p === 'object' && p !== null && !Array.isArray(p) ? (p as { number?: unknown }).number : p;
    if (typeof n !== 'string' || !n.trim()) reject(`第 ${i + 1} 件涉案专利（patents）应为专利号文本`);
    if ((n as string).length > 60) reject(`第 ${i + 1} 件涉案专利号过长`);
    let ref: CasePatent;
    try {
      ref = readPatentNumber(n as string);
    } catch (err) {
      if (err instanceof PatentNumberError) return reject(`第 ${i + 1} 件涉案专利：${err.message}`);
      throw err;
    }
    const k = ref.an ?? ref.pn_stem!;
    if (seenPatents.has(k)) return;
    seenPatents.add(k);
    patents.push(ref);
  });

  const summary = text(rec, 'summary', '案情摘要', SUMMARY_MAX, false);
  const judgment_text = text(rec, 'judgment_text', '裁判文书全文', JUDGMENT_TEXT_MAX, false);

  const rawDocs = rec.documents ?? [];
  if (!Array.isArray(rawDocs))
    reject('诉讼文书（documents）应为数组，如 [{"title":"民事判决书","kind":"判决书","date":"2023-11-20"}]');
  const docList = rawDocs as unknown[];
  if (docList.length > CASE_DOCUMENTS_MAX) reject(`诉讼文书（documents）最多 ${CASE_DOCUMENTS_MAX} 份`);
  const documents: CaseDocument[] = docList.map((d, i) => {
    const where = `第 ${i + 1} 份诉讼文书`;
    if (typeof d !== 'object' || d === null || Array.isArray(d)) return reject(`${where}应为对象 {"title":"…"}`);
    const o = d as Record<string, unknown>;
    return {
      title: text(o, 'title', `${where}的标题`, 200, true),
      kind: text(o, 'kind', `${where}的类型`, 30, false),
      date: date(o, 'date', `${where}的日期`, false),
      text: text(o, 'text', `${where}的正文`, JUDGMENT_TEXT_MAX, false),
    };
  });

  const stored = {
    case_no,
    court,
    cause,
    trial_level,
    status,
    filing_date,
    judgment_date,
    summary,
    judgment_text,
    parties: parties.map((p) => [p.role, p.name]),
    patents: patents.map((p) => p.number),
    documents,
    is_demo: Boolean(opts.demo),
  };
  return {
    ...stored,
    filing_year: Number(filing_date.slice(0, 4)),
    parties,
    patents,
    is_demo: Boolean(opts.demo),
    content_hash: crypto.createHash('sha256').update(JSON.stringify(stored)).digest('hex'),
  };
}

/** Turns one JSON line (or a parsed object) into a CaseInput, or a Chinese reason for rejecting it. */
export function validateCase(raw: unknown, lineNo: number, opts: { demo?: boolean } = {}): CaseValidation {
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
    return { ok: false, line: lineNo, reason: '每行应为一个 JSON 对象（{...}），即一个案件' };
  }
  try {
    return { ok: true, line: lineNo, record: toCase(obj as Record<string, unknown>, opts) };
  } catch (err) {
    if (err instanceof Reject) return { ok: false, line: lineNo, reason: err.message };
    throw err;
  }
}
