import { describe, expect, it } from 'vitest';
import { extractKeywords, keywordsToExpression } from './keywords';
import { parseExpression } from './expression';
import { hasPatentData, readPatents } from './test-data';

const ABSTRACT =
  '本发明公开了一种锂离子电池正极材料及其制备方法，所述正极材料包括镍钴锰三元材料和包覆层，其特征在于，包覆层为磷酸铁锂。' +
  '该正极材料的包覆层能够抑制三元材料与电解液的副反应，提高锂离子电池的循环寿命和安全性能。';

describe('extractKeywords', () => {
  it('ranks the technical words of a paragraph and drops patent boilerplate', () => {
    const kws = extractKeywords(ABSTRACT, 8);
    const words = kws.map((k) => k.word);
    expect(words.length).toBe(8);
    expect(words).toEqual(expect.arrayContaining(['正极', '包覆']));
    for (const stop of ['本发明', '所述', '一种', '包括', '其特征在于', '方法']) expect(words).not.toContain(stop);
    for (let i = 1; i < kws.length; i++) expect(kws[i - 1].weight).toBeGreaterThanOrEqual(kws[i].weight);
  });

  it('handles empty and traditional input', () => {
    expect(extractKeywords('')).toEqual([]);
    expect(extractKeywords('，。')).toEqual([]);
    expect(extractKeywords('一種鋰電池正極材料，鋰電池正極', 3).map((k) => k.word)).toContain('正极');
  });

  it.skipIf(!hasPatentData())('finds the title words in real abstracts', () => {
    const records = readPatents('cn_g06f_title_abstract_cpc.jsonl', 40).filter((r) => r.abstract && r.title);
    let hits = 0;
    for (const r of records) {
      const kws = extractKeywords(r.abstract!, 10);
      expect(kws.length).toBeGreaterThan(3);
      if (kws.some((k) => r.title!.toLowerCase().includes(k.word))) hits++;
      const expr = keywordsToExpression(kws);
      expect(() => parseExpression(expr)).not.toThrow();
    }
    // The title names the invention; its words should nearly always be among the top keywords.
    expect(hits / records.length).toBeGreaterThan(0.9);
  });
});

describe('keywordsToExpression', () => {
  it('builds a ranked OR expression over 关键词', () => {
    expect(
      keywordsToExpression([
        { word: '锂电池', weight: 1 },
        { word: '正极', weight: 0.5 },
        { word: 'and', weight: 0.1 },
      ]),
    ).toBe('TX=(锂电池 OR 正极 OR "and")');
    expect(parseExpression('TX=(锂电池 OR 正极)')).toEqual({
      type: 'or',
      children: [
        { type: 'term', field: 'TX', value: '锂电池' },
        { type: 'term', field: 'TX', value: '正极' },
      ],
    });
    expect(keywordsToExpression([])).toBe('');
  });
});
