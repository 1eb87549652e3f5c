import { describe, expect, it } from 'vitest';
import { normalise } from './normalise';
import { GAP_TOKEN, indexStreams, indexTokens, queryTokens, segment, VALUE_GAP } from './tokenise';
import type { TermMatch } from './tokenise';
import { hasPatentData, readPatents, rng } from './test-data';
import { referenceMatch } from '../modules/search/testing';

/** A tiny positional index, doing what FTS5/PostgreSQL do with the token strings: phrase = consecutive. */
class MemoryIndex {
  private postings = new Map<string, [number, number][]>();
  private streams: string[][] = [];

  add(text: string | string[]): void {
    const doc = this.streams.length;
    const tokens = indexTokens(text);
    this.streams.push(tokens);
    tokens.forEach((t, pos) => {
      let list = this.postings.get(t);
      if (!list) this.postings.set(t, (list = []));
      list.push([doc, pos]);
    });
  }

  search(m: TermMatch): Set<number> {
    const hits = new Set<number>();
    if (m.kind === 'empty') return hits;
    if (m.kind === 'unigram') {
      for (const [doc] of this.postings.get(m.token) ?? []) hits.add(doc);
      return hits;
    }
    const { tokens, prefix } = m;
    const last = tokens.length - 1;
    const eq = (j: number, t: string | undefined) =>
      t !== undefined && (prefix && j === last ? t.startsWith(tokens[j]) : t === tokens[j]);
    // Candidates from the first token (all tokens starting with it when the phrase is one prefix token).
    const firsts: [number, number][] =
      prefix && last === 0
        ? [...this.postings.entries()].filter(([t]) => t.startsWith(tokens[0])).flatMap(([, l]) => l)
        : (this.postings.get(tokens[0]) ?? []);
    for (const [doc, pos] of firsts) {
      if (hits.has(doc)) continue;
      const s = this.streams[doc];
      let ok = true;
      for (let j = 1; j <= last && ok; j++) ok = eq(j, s[pos + j]);
      if (ok) hits.add(doc);
    }
    return hits;
  }
}

// The specification, written independently of the token streams: referenceMatch (modules/search/testing.ts).

function bruteForce(normDocs: string[], term: string, prefix = false): Set<number> {
  const out = new Set<number>();
  normDocs.forEach((d, i) => {
    if (referenceMatch(d, term, prefix)) out.add(i);
  });
  return out;
}

describe('indexStreams / indexTokens', () => {
  it('emits one token per unit: the bigram each CJK character starts, the end anchor, words as they are, then the unigrams', () => {
    expect(indexStreams('用4G/5G通信模块')).toEqual({
      main: ['用e', '4g', '5g', '通信', '信模', '模块', '块e'],
      unigrams: ['·用', '·通', '·信', '·模', '·块'],
    });
    expect(indexTokens('锂电池')).toEqual(['锂电', '电池', '池e', '·锂', '·电', '·池']);
    expect(indexTokens('H01M 10/0525, LiFePO4')).toEqual(['h01m', '10', '0525', 'lifepo4']);
    expect(indexTokens('')).toEqual([]);
    expect(indexTokens('，。！')).toEqual([]);
  });

  it('normalises first (full-width, traditional, case)', () => {
    expect(indexTokens('鋰電ＡＢ')).toEqual(indexTokens('锂电ab'));
  });

  it('indexes each value of a list on its own, with VALUE_GAP gap tokens between two values', () => {
    const { main, unigrams } = indexStreams(['Magnus Ekman', '', 'James van Zoeren', '王伟']);
    const gap = Array.from({ length: VALUE_GAP }, () => GAP_TOKEN);
    expect(main).toEqual(['magnus', 'ekman', ...gap, 'james', 'van', 'zoeren', ...gap, '王伟', '伟e']);
    expect(unigrams).toEqual(['·王', '·伟']);
    const idx = new MemoryIndex();
    idx.add(['Magnus Ekman', 'James van Zoeren']);
    idx.add(['James Ekman']);
    expect([...idx.search(queryTokens('ekman james'))]).toEqual([]);
    expect([...idx.search(queryTokens('magnus ekman'))]).toEqual([0]);
    expect([...idx.search(queryTokens('james ekman'))]).toEqual([1]);
  });

  it('produces only space-free tokens of letters and digits (unigrams behind the unigram mark)', () => {
    for (const t of indexTokens('一种“锂-电池”(LiFePO₄) α-烯烃；5G网络, e.g. 3.5V')) {
      expect(t).toMatch(/^·?[\p{L}\p{N}\p{M}]+$/u);
    }
  });
});

describe('queryTokens', () => {
  it.each<[string, TermMatch]>([
    ['锂', { kind: 'unigram', token: '·锂', char: '锂' }],
    ['锂电', { kind: 'phrase', tokens: ['锂电'] }],
    ['锂电池', { kind: 'phrase', tokens: ['锂电', '电池'] }],
    ['鋰電池', { kind: 'phrase', tokens: ['锂电', '电池'] }],
    ['Battery', { kind: 'phrase', tokens: ['battery'] }],
    ['4G通信', { kind: 'phrase', tokens: ['4g', '通信'] }],
    ['通信4G', { kind: 'phrase', tokens: ['通信', '信e', '4g'] }],
    ['4g通5g', { kind: 'phrase', tokens: ['4g', '通e', '5g'] }],
    ['锂电 池', { kind: 'phrase', tokens: ['锂电', '电e', '池'], prefix: true }],
    ['4g通', { kind: 'phrase', tokens: ['4g', '通'], prefix: true }],
    ['lithium ion battery', { kind: 'phrase', tokens: ['lithium', 'ion', 'battery'] }],
    ['，。', { kind: 'empty' }],
  ])('%j', (term, expected) => {
    expect(queryTokens(term)).toEqual(expected);
  });

  it('marks a prefix only when the term ends with a word', () => {
    expect(queryTokens('batter', { prefix: true })).toEqual({ kind: 'phrase', tokens: ['batter'], prefix: true });
    expect(queryTokens('锂电', { prefix: true })).toEqual({ kind: 'phrase', tokens: ['锂电'] });
  });

  it('never lets a phrase cross a gap between CJK runs', () => {
    const idx = new MemoryIndex();
    const docs = ['锂电 池', '锂电，池', '锂电 电池', '锂电(1)电池', '锂电池', '电池锂电'];
    docs.forEach((d) => idx.add(d));
    expect([...idx.search(queryTokens('锂电池'))]).toEqual([4]);
    expect([...idx.search(queryTokens('锂电 池'))].sort()).toEqual([0, 1]);
    expect([...idx.search(queryTokens('池锂'))]).toEqual([5]);
    expect([...idx.search(queryTokens('电电'))]).toEqual([]);
    // A word between the runs ("(1)") is a token, so the segments are not adjacent there.
    expect([...idx.search(queryTokens('电 电'))].sort()).toEqual([2]);
    expect([...idx.search(queryTokens('电池锂'))]).toEqual([5]);
  });

  it('matches mixed terms with whole Latin words', () => {
    const idx = new MemoryIndex();
    const docs = ['CPU模块、4G/5G通信模块', '4G通信', '14G通信', '4Gx通信', '4G 通信模块', '5G通信'];
    docs.forEach((d) => idx.add(d));
    expect([...idx.search(queryTokens('4G通信'))].sort()).toEqual([1, 4]);
    expect([...idx.search(queryTokens('5G通信'))].sort()).toEqual([0, 5]);
  });
});

describe.skipIf(!hasPatentData())('substring property on real titles', () => {
  const records = [...readPatents('cn_title_ipc_subclass.jsonl', 3000), ...readPatents('cn_g06f_title_abstract_cpc.jsonl', 2000)];
  const titles = records.map((r) => r.title ?? '').filter(Boolean);
  const normTitles = titles.map(normalise);
  const index = new MemoryIndex();
  titles.forEach((t) => index.add(t));

  // Terms: random CJK substrings (1–6 characters) of titles, plus joins of two runs' edges that rarely
  // occur, plus substrings of titles from a third file (mostly absent here).
  const rand = rng(20240521);
  const cjkRuns = normTitles.flatMap((t) =>
    segment(t)
      .filter((s) => s.kind === 'cjk')
      .map((s) => s.text),
  );
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const terms = new Set<string>();
  while (terms.size < 260) {
    const run = Array.from(pick(cjkRuns));
    const len = 1 + Math.floor(rand() * Math.min(6, run.length));
    const at = Math.floor(rand() * (run.length - len + 1));
    terms.add(run.slice(at, at + len).join(''));
  }
  for (let k = 0; k < 40; k++) {
    const a = Array.from(pick(cjkRuns));
    const b = Array.from(pick(cjkRuns));
    terms.add(a.slice(-2).join('') + b.slice(0, 2).join(''));
  }
  const others = readPatents('cn_cnki_refs_title_inventors.jsonl', 400);
  for (const r of others.slice(0, 60)) {
    const run = Array.from(pick(segment(normalise(r.title ?? '锂电池')).filter((s) => s.kind === 'cjk')).text);
    terms.add(run.slice(0, Math.min(4, run.length)).join(''));
  }

  it(`uses ${terms.size} CJK terms over ${titles.length} titles`, () => {
    expect(terms.size).toBeGreaterThanOrEqual(300);
    expect(titles.length).toBeGreaterThanOrEqual(4000);
  });

  it('phrase over the token streams = substring scan of the normalised titles, for every term', () => {
    let nonEmpty = 0;
    for (const term of terms) {
      const expected = new Set<number>();
      normTitles.forEach((t, i) => {
        if (t.includes(term)) expected.add(i);
      });
      const got = index.search(queryTokens(term));
      if (expected.size) nonEmpty++;
      expect({ term, hits: [...got].sort((a, b) => a - b) }).toEqual({ term, hits: [...expected].sort((a, b) => a - b) });
    }
    expect(nonEmpty).toBeGreaterThan(250);
  });

  it('mixed Latin/CJK terms and terms with punctuation follow the segment specification', () => {
    // Titles and abstracts with Latin letters, and random substrings of them that contain a non-CJK char.
    const docs = readPatents('cn_g06f_title_abstract_cpc.jsonl', 1500)
      .flatMap((r) => [r.title ?? '', (r.abstract ?? '').slice(0, 300)])
      .filter((t) => /[A-Za-z0-9]/.test(t));
    const norm = docs.map(normalise);
    const idx = new MemoryIndex();
    docs.forEach((d) => idx.add(d));
    const mixed = new Set<string>();
    const r2 = rng(99);
    while (mixed.size < 150) {
      const d = norm[Math.floor(r2() * norm.length)];
      const len = 2 + Math.floor(r2() * 7);
      const at = Math.floor(r2() * Math.max(1, d.length - len));
      const s = d.slice(at, at + len);
      if (/[^\p{Script=Han}]/u.test(s) && /\p{Script=Han}/u.test(s) && !/[\udc00-\udfff]/.test(s[0])) mixed.add(s);
    }
    let nonEmpty = 0;
    for (const term of [...mixed, '4g通信', 'lstm的', '基于lstm', 'cpu模块']) {
      const m = queryTokens(term);
      const got = [...idx.search(m)].sort((a, b) => a - b);
      const expected = [...bruteForce(norm, term)].sort((a, b) => a - b);
      if (expected.length) nonEmpty++;
      expect({ term, got }).toEqual({ term, got: expected });
    }
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('prefix terms match whole-word prefixes', () => {
    const docs = readPatents('cn_g06f_title_abstract_cpc.jsonl', 1500).map((r) => r.abstract ?? '');
    const norm = docs.map(normalise);
    const idx = new MemoryIndex();
    docs.forEach((d) => idx.add(d));
    for (const p of ['lst', 'cp', 'bert', 'sq', 'h', 'trans']) {
      const got = [...idx.search(queryTokens(p, { prefix: true }))].sort((a, b) => a - b);
      const expected = [...bruteForce(norm, p, true)].sort((a, b) => a - b);
      expect({ p, got }).toEqual({ p, got: expected });
    }
  });
});
