// Litigation for company users: who is asking (a company, or a trial reader without one), search hits with the
// matched text marked, the detail with links to stored patents, and the judgment as a Word file.
import type {
  LitigationDetail,
  LitigationListItem,
  LitigationParty,
  LitigationSearchBody,
  LitigationSearchHit,
  LitigationSearchReply,
} from '@ip/contract';
import { normaliseCaseNo } from '@ip/contract';
import type { Db } from '../../db';
import type { Session } from '../../http/auth';
import { notFound } from '../../http/errors';
import { escapeHtml } from '../../search/highlight';
import { normaliseCompanyName } from '../company/company-link';
import { patentSummaries } from '../patents/patents.repo';
import { buildDocx, type DocxParagraph } from './judgment-docx';
import { casePatentNumbers, companyNameKeys, getCase, resolvePatents, searchCases, type Viewer } from './litigation.repo';

/** The viewer of a set-A session: its company (and names) when it has one; a trial user before approval has none. */
export async function viewerOf(db: Db, session: Session | null): Promise<Viewer> {
  const companyId = session?.subject === 'user' ? session.user.company_id || null : null;
  return { companyId, nameKeys: companyId ? await companyNameKeys(db.db, companyId) : [] };
}

/** Every occurrence of `needle` in `text` (case-insensitively, literally), HTML-escaped with <em> around each. */
export function markAll(text: string, needle: string): string {
  if (!needle) return escapeHtml(text);
  // Lower-casing keeps positions only when it keeps lengths (it does for CJK, digits and ASCII).
  const lower = text.toLowerCase();
  const hay = lower.length === text.length ? lower : text;
  const n = lower.length === text.length ? needle.toLowerCase() : needle;
  let out = '';
  let from = 0;
  for (;;) {
    const at = hay.indexOf(n, from);
    if (at < 0) break;
    out += `${escapeHtml(text.slice(from, at))}<em>${escapeHtml(text.slice(at, at + n.length))}</em>`;
    from = at + n.length;
  }
  return out + escapeHtml(text.slice(from));
}

/** Whether `text` contains `needle` the way markAll finds it. */
function contains(text: string, needle: string): boolean {
  return Boolean(needle) && text.toLowerCase().includes(needle.toLowerCase());
}

/** A passage of `text` around the first occurrence of `needle` (radius characters each side), marked; '' if none. */
export function snippet(text: string, needle: string, radius = 60): string {
  const at = needle ? text.toLowerCase().indexOf(needle.toLowerCase()) : -1;
  if (at < 0) return '';
  let start = Math.max(0, at - radius);
  let end = Math.min(text.length, at + needle.length + radius * 2);
  // Never cut a surrogate pair in half.
  if (start > 0 && /[\udc00-\udfff]/.test(text[start])) start--;
  if (end < text.length && /[\udc00-\udfff]/.test(text[end])) end++;
  const passage = text.slice(start, end).replace(/\s+/g, ' ');
  return `${start > 0 ? '…' : ''}${markAll(passage, needle)}${end < text.length ? '…' : ''}`;
}

/** 原告：A、B；被告：C, with the parties the query matched marked. */
function partiesHtml(parties: LitigationParty[], needles: string[]): string {
  const byRole = new Map<string, string[]>();
  for (const p of parties) {
    const needle = needles.find((n) => contains(p.name, n)) ?? '';
    const list = byRole.get(p.role) ?? [];
    list.push(markAll(p.name, needle));
    byRole.set(p.role, list);
  }
  return [...byRole].map(([role, names]) => `${escapeHtml(role)}：${names.join('、')}`).join('；');
}

/** POST …/search: the hits with case number, parties and a passage of the judgment marked where the query matched. */
export async function searchLitigation(db: Db, body: LitigationSearchBody, viewer: Viewer): Promise<LitigationSearchReply> {
  const found = await searchCases(db, body, viewer);
  const field = body.field ?? 'all';
  const kw = body.keyword;
  const caseNeedle = normaliseCaseNo(kw);
  const partyNeedles = [kw, kw.replace(/\s+/g, ''), normaliseCompanyName(kw)];
  const pq = found.patentQuery;
  const compact = kw.toUpperCase().replace(/[\s\u3000]/g, '');
  const numbers =
    field === 'patent' || field === 'all'
      ? await casePatentNumbers(
          db,
          found.items.map((i) => i.id),
        )
      : [];
  const list: LitigationSearchHit[] = found.items.map(({ summary, judgment_text, ...item }) => {
    const matched_patents = numbers
      .filter((n) => Number(n.case_id) === item.id)
      .filter(
        (n) =>
          (pq !== null && ((n.an !== null && pq.ans.includes(n.an)) || (n.pn_stem !== null && pq.stems.includes(n.pn_stem)))) ||
          contains(n.number, kw) ||
          contains(n.an ?? '', compact) ||
          contains(n.pn ?? '', compact),
      )
      .map((n) => n.number);
    const text =
      field === 'all' || field === 'text' ? snippet(judgment_text, kw) || (field === 'all' ? snippet(summary, kw) : '') : '';
    return {
      ...item,
      case_no_html: field === 'all' || field === 'case_no' ? markAll(item.case_no, caseNeedle) : escapeHtml(item.case_no),
      parties_html: partiesHtml(item.parties, field === 'all' || field === 'party' ? partyNeedles : []),
      snippet_html: text || escapeHtml(summary.length > 120 ? `${summary.slice(0, 120)}…` : summary),
      matched_patents,
    };
  });
  return { total: found.total, page: found.page, page_size: found.page_size, list, can_follow: viewer.companyId !== null };
}

/** POST …/detail: one case, its patents linked to the stored ones. */
export async function litigationDetail(db: Db, id: number, viewer: Viewer, canDownload: boolean): Promise<LitigationDetail> {
  const c = await getCase(db, id, viewer);
  if (!c) throw notFound('案件不存在或已删除');
  const ids = await resolvePatents(db, c.patents);
  const summaries = await patentSummaries(
    db,
    ids.filter((x): x is number => x !== null),
  );
  return {
    ...c,
    patents: c.patents.map((number, i) => {
      const s = ids[i] !== null ? summaries.get(ids[i]!) : undefined;
      return {
        number,
        patent_id: s ? s.id : null,
        title: s?.title ?? null,
        an: s?.an ?? null,
        pn: s?.pn ?? null,
        type: s?.type || null,
        legal_status: s?.legal_status || null,
      };
    }),
    documents: c.documents.map((d) => ({ title: d.title, kind: d.kind, date: d.date, has_text: Boolean(d.text) })),
    can_download: canDownload && Boolean(c.judgment_text || c.documents.some((d) => d.text)),
    can_follow: viewer.companyId !== null,
  };
}

/** The kind of judgment a case ends with: 民事/行政/刑事 + 判决书/调解书/裁定书. */
export function judgmentTitle(c: Pick<LitigationListItem, 'cause' | 'status'>): string {
  const branch = /行政/.test(c.cause) ? '行政' : /罪$/.test(c.cause) ? '刑事' : '民事';
  const kind = c.status === '已调解' ? '调解书' : c.status === '已撤诉' ? '裁定书' : '判决书';
  return `${branch}${kind}`;
}

/**
 * POST …/download: the judgment (or one of the documents) as a .docx with the case header. A case still being heard
 * has no judgment yet.
 */
export async function judgmentFile(
  db: Db,
  id: number,
  documentIndex: number | undefined,
): Promise<{ name: string; data: Buffer }> {
  const c = await getCase(db, id, { companyId: null, nameKeys: [] });
  if (!c) throw notFound('案件不存在或已删除');
  let title: string;
  let body: string;
  let date: string | null;
  if (documentIndex !== undefined) {
    const d = c.documents[documentIndex];
    if (!d) throw notFound('该案件没有这份文书');
    if (!d.text) throw notFound(`《${d.title}》没有可下载的正文`);
    title = d.title;
    body = d.text;
    date = d.date;
  } else {
    if (!c.judgment_text) throw notFound(c.status === '审理中' ? '案件审理中，尚无裁判文书' : '该案件没有裁判文书全文');
    title = judgmentTitle(c);
    body = c.judgment_text;
    date = c.judgment_date;
  }
  const roles = new Map<string, string[]>();
  for (const p of c.parties) roles.set(p.role, [...(roles.get(p.role) ?? []), p.name]);
  const paragraphs: DocxParagraph[] = [
    { text: c.court, align: 'center', bold: true, size: 18 },
    { text: title, align: 'center', bold: true, size: 22 },
    { text: c.case_no, align: 'right' },
    ...[...roles].map(([role, names]) => ({ text: `${role}：${names.join('、')}` })),
    {
      text: `案由：${c.cause}\u3000审级：${c.trial_level}\u3000立案日期：${c.filing_date}${date ? `\u3000裁判日期：${date}` : ''}`,
    },
    ...(c.patents.length ? [{ text: `涉案专利：${c.patents.join('、')}` }] : []),
    { text: '' },
    ...body.split('\n').map((line) => ({ text: line.trim(), indent: true })),
  ];
  return { name: `${c.case_no}${title}.docx`, data: buildDocx(paragraphs) };
}
