// Patents in the database: the import upsert (one transaction per batch), the detail read, the number lookup.
//
// One row per application (DOMAIN §2). A record is matched to a stored patent by its application number, else by
// its publication-number stem (CN108472367A and CN108472367B are one patent); its publications are merged in,
// the earliest publication date kept and the grant number/date taken from the grant document. Which record's text
// wins is decided by rank, not by arrival order: a grant document's record beats an application's, a later
// document beats an earlier one, and a weaker record only fills fields that are still empty. So importing the
// same records again, in any order, stores the same content and — the content hash being equal — writes nothing.
// Demo data never merges with real data: a real record displaces a demo patent with the same number, a demo
// record yields to a real one.
import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import type { Db, Dialect } from '../../db';
import type { Database as Schema, PatentsTable } from '../../db/schema';
import { int4Array, textArray } from '../../db/pg-binary';
import { writeTransaction, type WriteRetryOptions } from '../../db/write';
import {
  indexFieldsOf,
  removeSqliteIndexRows,
  sqliteIndexSinks,
  writeIndexes,
  type IndexEntry,
} from '../../search/engine/index-writer';
import { PatentNumberError, parseApplicationNumber, parsePublicationNumber } from '../../search/patent-number';
import { dateOf } from './dates';
import { deriveLegalStatus, isGrantDocument, type LegalEvent, type LegalStatus, type PatentType } from './legal-status';
import { pnStem, type Citation, type FamilyMember, type PatentInput, type Publication } from './patent-record';

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface UpsertOptions {
  /** Runs inside the batch's transaction after the patents are written, with the batch's counts (e.g. a job's checkpoint). */
  inTransaction?: (trx: Transaction<Schema>, counts: UpsertCounts) => Promise<void>;
  /** Told (debug) when the batch waits for another process's write lock. */
  log?: WriteRetryOptions['log'];
}

/** The merged content of one patent, before it becomes a row. */
/** A stored patent's content: the merged documents of one application, and where that content came from. */
interface Doc extends PatentInput {
  /** Rank of the record that supplied the content: `<2 grant | 1 publication | 0 none>|<latest document date>`. */
  rank: string;
}

// fee_reduction_pct (migration 012) is recorded by the company, never by an import: not part of a document's row.
type RowValues = Omit<PatentsTable, 'id' | 'created_at' | 'updated_at' | 'fee_reduction_pct'>;
type StoredRow = Omit<PatentsTable, 'id' | 'fee_reduction_pct'> & { id: number };

/** Keys of `extra` the repository keeps for itself (not shown in the detail). */
const EXTRA_RANK = '_rank';
const EXTRA_STATUS_TEXT = 'legal_status_text';

// ─── records → documents → rows ─────────────────────────────────────────────────────────────────────────────

function recordRank(country: string, publications: Publication[]): string {
  if (!publications.length) return '0|';
  const grant = publications.some((p) => isGrantDocument(country, p.kind) === true);
  const latest = publications.reduce((m, p) => (p.date && p.date > m ? p.date : m), '');
  return `${grant ? 2 : 1}|${latest}`;
}

function docFromInput(r: PatentInput): Doc {
  return {
    an: r.an,
    ad: r.ad,
    country: r.country,
    publications: r.publications.map((p) => ({ ...p })),
    gn: r.gn,
    gd: r.gd,
    title: r.title,
    abstract: r.abstract,
    claims: r.claims,
    description: r.description,
    applicants: r.applicants,
    inventors: r.inventors,
    address: r.address,
    agency: r.agency,
    ipc: r.ipc,
    type: r.type,
    legalEvents: r.legalEvents,
    statusText: r.statusText,
    family: r.family,
    citations: r.citations,
    drawings: r.drawings,
    pdf: r.pdf,
    termAdjustmentDays: r.termAdjustmentDays,
    lang: r.lang,
    isDemo: r.isDemo,
    source: r.source,
    extra: r.extra,
    rank: recordRank(r.country, r.publications),
  };
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || v === 0 || (Array.isArray(v) && v.length === 0);

/** `b` merged into `a`: b's non-empty values win when b ranks at least as high, else b only fills a's gaps. */
function mergeDocs(a: Doc, b: Doc): Doc {
  const bWins = b.rank >= a.rank;
  const pick = <T>(x: T, y: T): T => (bWins ? (isEmpty(y) ? x : y) : isEmpty(x) ? y : x);
  const publications = a.publications.map((p) => ({ ...p }));
  for (const p of b.publications) {
    const same = publications.find((q) => q.pn === p.pn);
    if (!same) publications.push({ ...p });
    else if (!same.date && p.date) same.date = p.date;
  }
  const events = [...a.legalEvents];
  const seen = new Set(events.map((e) => `${e.date}|${e.code}|${e.text}`));
  for (const e of b.legalEvents) {
    const key = `${e.date}|${e.code}|${e.text}`;
    if (!seen.has(key)) {
      seen.add(key);
      events.push(e);
    }
  }
  events.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
  const extra: Record<string, unknown> = { ...a.extra };
  for (const [k, v] of Object.entries(b.extra)) extra[k] = pick(extra[k], v);
  return {
    an: a.an ?? b.an,
    ad: pick(a.ad, b.ad),
    country: pick(a.country, b.country),
    publications,
    gn: pick(a.gn, b.gn),
    gd: pick(a.gd, b.gd),
    title: pick(a.title, b.title),
    abstract: pick(a.abstract, b.abstract),
    claims: pick(a.claims, b.claims),
    description: pick(a.description, b.description),
    applicants: pick(a.applicants, b.applicants),
    inventors: pick(a.inventors, b.inventors),
    address: pick(a.address, b.address),
    agency: pick(a.agency, b.agency),
    ipc: pick(a.ipc, b.ipc),
    type: pick(a.type, b.type),
    legalEvents: events,
    statusText: mergedStatusText(a, b, pick),
    family: pick(a.family, b.family),
    citations: pick(a.citations, b.citations),
    drawings: pick(a.drawings, b.drawings),
    pdf: pick(a.pdf, b.pdf),
    termAdjustmentDays: pick(a.termAdjustmentDays, b.termAdjustmentDays),
    lang: pick(a.lang, b.lang),
    isDemo: a.isDemo || b.isDemo,
    source: pick(a.source, b.source),
    extra,
    rank: a.rank > b.rank ? a.rank : b.rank,
  };
}

const isGrantRank = (d: Doc) => d.rank.startsWith('2|');

/**
 * The source's status text of two merged documents (issue 11 item 6): when only one of them is a grant document, its
 * text (or its lack of one) counts, so an application's "审中-实质审查" cannot outlive the grant that followed it (with
 * no text the status then comes from the publications: granted → 有权). Otherwise as the other fields.
 */
function mergedStatusText(a: Doc, b: Doc, pick: <T>(x: T, y: T) => T): string {
  const ga = isGrantRank(a);
  const gb = isGrantRank(b);
  if (ga !== gb) return gb ? b.statusText : a.statusText;
  return pick(a.statusText, b.statusText);
}

function sortedPublications(country: string, pubs: Publication[]): Publication[] {
  // Earliest first; on the same date the application document before the grant. An undated document goes after the
  // dated ones of its own kind, but an application document stays before a grant (issue 11 item 6: the A is the
  // first publication even when only the B's date is known), so pn is always the earliest publication.
  return [...pubs].sort((x, y) => {
    const gx = isGrantDocument(country, x.kind) ? 1 : 0;
    const gy = isGrantDocument(country, y.kind) ? 1 : 0;
    if (x.date && y.date && x.date !== y.date) return x.date < y.date ? -1 : 1;
    if (gx !== gy) return gx - gy;
    if (x.date !== y.date) return !x.date ? 1 : !y.date ? -1 : 0;
    return x.pn < y.pn ? -1 : x.pn > y.pn ? 1 : 0;
  });
}

function sortKeys(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o).sort()) out[k] = o[k];
  return out;
}

function applicationYear(doc: Doc): number | null {
  if (doc.ad) return Number(doc.ad.slice(0, 4));
  if (doc.an && doc.country === 'CN') {
    try {
      return parseApplicationNumber(doc.an).year;
    } catch {
      return null;
    }
  }
  return null;
}

/** The row a document is stored as (content_hash included), with the legal status derived for `today`. */
function toRow(doc: Doc, today: string): RowValues {
  const pubs = sortedPublications(doc.country, doc.publications);
  const first = pubs[0] ?? null;
  const grantPub = pubs.find((p) => isGrantDocument(doc.country, p.kind) === true) ?? null;
  const gn = grantPub?.pn ?? doc.gn;
  const gd = doc.gd ?? grantPub?.date ?? null;
  const legal = deriveLegalStatus({
    type: doc.type,
    country: doc.country,
    ad: doc.ad,
    gd,
    termAdjustmentDays: doc.termAdjustmentDays,
    publications: pubs,
    granted: Boolean(gn || gd),
    legalEvents: doc.legalEvents,
    statusText: doc.statusText,
    today,
  });
  const extra: Record<string, unknown> = { ...doc.extra, [EXTRA_RANK]: doc.rank };
  if (doc.statusText) extra[EXTRA_STATUS_TEXT] = doc.statusText;
  else delete extra[EXTRA_STATUS_TEXT];
  const row: RowValues = {
    doc_key: doc.an ?? `PN:${pnStem(first!.pn)}`,
    an: doc.an,
    ad: doc.ad,
    pn: first?.pn ?? null,
    pd: pubs.reduce<string | null>((m, p) => (p.date && (!m || p.date < m) ? p.date : m), null),
    gn,
    gd,
    publications: JSON.stringify(pubs),
    title: doc.title,
    abstract: doc.abstract,
    claims: doc.claims,
    description: doc.description,
    applicants: JSON.stringify(doc.applicants),
    first_applicant: doc.applicants[0] ?? '',
    inventors: JSON.stringify(doc.inventors),
    address: doc.address,
    agency: doc.agency,
    ipc: JSON.stringify(doc.ipc),
    ipc_main: doc.ipc[0] ?? '',
    type: doc.type,
    legal_status: legal.status,
    legal_events: JSON.stringify(doc.legalEvents),
    family: JSON.stringify(doc.family),
    citations: JSON.stringify(doc.citations),
    drawings: JSON.stringify(doc.drawings),
    pdf: doc.pdf,
    country: doc.country,
    lang: doc.lang,
    app_year: applicationYear(doc),
    is_demo: doc.isDemo ? 1 : 0,
    source: doc.source,
    extra: JSON.stringify(sortKeys(extra)),
    content_hash: '',
    term_adjustment_days: doc.termAdjustmentDays,
    expiry_date: legal.expiryDate,
  };
  row.content_hash = contentHash(row);
  return row;
}

/**
 * SHA-256 over every stored value except the hash, the timestamps and the source file's name (one JSON text, hashed
 * in one call). The name is left out so that change detection is about content (issue 11 item 6): the same file
 * imported again under another name is unchanged, and the patent keeps the name of the file it first came from.
 */
export function contentHash(row: Pick<RowValues, (typeof PATENT_COLUMNS)[number]>): string {
  const values: unknown[] = [];
  for (const c of PATENT_COLUMNS) if (c !== 'content_hash' && c !== 'source') values.push(row[c]);
  return crypto.createHash('sha256').update(JSON.stringify(values)).digest('hex');
}

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function docFromRow(row: StoredRow): Doc {
  const extra = parseJson<Record<string, unknown>>(row.extra, {});
  const rank = typeof extra[EXTRA_RANK] === 'string' ? (extra[EXTRA_RANK] as string) : '0|';
  const statusText = typeof extra[EXTRA_STATUS_TEXT] === 'string' ? (extra[EXTRA_STATUS_TEXT] as string) : '';
  delete extra[EXTRA_RANK];
  delete extra[EXTRA_STATUS_TEXT];
  return {
    an: row.an,
    ad: row.ad,
    country: row.country,
    publications: parseJson<Publication[]>(row.publications, []),
    gn: row.gn,
    gd: row.gd,
    title: row.title,
    abstract: row.abstract,
    claims: row.claims,
    description: row.description,
    applicants: parseJson<string[]>(row.applicants, []),
    inventors: parseJson<string[]>(row.inventors, []),
    address: row.address,
    agency: row.agency,
    ipc: parseJson<string[]>(row.ipc, []),
    type: row.type as PatentType | '',
    legalEvents: parseJson<LegalEvent[]>(row.legal_events, []),
    statusText,
    family: parseJson<FamilyMember[]>(row.family, []),
    citations: parseJson<Citation[]>(row.citations, []),
    drawings: parseJson<string[]>(row.drawings, []),
    pdf: row.pdf,
    termAdjustmentDays: Number(row.term_adjustment_days) || 0,
    lang: row.lang,
    isDemo: Number(row.is_demo) === 1,
    source: row.source,
    extra,
    rank,
  };
}

// ─── grouping within a batch ────────────────────────────────────────────────────────────────────────────────

interface Group {
  an: string | null;
  stems: Set<string>;
  isDemo: boolean;
  records: PatentInput[];
  /** Set when a demo group yields to real data. */
  skip?: boolean;
}

/** Records of one application (same an, or same publication stem) in one group, in input order. */
function groupRecords(records: PatentInput[]): Group[] {
  const groups: Group[] = [];
  const byAn = new Map<string, Group>();
  const byStem = new Map<string, Group[]>();
  const parent = new Map<Group, Group>();
  const find = (g: Group): Group => {
    let r = g;
    while (parent.get(r) !== r) r = parent.get(r)!;
    return r;
  };
  for (const rec of records) {
    const stems = rec.publications.map((p) => pnStem(p.pn));
    const candidates = new Set<Group>();
    if (rec.an && byAn.has(rec.an)) candidates.add(find(byAn.get(rec.an)!));
    for (const s of stems) for (const g of byStem.get(s) ?? []) candidates.add(find(g));
    let target: Group | null = null;
    for (const g of candidates) {
      if (g.isDemo !== rec.isDemo) continue;
      if (rec.an && g.an && g.an !== rec.an) continue;
      if (!target) target = g;
      else if (!(target.an && g.an && target.an !== g.an)) {
        // Two groups joined by this record: merge g into target.
        parent.set(g, target);
        target.records.push(...g.records);
        for (const s of g.stems) target.stems.add(s);
        target.an = target.an ?? g.an;
      }
    }
    if (!target) {
      target = { an: null, stems: new Set(), isDemo: rec.isDemo, records: [] };
      parent.set(target, target);
      groups.push(target);
    }
    target.records.push(rec);
    if (rec.an) {
      target.an = target.an ?? rec.an;
      if (!byAn.has(rec.an)) byAn.set(rec.an, target);
    }
    for (const s of stems) {
      target.stems.add(s);
      const list = byStem.get(s) ?? [];
      if (!list.includes(target)) list.push(target);
      byStem.set(s, list);
    }
  }
  const roots = groups.filter((g) => find(g) === g);
  // Records of a merged group stay in input order.
  const order = new Map(records.map((r, i) => [r, i]));
  for (const g of roots) g.records.sort((a, b) => order.get(a)! - order.get(b)!);
  // A demo group that shares a number with a real group of the same batch yields.
  const realAns = new Set(roots.filter((g) => !g.isDemo && g.an).map((g) => g.an));
  const realStems = new Set(roots.filter((g) => !g.isDemo).flatMap((g) => [...g.stems]));
  for (const g of roots) {
    if (g.isDemo && ((g.an && realAns.has(g.an)) || [...g.stems].some((s) => realStems.has(s)))) g.skip = true;
  }
  return roots;
}

// ─── storage, per dialect ───────────────────────────────────────────────────────────────────────────────────

interface MatchRow {
  id: number;
  an: string | null;
  is_demo: number;
}

interface ChildRows {
  pubs: { pn: string; stem: string; patent_id: number }[];
  ipc: { patent_id: number; code: string; is_main: number }[];
  applicants: { patent_id: number; name: string }[];
}

interface Store {
  findByAn(ans: string[]): Promise<MatchRow[]>;
  findByStem(stems: string[]): Promise<(MatchRow & { stem: string })[]>;
  pubOwners(pns: string[]): Promise<{ pn: string; patent_id: number }[]>;
  loadRows(ids: number[]): Promise<StoredRow[]>;
  deletePatents(ids: number[]): Promise<void>;
  /** Inserts rows; returns their ids in order. */
  insertPatents(rows: (RowValues & { created_at: string; updated_at: string })[]): Promise<number[]>;
  updatePatents(updates: { id: number; row: RowValues & { updated_at: string } }[]): Promise<void>;
  deleteChildren(ids: number[]): Promise<void>;
  insertChildren(children: ChildRows): Promise<void>;
  /** Once per batch that writes, before the writes. */
  beforeWrites?(): Promise<void>;
}

const PATENT_COLUMNS = [
  'doc_key',
  'an',
  'ad',
  'pn',
  'pd',
  'gn',
  'gd',
  'publications',
  'title',
  'abstract',
  'claims',
  'description',
  'applicants',
  'first_applicant',
  'inventors',
  'address',
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
  'country',
  'lang',
  'app_year',
  'is_demo',
  'source',
  'extra',
  'content_hash',
  'term_adjustment_days',
  'expiry_date',
] as const;

interface SqliteStatements {
  findByAn: Database.Statement;
  findByStem: Database.Statement;
  pubOwners: Database.Statement;
  loadRows: Database.Statement;
  deletePatent: Database.Statement;
  insertPatent: Database.Statement;
  updatePatent: Database.Statement;
  deletePubs: Database.Statement;
  deleteIpc: Database.Statement;
  deleteApplicants: Database.Statement;
  insertPub: Database.Statement;
  insertIpc: Database.Statement;
  insertApplicant: Database.Statement;
}

const sqliteStatements = new WeakMap<Database.Database, SqliteStatements>();

// OR FAIL on the tables with triggers (patents, patent_ipc, patent_applicants append to search_changes): a statement
// that fires a trigger counts as a multi-row write, and with the default ABORT SQLite then keeps a statement journal
// (a copy of every page the statement touches, to undo just that statement on a constraint error), which made an
// insert into patents cost 2–3 times as much. FAIL needs no journal. The result is the same: these statements write
// one row, the constraints are checked before it is written, and any error rolls back the batch's transaction.
function statementsFor(raw: Database.Database): SqliteStatements {
  let s = sqliteStatements.get(raw);
  if (s) return s;
  const cols = [...PATENT_COLUMNS, 'created_at', 'updated_at'];
  s = {
    findByAn: raw.prepare('SELECT id, an, is_demo FROM patents WHERE an IN (SELECT value FROM json_each(?))'),
    findByStem: raw.prepare(
      'SELECT p.id, p.an, p.is_demo, pp.stem FROM patent_pubs pp JOIN patents p ON p.id = pp.patent_id WHERE pp.stem IN (SELECT value FROM json_each(?))',
    ),
    pubOwners: raw.prepare('SELECT pn, patent_id FROM patent_pubs WHERE pn IN (SELECT value FROM json_each(?))'),
    loadRows: raw.prepare('SELECT * FROM patents WHERE id IN (SELECT value FROM json_each(?))'),
    deletePatent: raw.prepare('DELETE FROM patents WHERE id = ?'),
    insertPatent: raw.prepare(`INSERT OR FAIL INTO patents (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`),
    updatePatent: raw.prepare(
      `UPDATE OR FAIL patents SET ${[...PATENT_COLUMNS, 'updated_at'].map((c) => `${c} = ?`).join(', ')} WHERE id = ?`,
    ),
    deletePubs: raw.prepare('DELETE FROM patent_pubs WHERE patent_id = ?'),
    deleteIpc: raw.prepare('DELETE FROM patent_ipc WHERE patent_id = ?'),
    deleteApplicants: raw.prepare('DELETE FROM patent_applicants WHERE patent_id = ?'),
    insertPub: raw.prepare('INSERT INTO patent_pubs (pn, stem, patent_id) VALUES (?, ?, ?)'),
    insertIpc: raw.prepare('INSERT OR FAIL INTO patent_ipc (patent_id, code, is_main) VALUES (?, ?, ?)'),
    insertApplicant: raw.prepare('INSERT OR FAIL INTO patent_applicants (patent_id, name) VALUES (?, ?)'),
  };
  sqliteStatements.set(raw, s);
  return s;
}

/** SQLite: prepared better-sqlite3 statements on the connection Kysely's transaction holds (it has one connection). */
function sqliteStore(raw: Database.Database): Store {
  const st = statementsFor(raw);
  const values = (row: Record<string, unknown>, cols: readonly string[]) => cols.map((c) => row[c] ?? null);
  return {
    findByAn: async (ans) => st.findByAn.all(JSON.stringify(ans)) as MatchRow[],
    findByStem: async (stems) => st.findByStem.all(JSON.stringify(stems)) as (MatchRow & { stem: string })[],
    pubOwners: async (pns) => st.pubOwners.all(JSON.stringify(pns)) as { pn: string; patent_id: number }[],
    loadRows: async (ids) => st.loadRows.all(JSON.stringify(ids)) as StoredRow[],
    async deletePatents(ids) {
      // With an import's index workers the side files are theirs: the rows go with its next batch.
      const staging = sqliteIndexSinks.get(raw)?.current;
      if (staging) staging.stageRemovals(ids);
      else removeSqliteIndexRows(raw, ids);
      for (const id of ids) st.deletePatent.run(id);
    },
    async insertPatents(rows) {
      const cols = [...PATENT_COLUMNS, 'created_at', 'updated_at'];
      return rows.map((r) => Number(st.insertPatent.run(values(r, cols)).lastInsertRowid));
    },
    async updatePatents(updates) {
      for (const { id, row } of updates) st.updatePatent.run([...values(row, [...PATENT_COLUMNS, 'updated_at']), id]);
    },
    async deleteChildren(ids) {
      for (const id of ids) {
        st.deletePubs.run(id);
        st.deleteIpc.run(id);
        st.deleteApplicants.run(id);
      }
    },
    async insertChildren(c) {
      for (const p of c.pubs) st.insertPub.run(p.pn, p.stem, p.patent_id);
      for (const i of c.ipc) st.insertIpc.run(i.patent_id, i.code, i.is_main);
      for (const a of c.applicants) st.insertApplicant.run(a.patent_id, a.name);
    },
  };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Integer columns of patents (the others are text or varchar). */
const INT_COLUMNS = new Set<string>(['app_year', 'is_demo', 'term_adjustment_days']);

/** Rows per INSERT / UPDATE of patents on PostgreSQL. */
const PG_PATENT_ROWS = 1000;

/** One binary array parameter per column (pg-binary.ts), cast to its element type. */
function columnArrays(rows: readonly Record<string, unknown>[], cols: readonly string[]) {
  return cols.map((c) =>
    INT_COLUMNS.has(c) || c === 'id'
      ? sql`${int4Array(rows.map((r) => r[c] as number | null))}::int4[]`
      : sql`${textArray(rows.map((r) => r[c] as string | null))}::text[]`,
  );
}

/**
 * PostgreSQL: set-based statements on the transaction, each column one binary array parameter (`unnest`): one
 * INSERT … SELECT FROM unnest(…) per 1,000 patents (RETURNING the ids), one UPDATE … FROM unnest(…) for the changed
 * ones, one INSERT per child table, and `= ANY($1)` for the lookups — instead of Kysely's multi-row VALUES with a
 * parameter per value (parsed and planned per statement), an UPDATE per changed patent and IN lists.
 */
function pgStore(trx: Transaction<Schema>): Store {
  const rowsOf = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(trx)).rows;
  const patentCols = [...PATENT_COLUMNS, 'created_at', 'updated_at'];
  const updateCols = [...PATENT_COLUMNS, 'updated_at'];
  return {
    findByAn: async (ans) =>
      ans.length
        ? await rowsOf(sql<MatchRow>`SELECT id, an, is_demo FROM patents WHERE an = ANY(${textArray(ans)}::text[])`)
        : [],
    findByStem: async (stems) =>
      stems.length
        ? await rowsOf(
            sql<
              MatchRow & { stem: string }
            >`SELECT p.id, p.an, p.is_demo, pp.stem FROM patent_pubs pp JOIN patents p ON p.id = pp.patent_id WHERE pp.stem = ANY(${textArray(stems)}::text[])`,
          )
        : [],
    pubOwners: async (pns) =>
      pns.length
        ? await rowsOf(
            sql<{
              pn: string;
              patent_id: number;
            }>`SELECT pn, patent_id FROM patent_pubs WHERE pn = ANY(${textArray(pns)}::text[])`,
          )
        : [],
    loadRows: async (ids) =>
      ids.length ? await rowsOf(sql<StoredRow>`SELECT * FROM patents WHERE id = ANY(${int4Array(ids)}::int4[])`) : [],
    async deletePatents(ids) {
      // patent_search and patent_text_chunks go with the patent (ON DELETE CASCADE).
      if (ids.length) await sql`DELETE FROM patents WHERE id = ANY(${int4Array(ids)}::int4[])`.execute(trx);
    },
    async insertPatents(rows) {
      const ids: number[] = [];
      for (const part of chunks(rows, PG_PATENT_ROWS)) {
        const out = await rowsOf(
          sql<{
            id: number;
            doc_key: string;
          }>`INSERT INTO patents (${sql.join(patentCols.map((c) => sql.id(c)))}) SELECT * FROM unnest(${sql.join(columnArrays(part, patentCols))}) RETURNING id, doc_key`,
        );
        const byKey = new Map(out.map((r) => [r.doc_key, Number(r.id)]));
        for (const r of part) ids.push(byKey.get(r.doc_key)!);
      }
      return ids;
    },
    async updatePatents(updates) {
      const set = sql.join(updateCols.map((c) => sql`${sql.id(c)} = u.${sql.id(c)}`));
      const names = sql.join(['id', ...updateCols].map((c) => sql.id(c)));
      for (const part of chunks(updates, PG_PATENT_ROWS)) {
        const rows = part.map((u) => ({ ...u.row, id: u.id }));
        await sql`UPDATE patents AS p SET ${set} FROM unnest(${sql.join(columnArrays(rows, ['id', ...updateCols]))}) AS u(${names}) WHERE p.id = u.id`.execute(
          trx,
        );
      }
    },
    async deleteChildren(ids) {
      if (!ids.length) return;
      const any = sql`patent_id = ANY(${int4Array(ids)}::int4[])`;
      await sql`DELETE FROM patent_pubs WHERE ${any}`.execute(trx);
      await sql`DELETE FROM patent_ipc WHERE ${any}`.execute(trx);
      await sql`DELETE FROM patent_applicants WHERE ${any}`.execute(trx);
    },
    async insertChildren(c) {
      // The three tables in one statement (data-modifying CTEs): one round trip instead of three.
      const inserts = [];
      if (c.pubs.length)
        inserts.push(
          sql`INSERT INTO patent_pubs (pn, stem, patent_id) SELECT * FROM unnest(${textArray(c.pubs.map((p) => p.pn))}::text[], ${textArray(c.pubs.map((p) => p.stem))}::text[], ${int4Array(c.pubs.map((p) => p.patent_id))}::int4[])`,
        );
      if (c.ipc.length)
        inserts.push(
          sql`INSERT INTO patent_ipc (patent_id, code, is_main) SELECT * FROM unnest(${int4Array(c.ipc.map((i) => i.patent_id))}::int4[], ${textArray(c.ipc.map((i) => i.code))}::text[], ${int4Array(c.ipc.map((i) => i.is_main))}::int4[])`,
        );
      if (c.applicants.length)
        inserts.push(
          sql`INSERT INTO patent_applicants (patent_id, name) SELECT * FROM unnest(${int4Array(c.applicants.map((a) => a.patent_id))}::int4[], ${textArray(c.applicants.map((a) => a.name))}::text[])`,
        );
      if (!inserts.length) return;
      const last = inserts.pop()!;
      const ctes = inserts.map((q, i) => sql`${sql.raw(`c${i}`)} AS (${q})`);
      await (ctes.length ? sql`WITH ${sql.join(ctes)} ${last}` : last).execute(trx);
    },
    async beforeWrites() {
      // Long values (claims, descriptions, their tsvectors) compressed with LZ4 where the server has it: about half
      // pglz's cost on the import (ADR 0065), and faster to read back. Only this transaction's setting.
      await sql`SELECT set_config(name, 'lz4', true) FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)`.execute(
        trx,
      );
    },
  };
}

/** Whether a stored row and its new values index the same text (then its text index stays as it is). */
function sameIndexedText(stored: StoredRow, row: RowValues): boolean {
  return (
    stored.title === row.title &&
    stored.abstract === row.abstract &&
    stored.claims === row.claims &&
    stored.description === row.description &&
    stored.applicants === row.applicants &&
    stored.inventors === row.inventors &&
    stored.address === row.address &&
    stored.agency === row.agency
  );
}

// ─── the upsert ─────────────────────────────────────────────────────────────────────────────────────────────

interface Plan {
  group: Group;
  /** The merged content the row was made from (its arrays, without parsing the row's JSON again). */
  doc: Doc | null;
  /** Existing patent the group is stored in (null: a new patent). */
  primary: StoredRow | null;
  /** Patents merged into the primary (or displaced demo patents), to delete. */
  remove: number[];
  row: RowValues | null;
}

/**
 * Inserts or merges a batch of records in one transaction. Counts are per record, as if the records were applied one
 * after another: a record that changes nothing (a duplicate, a re-import) counts as unchanged and writes nothing.
 */
export async function upsertPatents(
  db: Db,
  records: PatentInput[],
  now: string,
  opts: UpsertOptions = {},
): Promise<UpsertCounts> {
  const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  if (!records.length && !opts.inTransaction) return counts;
  const today = dateOf(now);
  // An import's index workers (withIndexWorkers) get the batch's index entries once it has committed.
  const sink = db.sqlite ? sqliteIndexSinks.get(db.sqlite) : undefined;
  let staged: ReturnType<NonNullable<typeof sink>['end']> = null;
  // Retried while another process holds the write lock (ADR 0015): each try counts from zero.
  await writeTransaction(db, { log: opts.log, what: 'patent batch' }, async (trx) => {
    if (!sink) return upsertInTransaction(trx);
    sink.begin(records.length);
    try {
      await upsertInTransaction(trx);
    } finally {
      staged = sink.end();
    }
  });
  await sink?.post(staged);
  return counts;

  async function upsertInTransaction(trx: Transaction<Schema>): Promise<void> {
    Object.assign(counts, { inserted: 0, updated: 0, unchanged: 0 });
    const sqlite = db.dialect === 'sqlite' && db.sqlite !== undefined;
    const store = sqlite ? sqliteStore(db.sqlite!) : pgStore(trx);
    const groups = groupRecords(records);

    // Existing patents by application number and by publication stem.
    const ans = [...new Set(groups.filter((g) => g.an).map((g) => g.an!))];
    const stems = [...new Set(groups.flatMap((g) => [...g.stems]))];
    const byAn = new Map((await store.findByAn(ans)).map((r) => [r.an!, r]));
    const byStem = new Map<string, MatchRow[]>();
    for (const r of await store.findByStem(stems)) {
      const list = byStem.get(r.stem) ?? [];
      if (!list.some((x) => x.id === r.id)) list.push(r);
      byStem.set(r.stem, list);
    }

    // Which stored patents each group touches.
    type Wanted = { group: Group; primaryId: number | null; merge: number[]; displace: number[] };
    const claimed = new Map<number, Wanted>();
    const wanted: Wanted[] = [];
    for (const g of groups) {
      if (g.skip) {
        counts.unchanged += g.records.length;
        continue;
      }
      const matches: MatchRow[] = [];
      const anMatch = g.an ? byAn.get(g.an) : undefined;
      if (anMatch) matches.push(anMatch);
      for (const s of g.stems)
        for (const m of byStem.get(s) ?? [])
          if (!(g.an && m.an && m.an !== g.an) && !matches.some((x) => x.id === m.id)) matches.push(m);
      // A stored patent another group of this batch already touches: this group's records join that group.
      const taker = matches.map((m) => claimed.get(m.id)).find((w) => w && w.group.isDemo === g.isDemo);
      if (taker) {
        taker.group.records.push(...g.records);
        continue;
      }
      const free = matches.filter((m) => !claimed.has(m.id));
      // Demo data never merges with real data.
      if (g.isDemo && free.some((m) => m.is_demo !== 1)) {
        counts.unchanged += g.records.length;
        continue;
      }
      const displace = g.isDemo ? [] : free.filter((m) => m.is_demo === 1).map((m) => m.id);
      const same = free.filter((m) => (m.is_demo === 1) === g.isDemo);
      let primaryId: number | null = null;
      const merge: number[] = [];
      if (same.length) {
        const anSame = same.find((m) => g.an && m.an === g.an);
        const primary = anSame ?? same.reduce((a, b) => (a.id < b.id ? a : b));
        primaryId = primary.id;
        let primaryAn = primary.an ?? g.an;
        for (const m of same) {
          if (m.id === primary.id) continue;
          // Two stored applications with different numbers stay apart.
          if (m.an && primaryAn && m.an !== primaryAn) continue;
          primaryAn = primaryAn ?? m.an;
          merge.push(m.id);
        }
      }
      const entry: Wanted = { group: g, primaryId, merge, displace };
      for (const id of [primaryId, ...merge, ...displace]) if (id !== null) claimed.set(id, entry);
      wanted.push(entry);
    }

    const loaded = new Map((await store.loadRows([...claimed.keys()])).map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));

    // The merged content of each group, record by record.
    const plans: Plan[] = [];
    for (const w of wanted) {
      const primary = w.primaryId !== null ? loaded.get(w.primaryId)! : null;
      let doc = primary ? docFromRow(primary) : null;
      let hash = primary?.content_hash ?? null;
      for (const id of w.merge) {
        doc = mergeDocs(doc!, docFromRow(loaded.get(id)!));
        hash = null; // the merged patents disappear: this is a change whatever the content
      }
      let row: RowValues | null = null;
      let rowDoc: Doc | null = null;
      for (const rec of w.group.records) {
        const recDoc = docFromInput(rec);
        const next = doc ? mergeDocs(doc, recDoc) : recDoc;
        row = toRow(next, today);
        if (!doc) counts.inserted++;
        else if (row.content_hash === hash) counts.unchanged++;
        else counts.updated++;
        doc = next;
        rowDoc = next;
        hash = row.content_hash;
      }
      const changed = !primary || w.merge.length > 0 || row!.content_hash !== primary.content_hash;
      plans.push({ group: w.group, doc: rowDoc, primary, remove: [...w.merge, ...w.displace], row: changed ? row : null });
    }

    // Writes: removed patents, new rows, changed rows, their child rows, their text index.
    const remove = plans.flatMap((p) => p.remove);
    const written = plans.filter((p) => p.row);
    if (!written.length && !remove.length) {
      if (opts.inTransaction) await opts.inTransaction(trx, counts);
      return;
    }
    const allPns = [...new Set(written.flatMap((p) => p.doc!.publications.map((x) => x.pn)))];
    const owners = new Map((await store.pubOwners(allPns)).map((o) => [o.pn, Number(o.patent_id)]));
    await store.beforeWrites?.();
    await store.deletePatents(remove);
    const removed = new Set(remove);

    const inserts = written.filter((p) => !p.primary);
    const newIds = await store.insertPatents(inserts.map((p) => ({ ...p.row!, created_at: now, updated_at: now })));
    const ids = new Map<Plan, number>();
    inserts.forEach((p, i) => ids.set(p, newIds[i]));
    const updates = written.filter((p) => p.primary);
    await store.updatePatents(updates.map((p) => ({ id: p.primary!.id, row: { ...p.row!, updated_at: now } })));
    for (const p of updates) ids.set(p, p.primary!.id);
    await store.deleteChildren(updates.map((p) => p.primary!.id));

    const children: ChildRows = { pubs: [], ipc: [], applicants: [] };
    const taken = new Set<string>();
    for (const p of written) {
      const id = ids.get(p)!;
      for (const pub of p.doc!.publications) {
        const owner = owners.get(pub.pn);
        // A number another (different) application already holds keeps pointing there.
        if ((owner !== undefined && owner !== id && !removed.has(owner)) || taken.has(pub.pn)) continue;
        taken.add(pub.pn);
        children.pubs.push({ pn: pub.pn, stem: pnStem(pub.pn), patent_id: id });
      }
      p.doc!.ipc.forEach((code, i) => children.ipc.push({ patent_id: id, code, is_main: i === 0 ? 1 : 0 }));
      for (const name of p.doc!.applicants) children.applicants.push({ patent_id: id, name });
    }
    await store.insertChildren(children);

    // The text index of new patents, and of changed ones whose indexed text changed (a new legal status, say,
    // leaves the index as it is). An import's index workers read the stored text themselves: they get the ids.
    const reindexed = written.filter((p) => !(p.primary && sameIndexedText(p.primary, p.row!)));
    const staging = sqlite ? sqliteIndexSinks.get(db.sqlite!)?.current : null;
    if (staging) staging.stage(reindexed.map((p) => ids.get(p)!));
    else {
      const index: IndexEntry[] = reindexed.map((p) => ({
        patentId: ids.get(p)!,
        fields: indexFieldsOf(p.row!, p.doc!.applicants, p.doc!.inventors),
        replace: Boolean(p.primary),
      }));
      await writeIndexes(trx, db.dialect, index, sqlite ? db.sqlite : undefined);
    }
    if (opts.inTransaction) await opts.inTransaction(trx, counts);
  }
}

// ─── reading ────────────────────────────────────────────────────────────────────────────────────────────────

export interface PatentDetail {
  id: number;
  an: string | null;
  ad: string | null;
  pn: string | null;
  pd: string | null;
  gn: string | null;
  gd: string | null;
  publications: Publication[];
  title: string;
  abstract: string;
  claims: string;
  description: string;
  applicants: string[];
  first_applicant: string;
  inventors: string[];
  address: string;
  agency: string;
  ipc: string[];
  ipc_main: string;
  type: PatentType | '';
  legal_status: LegalStatus | '';
  legal_events: LegalEvent[];
  family: FamilyMember[];
  citations: Citation[];
  drawings: string[];
  pdf: string;
  country: string;
  lang: string;
  app_year: number | null;
  is_demo: boolean;
  source: string;
  extra: Record<string, unknown>;
  term_adjustment_days: number;
  expiry_date: string | null;
  created_at: string;
  updated_at: string;
}

/** One patent with its JSON fields parsed, or null. */
export async function getPatent(db: Db, id: number): Promise<PatentDetail | null> {
  const row = await db.db.selectFrom('patents').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const extra = parseJson<Record<string, unknown>>(row.extra, {});
  for (const k of Object.keys(extra)) if (k.startsWith('_')) delete extra[k];
  return {
    id: Number(row.id),
    an: row.an,
    ad: row.ad,
    pn: row.pn,
    pd: row.pd,
    gn: row.gn,
    gd: row.gd,
    publications: parseJson<Publication[]>(row.publications, []),
    title: row.title,
    abstract: row.abstract,
    claims: row.claims,
    description: row.description,
    applicants: parseJson<string[]>(row.applicants, []),
    first_applicant: row.first_applicant,
    inventors: parseJson<string[]>(row.inventors, []),
    address: row.address,
    agency: row.agency,
    ipc: parseJson<string[]>(row.ipc, []),
    ipc_main: row.ipc_main,
    type: row.type as PatentType | '',
    legal_status: row.legal_status as LegalStatus | '',
    legal_events: parseJson<LegalEvent[]>(row.legal_events, []),
    family: parseJson<FamilyMember[]>(row.family, []),
    citations: parseJson<Citation[]>(row.citations, []),
    drawings: parseJson<string[]>(row.drawings, []),
    pdf: row.pdf,
    country: row.country,
    lang: row.lang,
    app_year: row.app_year === null ? null : Number(row.app_year),
    is_demo: Number(row.is_demo) === 1,
    source: row.source,
    extra,
    term_adjustment_days: Number(row.term_adjustment_days) || 0,
    expiry_date: row.expiry_date,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The patent an application or publication number names (CN numbers in any spelling: with or without CN, the dot,
 * the check digit or the kind code), or null.
 */
export async function findPatentIdByNumber(db: Db, anOrPn: string): Promise<number | null> {
  const input = anOrPn.trim();
  if (!input) return null;
  const { db: k } = db;
  try {
    const an = parseApplicationNumber(input);
    const row = await k.selectFrom('patents').select('id').where('an', '=', an.canonical).executeTakeFirst();
    if (row) return Number(row.id);
  } catch (err) {
    if (!(err instanceof PatentNumberError)) throw err;
  }
  let pn: string | null = null;
  try {
    pn = parsePublicationNumber(input).canonical;
  } catch (err) {
    if (!(err instanceof PatentNumberError)) throw err;
  }
  const compact = input.toUpperCase().replace(/[\s.-]/g, '');
  for (const candidate of [...new Set([pn, compact].filter((x): x is string => Boolean(x)))]) {
    const exact = await k.selectFrom('patent_pubs').select('patent_id').where('pn', '=', candidate).executeTakeFirst();
    if (exact) return Number(exact.patent_id);
    const byStem = await k
      .selectFrom('patent_pubs')
      .select('patent_id')
      .where('stem', '=', pnStem(candidate))
      .orderBy('patent_id')
      .executeTakeFirst();
    if (byStem) return Number(byStem.patent_id);
  }
  // Other offices' application numbers are stored with their country code (US09832323).
  const anRow = await k
    .selectFrom('patents')
    .select('id')
    .where('an', 'in', [compact, `US${compact}`])
    .executeTakeFirst();
  return anRow ? Number(anRow.id) : null;
}

/** The numbers a stored patent is known by: its application number and its publication-number stems. */
export async function patentNumbers(db: Db, id: number): Promise<{ an: string | null; stems: string[] }> {
  const row = await db.db.selectFrom('patents').select('an').where('id', '=', id).executeTakeFirst();
  if (!row) return { an: null, stems: [] };
  const pubs = await db.db.selectFrom('patent_pubs').select('stem').where('patent_id', '=', id).execute();
  return { an: row.an, stems: [...new Set(pubs.map((p) => p.stem))] };
}

export interface PatentSummary {
  id: number;
  an: string | null;
  pn: string | null;
  title: string;
  type: string;
  legal_status: string;
  applicants: string[];
}

/** A few fields of some patents (for links from other areas: litigation, portfolio), by id. */
export async function patentSummaries(db: Db, ids: number[]): Promise<Map<number, PatentSummary>> {
  const out = new Map<number, PatentSummary>();
  if (!ids.length) return out;
  const rows = await db.db
    .selectFrom('patents')
    .select(['id', 'an', 'pn', 'title', 'type', 'legal_status', 'applicants'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  for (const r of rows) {
    out.set(Number(r.id), {
      id: Number(r.id),
      an: r.an,
      pn: r.pn,
      title: r.title,
      type: r.type,
      legal_status: r.legal_status,
      applicants: parseJson<string[]>(r.applicants, []),
    });
  }
  return out;
}

/** How many patents are stored (demo ones included or not). */
export async function countPatents(db: Db, opts: { demo?: boolean } = {}): Promise<number> {
  let q = db.db.selectFrom('patents').select(sql<number>`count(*)`.as('n'));
  if (opts.demo !== undefined) q = q.where('is_demo', '=', opts.demo ? 1 : 0);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export type { Dialect };
