// In-memory posting sets for the most frequent two-character CJK terms in 名称/摘要/权利要求 (issue 15, ADR 0067).
//
// A two-character term is one bigram token; searched in TX (the top bar's default field) it is the FTS5 query
// `{ti ab cl} : "电池"`. FTS5 answers it by decoding the token's whole doclist with the positions of all eight
// columns: 100–200 ms at 1,000,000 patents for a bigram found in 10–60 % of them, which no cache helps the first
// time. For the few hundred bigrams that frequent, the set of patents is kept here as a bitmap (one bit per patent
// id, 125 kB per million patents) within a memory budget, so such a term costs a copy of it.
//
// Which bigrams: estimated from a sample of patents spread over the id range (their title, abstract and claims
// tokenised as the index is: indexText), those whose estimated count reaches MIN_HITS, most frequent first, as many
// as the budget holds. The sets are then read from FTS5 itself (the same query the search would run), one token at a
// time with the event loop given back in between; until a token's set is there, its searches use FTS5 as before.
// Changes reach the sets through the store's change log: each changed patent's bits are cleared and set again from
// its stored title, abstract and claims (the text the index was written from), so a set always equals what FTS5
// would answer. Only databases of at least MIN_PATENTS patents get sets: below that FTS5 is fast enough.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type Database from 'better-sqlite3';
import { Bitset } from './bitset';
import { indexText, isCjk } from '../tokenise';

export interface PostingOptions {
  /** Fewest live patents for which sets are built. */
  minPatents: number;
  /** Smallest estimated number of patents a bigram must be in to get a set. */
  minHits: number;
  /** Most bytes all sets together may take (PostgreSQL, pg-store.ts: the TX sets, and the fields' as much again). */
  budgetBytes: number;
  /** Patents tokenised to estimate the frequencies. */
  sample: number;
}

export const POSTING_DEFAULTS: PostingOptions = {
  minPatents: 200_000,
  minHits: 40_000,
  budgetBytes: 48 * 2 ** 20,
  sample: 4000,
};

/** The FTS5 query of a single-token TX term (ftsTerm's form), which is what a set answers. */
export const postingQuery = (token: string) => `{ti ab cl} : "${token}"`;
const POSTING_QUERY = /^\{ti ab cl\} : "([^"\s]+)"$/;

/** A two-character CJK token (a bigram of the main stream): what a two-character term searches for. */
export function isBigram(token: string): boolean {
  const a = token.codePointAt(0);
  if (a === undefined) return false;
  const second = a > 0xffff ? 2 : 1;
  const b = token.codePointAt(second);
  if (b === undefined || second + (b > 0xffff ? 2 : 1) !== token.length) return false;
  return isCjk(a) && isCjk(b);
}

/** The tokens a patent's 名称, 摘要 and 权利要求 are indexed with. */
export function textTokens(row: { title: string; abstract: string; claims: string }): Set<string> {
  return new Set(`${indexText(row.title)} ${indexText(row.abstract)} ${indexText(row.claims)}`.split(' '));
}

type TextRow = { id: number; title: string; abstract: string; claims: string };

export class Postings {
  private sets = new Map<string, Bitset>();
  private textStmt: Database.Statement | null = null;

  constructor(
    private raw: Database.Database,
    private opts: PostingOptions = POSTING_DEFAULTS,
  ) {}

  /** How many tokens have a set (figures, tests). */
  get size(): number {
    return this.sets.size;
  }

  /** The tokens with a set. */
  tokens(): string[] {
    return [...this.sets.keys()];
  }

  /** The patents an FTS5 query matches when it is a single-token TX term with a set (shared: do not change it). */
  lookup(query: string): Bitset | undefined {
    const m = POSTING_QUERY.exec(query);
    return m ? this.sets.get(m[1]) : undefined;
  }

  private text(id: number): TextRow | undefined {
    this.textStmt ??= this.raw.prepare('SELECT id, title, abstract, claims FROM patents WHERE id = ?');
    return this.textStmt.get(id) as TextRow | undefined;
  }

  /** The bigrams worth a set, most frequent first, as many as the budget holds, estimated from a sample of `live`. */
  chooseTokens(live: Bitset): string[] {
    const ids = live.toArray();
    if (ids.length < this.opts.minPatents) return [];
    const step = Math.max(1, Math.floor(ids.length / this.opts.sample));
    const df = new Map<string, number>();
    let sampled = 0;
    for (let i = 0; i < ids.length; i += step) {
      const row = this.text(ids[i]);
      if (!row) continue;
      sampled++;
      for (const t of textTokens(row)) if (isBigram(t)) df.set(t, (df.get(t) ?? 0) + 1);
    }
    if (!sampled) return [];
    const scale = ids.length / sampled;
    const most = Math.floor(this.opts.budgetBytes / Math.ceil(live.size / 8));
    return [...df]
      .filter(([, n]) => n * scale >= this.opts.minHits)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, most)
      .map(([t]) => t);
  }

  /**
   * Builds the sets of `tokens`, one FTS5 query each (`setOf`), giving the event loop back between tokens; a set is
   * used as soon as it is there. `stale()` stops the build (the store was replaced).
   */
  async build(tokens: readonly string[], setOf: (query: string) => Bitset, stale: () => boolean): Promise<void> {
    for (const t of tokens) {
      if (stale()) return;
      this.sets.set(t, setOf(postingQuery(t)));
      await nextTurn();
    }
  }

  /** Gives every set room for ids up to `cap` (the store's arrays grew), with `regrow` copying a set into a larger one. */
  resize(cap: number, regrow: (b: Bitset) => Bitset): void {
    for (const [t, b] of this.sets) if (b.size < cap) this.sets.set(t, regrow(b));
  }

  /** Brings the sets up to date for changed patents (deleted ones included), from their stored text. */
  patch(ids: readonly number[], isLive: (id: number) => boolean): void {
    if (!this.sets.size) return;
    for (const id of ids) {
      for (const s of this.sets.values()) if (id < s.size) s.words[id >>> 5] &= ~(1 << (id & 31));
      if (!isLive(id)) continue;
      const row = this.text(id);
      if (!row) continue;
      for (const t of textTokens(row)) {
        const s = this.sets.get(t);
        if (s && id < s.size) s.add(id);
      }
    }
  }
}
