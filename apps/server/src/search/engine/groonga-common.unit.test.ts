// Groonga's common tokens (groonga.ts, ADR 0087): a common token is written as `prev<tok tok>next`, and a phrase's
// common tokens become the parts that keep its own neighbours (a lone common token the prefix `tok>*`). The rewritten
// query must match the rewritten stream exactly when the phrase occurs in the stream (PostgreSQL's `a <-> b <-> c`).
import { describe, expect, it } from 'vitest';
import { rng } from '../test-data';
import { commonStream, groongaQuery } from './groonga';

/** Whether `phrase` occurs in `stream` as consecutive tokens. */
function occurs(stream: readonly string[], phrase: readonly string[]): boolean {
  for (let i = 0; i + phrase.length <= stream.length; i++) {
    if (phrase.every((t, j) => stream[i + j] === t)) return true;
  }
  return false;
}

/** Whether a Groonga query (a phrase `"a b c"` without quotes or backslashes inside, or a prefix `a*`) matches. */
function matches(written: readonly string[], query: string): boolean {
  if (query.endsWith('*')) return written.some((t) => t.startsWith(query.slice(0, -1)));
  return occurs(written, query.slice(1, -1).split(' '));
}

describe("Groonga's common tokens", () => {
  it('writes a common token as the two parts naming its neighbours, ^ and $ at the ends', () => {
    const common = new Set(['特征']);
    expect(commonStream(['其特', '特征', '征在'], common)).toEqual(['其特', '其特<特征', '特征>征在', '征在']);
    expect(commonStream(['特征', '特征'], common)).toEqual(['^<特征', '特征>特征', '特征<特征', '特征>$']);
    expect(commonStream(['图像'], common)).toEqual(['图像']);
    expect(commonStream(['特征'], new Set())).toEqual(['特征']);
  });

  it('rewrites a phrase to the parts that keep its neighbours, a lone common token to the prefix of its second part', () => {
    const common = new Set(['特征', '模块']);
    expect(groongaQuery(['特征', '征提', '提取'], common)).toBe('"特征>征提 征提 提取"');
    expect(groongaQuery(['训练', '练模', '模块'], common)).toBe('"训练 练模 练模<模块"');
    expect(groongaQuery(['征提', '特征', '征提'], common)).toBe('"征提 征提<特征 特征>征提 征提"');
    expect(groongaQuery(['特征', '模块'], common)).toBe('"特征>模块 特征<模块"');
    expect(groongaQuery(['特征'], common)).toBe('特征>*');
    expect(groongaQuery(['图像'], common)).toBe('"图像"');
    expect(groongaQuery(['a"b'], common)).toBe('"a\\"b"');
  });

  it('finds a rewritten phrase in a rewritten stream exactly where the phrase is (random streams and phrases)', () => {
    const rand = rng(87);
    const alphabet = ['甲乙', '乙丙', '丙丁', '丁戊', '戊己', '己庚'];
    let found = 0;
    for (let round = 0; round < 400; round++) {
      const common = new Set(alphabet.filter(() => rand() < 0.4));
      const stream = Array.from({ length: 1 + Math.floor(rand() * 12) }, () => alphabet[Math.floor(rand() * alphabet.length)]);
      const written = commonStream(stream, common);
      for (let k = 0; k < 20; k++) {
        // Half the phrases cut from the stream, half made up.
        const len = 1 + Math.floor(rand() * 4);
        const at = Math.floor(rand() * stream.length);
        const phrase =
          k % 2 === 0 && at + len <= stream.length
            ? stream.slice(at, at + len)
            : Array.from({ length: len }, () => alphabet[Math.floor(rand() * alphabet.length)]);
        const query = groongaQuery(phrase, common);
        const expected = occurs(stream, phrase);
        if (expected) found++;
        expect(matches(written, query), `${stream.join(' ')} | ${phrase.join(' ')} | ${[...common].join(',')}`).toBe(expected);
      }
    }
    expect(found).toBeGreaterThan(1000);
  });
});
