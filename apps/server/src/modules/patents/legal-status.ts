// Legal status (DOMAIN §2) and term (DOMAIN §3) of a patent, derived from what a record tells us.
//
// The dated legal events are the source of truth. Without events, a status text from the source is read
// ('有权-审定授权' → 有权); without that, the kinds of the publications: a granted document (B, C, U, Y, S, D)
// → 有权, only a published application (A) → 审中. Whatever the source, a patent whose term has run out is 无权;
// when the filing date is unknown, the earliest publication date stands in for it as an upper bound (a patent
// is always filed before it is published), so "expired" is only concluded when it is certain.
import { termLastDay } from '../fees/fee-engine';

export type LegalStatus = '审中' | '有权' | '无权';
export type PatentType = '发明' | '实用新型' | '外观设计';

export interface LegalEvent {
  date: string;
  code: string;
  text: string;
}

/** What a legal event does to the status. */
export type EventEffect = 'pending' | 'grant' | 'lapse' | 'restore' | 'none';

/**
 * CNIPA legal-status codes (current two-letter + two-digit codes and the older C-codes) and our own English codes.
 * Unknown codes fall back to the event text.
 */
const CODE_EFFECTS: Record<string, EventEffect> = {
  // published / in examination
  PB01: 'pending',
  PB02: 'pending',
  SE01: 'pending',
  C06: 'pending',
  C10: 'pending',
  PUBLICATION: 'pending',
  PUBLISHED: 'pending',
  EXAMINATION: 'pending',
  FILED: 'pending',
  // granted
  GR01: 'grant',
  GR02: 'grant',
  C14: 'grant',
  GRANT: 'grant',
  GRANTED: 'grant',
  // lapsed: unpaid fees, term expired, rejected, withdrawn, abandoned, invalidated
  PC01: 'lapse',
  CF01: 'lapse',
  RJ01: 'lapse',
  RJ02: 'lapse',
  WD01: 'lapse',
  WD02: 'lapse',
  AV01: 'lapse',
  C17: 'lapse',
  C02: 'lapse',
  C12: 'lapse',
  C18: 'lapse',
  LAPSE: 'lapse',
  LAPSED: 'lapse',
  FEE_LAPSE: 'lapse',
  EXPIRED: 'lapse',
  EXPIRY: 'lapse',
  REJECTED: 'lapse',
  REJECTION: 'lapse',
  WITHDRAWN: 'lapse',
  WITHDRAWAL: 'lapse',
  ABANDONED: 'lapse',
  ABANDONMENT: 'lapse',
  INVALIDATED: 'lapse',
  INVALIDATION: 'lapse',
  REVOKED: 'lapse',
  // restored after a lapse (权利的恢复)
  RR01: 'restore',
  RESTORED: 'restore',
  RESTORATION: 'restore',
  // changes of owner, name, licences, pledges: no effect on the status
  TR01: 'none',
  TR02: 'none',
  CP01: 'none',
  CP02: 'none',
  EE01: 'none',
  PE01: 'none',
  PM01: 'none',
  TRANSFER: 'none',
  CHANGE: 'none',
  LICENSE: 'none',
};

// Checked in this order: a text naming a transfer or a change is never a grant, a lapse is checked before a
// grant ('授权后视为放弃'), and a request for invalidation is not an invalidation.
const TEXT_RULES: [RegExp, EventEffect][] = [
  [/转移|变更|许可|质押|保全|著录|通知书发文|无效宣告请求|部分无效|维持有效/, 'none'],
  [/恢复/, 'restore'],
  [/终止|失效|驳回|撤回|放弃|届满|全部无效|宣告.*无效|被无效|期满|lapse|expir|withdraw|reject|abandon|revok|invalidat/i, 'lapse'],
  [/授权|授予|grant/i, 'grant'],
  [/公开|公布|实质审查|实审|受理|publicat|examination|filed/i, 'pending'],
];

/** What one legal event does: by its code when we know the code, else by its text. */
export function eventEffect(event: Pick<LegalEvent, 'code' | 'text'>): EventEffect {
  const code = event.code.trim().toUpperCase();
  if (code && Object.hasOwn(CODE_EFFECTS, code)) return CODE_EFFECTS[code];
  const text = `${event.text} ${code}`;
  for (const [re, effect] of TEXT_RULES) if (re.test(text)) return effect;
  return 'none';
}

/** The status a source's own status text names ('有权-审定授权', '审中-实质审查', '无权-未缴年费', 'expired'...), or null. */
export function statusFromText(text: string | null | undefined): LegalStatus | null {
  const s = (text ?? '').trim();
  if (!s) return null;
  if (/^无权|失效|终止|驳回|撤回|放弃|届满|无效|未缴|lapse|expir|withdraw|reject|abandon|revok|dead|inactive/i.test(s))
    return '无权';
  if (/^有权|授权|维持|有效|grant|in force|active|alive/i.test(s)) return '有权';
  if (/^审中|实质审查|实审|公开|公布|受理|pending|examination|published/i.test(s)) return '审中';
  return null;
}

/** Whether a publication kind code marks a granted (registered) document, for CN and US documents. */
export function isGrantDocument(country: string, kind: string | null): boolean | null {
  if (!kind) return null;
  const k = kind.toUpperCase();
  const letter = k[0];
  if (country === 'US') {
    // B1/B2 utility grants, S design, E reissue, P2/P3 plant grants, H statutory registrations; A1/A2/A9/P1 applications.
    if (letter === 'B' || letter === 'S' || letter === 'E' || letter === 'H' || k === 'P2' || k === 'P3') return true;
    if (letter === 'A' || k === 'P1' || k === 'P4' || k === 'P9') return false;
    return null;
  }
  if ('BCUYSD'.includes(letter)) return true;
  if (letter === 'A') return false;
  return null;
}

export interface TermInput {
  type: PatentType | '';
  country: string;
  /** Filing date. */
  ad: string | null;
  /** Grant date (US designs run from grant). */
  gd?: string | null;
  termAdjustmentDays?: number;
}

/**
 * The last day a patent is in force (DOMAIN §3): invention 20 years, utility model 10 years, design 15 years when
 * filed on or after 2021-06-01 (10 before), all from the filing date; an invention's term adjustment is added.
 * Filed 2010-05-05 for 20 years → in force through 2030-05-04. US: utility 20 years from filing; design 15 years
 * from grant (14 when filed before 2015-05-13). Null when the dates needed are unknown.
 */
export function termEnd(input: TermInput): string | null {
  const { type, ad } = input;
  if (input.country === 'US' && type === '外观设计') {
    if (!input.gd) return null;
    const years = ad && ad < '2015-05-13' ? 14 : 15;
    return termLastDay(input.gd, years);
  }
  if (!ad) return null;
  const years = termYears(type, ad);
  return termLastDay(ad, years, type === '发明' ? (input.termAdjustmentDays ?? 0) : 0);
}

function termYears(type: PatentType | '', ad: string): number {
  if (type === '实用新型') return 10;
  if (type === '外观设计') return ad >= '2021-06-01' ? 15 : 10;
  // Invention, and the longest term when the type is unknown (so an "expired" conclusion stays certain).
  return 20;
}

export interface LegalStatusInput extends TermInput {
  /** The patent's publications with their kind codes and dates. */
  publications: { kind: string | null; date: string | null }[];
  /** Grant number / date known from the record itself (granted even when no grant publication is listed). */
  granted?: boolean;
  legalEvents: LegalEvent[];
  /** The source's own status text ('有权-审定授权'), when there are no events. */
  statusText?: string | null;
  /** Today, YYYY-MM-DD. */
  today: string;
}

export interface LegalStatusResult {
  /** '' when nothing tells. */
  status: LegalStatus | '';
  /** Last day of the term, when the filing date is known. */
  expiryDate: string | null;
  /** What decided: the events, the status text, the publication kinds, the term alone, or nothing. */
  basis: 'events' | 'text' | 'kind' | 'term' | 'none';
}

/** The legal status of a patent from its events, else its status text, else its publication kinds; the term caps all. */
export function deriveLegalStatus(input: LegalStatusInput): LegalStatusResult {
  const expiryDate = termEnd(input);
  const expired = isCertainlyExpired(input, expiryDate);
  const cap = (status: LegalStatus): LegalStatus => (expired ? '无权' : status);

  // 1. Legal events, in date order: the last event with an effect decides.
  const events = [...input.legalEvents].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let state: LegalStatus | null = null;
  let beforeLapse: LegalStatus | null = null;
  let everGranted = false;
  for (const e of events) {
    const effect = eventEffect(e);
    if (effect === 'pending') {
      if (state === null) state = '审中';
    } else if (effect === 'grant') {
      state = '有权';
      everGranted = true;
    } else if (effect === 'lapse') {
      if (state !== '无权') beforeLapse = state;
      state = '无权';
    } else if (effect === 'restore') {
      if (state === '无权') state = beforeLapse ?? (everGranted ? '有权' : '审中');
    }
  }
  if (state) return { status: cap(state), expiryDate, basis: 'events' };

  // 2. The source's status text.
  const fromText = statusFromText(input.statusText);
  if (fromText) return { status: cap(fromText), expiryDate, basis: 'text' };

  // 3. The publication kinds.
  let grant = input.granted === true;
  let application = false;
  for (const p of input.publications) {
    const g = isGrantDocument(input.country, p.kind);
    if (g === true) grant = true;
    else if (g === false) application = true;
  }
  if (grant) return { status: cap('有权'), expiryDate, basis: 'kind' };
  if (application) return { status: cap('审中'), expiryDate, basis: 'kind' };

  // 4. Nothing but dates: only a certainly expired term tells.
  if (expired) return { status: '无权', expiryDate, basis: 'term' };
  return { status: '', expiryDate, basis: 'none' };
}

/** Whether the term has certainly run out: from the filing date, or else from the earliest publication date. */
function isCertainlyExpired(input: LegalStatusInput, expiryDate: string | null): boolean {
  if (expiryDate) return input.today > expiryDate;
  if (input.country === 'US' && input.type === '外观设计') return false;
  const dates = input.publications.map((p) => p.date).filter((d): d is string => Boolean(d));
  if (!dates.length) return false;
  const earliest = dates.reduce((a, b) => (a < b ? a : b));
  // Filed on or before the earliest publication: the term ends no later than this.
  const bound = termLastDay(
    earliest,
    termYears(input.type, earliest),
    input.type === '发明' ? (input.termAdjustmentDays ?? 0) : 0,
  );
  return input.today > bound;
}
