import { queryOptions } from '@tanstack/react-query';
import { fileUrlProblem } from '@ip/contract';
import { post } from '../../api/http';

/** An http(s) address or a file of ours (the rule of the patent import), never javascript:, data: or relative. */
const safeFileUrl = (url: string) => Boolean(url) && fileUrlProblem(url) === null;

export interface Claim {
  num: number;
  text: string;
  independent: boolean;
}

export interface LegalEvent {
  date: string;
  code: string;
  text: string;
}

export interface Publication {
  pn: string;
  pd?: string;
  kind?: string;
}

/** A related document (family member or citation). */
export interface RelatedDoc {
  pn: string;
  title?: string;
  pd?: string;
  country?: string;
  kind?: string;
  /** Citations: who cited it (审查员 / 申请人) or whether it cites or is cited. */
  relation?: string;
  id?: number;
}

/** The whole patent of /v1/patents/detail, normalised for the detail pages. */
export interface PatentDetail {
  id: number | string;
  an: string;
  ad: string;
  pn: string;
  pd: string;
  gn: string;
  gd: string;
  publications: Publication[];
  title: string;
  abstract: string;
  applicants: string[];
  inventors: string[];
  address: string;
  agency: string;
  ipc: string[];
  ipc_main: string;
  type: string;
  legal_status: string;
  claims: Claim[];
  description: string;
  drawings: string[];
  pdf: string;
  /** Why the server withheld the PDF (DOMAIN §1): 'trial', 'login', or null. */
  pdf_restricted: 'trial' | 'login' | null;
  pdf_restricted_msg: string;
  /** The last day in force (DOMAIN §3), '' when unknown. */
  expiry_date: string;
  legal_events: LegalEvent[];
  family: RelatedDoc[];
  citations: RelatedDoc[];
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const strList = (v: unknown): string[] =>
  Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : str((x as { name?: unknown })?.name))).filter(Boolean) : [];

// A dependent claim refers to an earlier one (“根据权利要求 1 所述…”, “as claimed in claim 1”).
const DEPENDENT =
  /(根据|如|按照|依据|按)(上述)?权利要求\s*\d|权利要求\s*\d+\s*(或|至|-|~|～)?\s*\d*\s*(任一项|任意一项)?所述|according to claim|as claimed in claim|of claim \d/i;

/**
 * Splits a claims text into numbered claims. A number starts a claim only when it is the next one expected
 * (`1.` … `2、` …) at the start of the text, of a line or after a full stop, so “2.5 mm” inside a claim stays put.
 */
export function splitClaims(text: string): Claim[] {
  const t = text.trim();
  if (!t) return [];
  const starts: { at: number; body: number; num: number }[] = [];
  const re = /(^|[\s。；;…])(\d{1,3})\s*[.、．]\s*(?=[^\d\s])/g;
  for (let m = re.exec(t); m; m = re.exec(t)) {
    const num = Number(m[2]);
    if (num === starts.length + 1) starts.push({ at: m.index + m[1].length, body: m.index + m[0].length, num });
  }
  if (!starts.length) return [{ num: 1, text: t, independent: true }];
  return starts.map((s, i) => {
    const body = t.slice(s.body, i + 1 < starts.length ? starts[i + 1].at : undefined).trim();
    return { num: s.num, text: body, independent: !DEPENDENT.test(body) };
  });
}

function claimsOf(raw: unknown): Claim[] {
  if (typeof raw === 'string') return splitClaims(raw);
  if (!Array.isArray(raw)) return [];
  return raw.map((c, i) => {
    if (typeof c === 'string') {
      const [one] = splitClaims(c);
      return { num: one?.num ?? i + 1, text: one?.text ?? c, independent: one?.independent ?? true };
    }
    const o = (c ?? {}) as Record<string, unknown>;
    const text = str(o.text ?? o.content);
    const flag = o.independent ?? o.is_independent;
    return {
      num: Number(o.num ?? o.no ?? o.number ?? i + 1) || i + 1,
      text,
      independent: flag === undefined ? !DEPENDENT.test(text) : flag === true || flag === 1 || flag === '1',
    };
  });
}

function relatedOf(raw: unknown): RelatedDoc[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .map((r): RelatedDoc => {
      if (typeof r === 'string') return { pn: r };
      const o = (r ?? {}) as Record<string, unknown>;
      return {
        pn: str(o.pn ?? o.number ?? o.publication_number),
        title: str(o.title) || undefined,
        pd: str(o.pd ?? o.date) || undefined,
        country: str(o.country) || undefined,
        kind: str(o.kind) || undefined,
        relation: str(o.relation ?? o.type ?? o.source ?? o.cited_by) || undefined,
        id: typeof o.id === 'number' ? o.id : undefined,
      };
    })
    .filter((r) => r.pn || r.title);
}

/** Reads the detail reply leniently: JSON-text members decoded, missing members defaulted. */
export function normalisePatent(raw: unknown): PatentDetail | null {
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as Record<string, unknown>;
  const json = (v: unknown): unknown => {
    if (typeof v !== 'string') return v;
    const s = v.trim();
    if (!(s.startsWith('[') || s.startsWith('{'))) return v;
    try {
      return JSON.parse(s);
    } catch {
      return v;
    }
  };
  const drawings = json(o.drawings);
  const events = json(o.legal_events);
  const pubs = json(o.publications);
  return {
    id: (o.id as number | string) ?? '',
    an: str(o.an),
    ad: str(o.ad),
    pn: str(o.pn),
    pd: str(o.pd),
    gn: str(o.gn),
    gd: str(o.gd),
    publications: Array.isArray(pubs)
      ? pubs.map((p) =>
          typeof p === 'string'
            ? { pn: p }
            : { pn: str(p?.pn), pd: str(p?.pd ?? p?.date) || undefined, kind: str(p?.kind) || undefined },
        )
      : [],
    title: str(o.title),
    abstract: str(o.abstract),
    applicants: strList(json(o.applicants)),
    inventors: strList(json(o.inventors)),
    address: str(o.address),
    agency: str(o.agency),
    ipc: strList(json(o.ipc)),
    ipc_main: str(o.ipc_main),
    type: str(o.type),
    legal_status: str(o.legal_status),
    // The server sends the claims text and, parsed, `claims_list` [{num, text, independent, refs}].
    claims: claimsOf(Array.isArray(o.claims_list) ? o.claims_list : json(o.claims)),
    description: str(o.description),
    // Only addresses the import would accept today reach <img>/<iframe>/links (rows stored before the check).
    drawings: Array.isArray(drawings)
      ? drawings.map((d) => (typeof d === 'string' ? d : str((d as { url?: unknown })?.url))).filter(safeFileUrl)
      : [],
    pdf: safeFileUrl(str(o.pdf)) ? str(o.pdf) : '',
    pdf_restricted: o.pdf_restricted === 'trial' || o.pdf_restricted === 'login' ? o.pdf_restricted : null,
    pdf_restricted_msg: str(o.pdf_restricted_msg),
    expiry_date: str(o.expiry_date),
    legal_events: Array.isArray(events)
      ? events.map((e) => ({ date: str(e?.date), code: str(e?.code), text: str(e?.text ?? e?.desc) }))
      : [],
    family: relatedOf(json(o.family)),
    citations: relatedOf(json(o.citations)),
  };
}

/** How the URL names a patent: `id` (database id) or `number` (an application or publication number). */
export type PatentRef = { id: string } | { number: string };

export function patentRefOf(params: URLSearchParams): PatentRef | null {
  const id = params.get('id')?.trim();
  if (id) return /^\d+$/.test(id) ? { id } : { number: id };
  const number = params.get('number')?.trim();
  return number ? { number } : null;
}

/** The query string that carries the same patent to another detail tab. */
export function refSearch(ref: PatentRef): string {
  return `?${new URLSearchParams('id' in ref ? { id: ref.id } : { number: ref.number }).toString()}`;
}

/** POST /v1/patents/detail {id} or {number}: one fetch shared by the seven detail tabs (['patent', id]). */
export const patentQuery = (ref: PatentRef) =>
  queryOptions({
    queryKey: ['patent', 'id' in ref ? ref.id : `number:${ref.number}`],
    queryFn: async () => {
      const body = 'id' in ref ? { id: Number(ref.id) } : { number: ref.number };
      return normalisePatent(await post<unknown>('/v1/patents/detail', body, { silent: true }));
    },
    staleTime: 5 * 60_000,
  });
