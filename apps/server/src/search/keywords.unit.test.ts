import { describe, expect, it } from 'vitest';
import { extractKeywords, keywordsToExpression, parseKeywordBox } from './keywords';
import { ExpressionError, parseExpression, toExpression, type Node } from './expression';
import { hasPatentData, readPatents, rng } from './test-data';

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

// ─── the top-bar keyword box (issue 11, ADR 0034) ─────────────────────────────────────────────────────────────

const t = (value: string, extra: { phrase?: true; prefix?: true } = {}): Node => ({ type: 'term', field: 'TX', value, ...extra });
const and = (...children: Node[]): Node => ({ type: 'and', children });
const or = (...children: Node[]): Node => ({ type: 'or', children });
const not = (child: Node): Node => ({ type: 'not', child });

describe('parseKeywordBox', () => {
  it.each<[string, Node, string]>([
    ['锂电池 正极', and(t('锂电池'), t('正极')), '锂电池 AND 正极'],
    ['锂电池 OR 钠电池', or(t('锂电池'), t('钠电池')), '锂电池 OR 钠电池'],
    ['锂电池 or 钠电池', or(t('锂电池'), t('钠电池')), '锂电池 OR 钠电池'],
    ['锂电池 | 钠电池', and(t('锂电池'), t('钠电池')), '锂电池 AND 钠电池'],
    ['"neural network"', t('neural network', { phrase: true }), '"neural network"'],
    ['“神经 网络” 芯片', and(t('神经 网络', { phrase: true }), t('芯片')), '"神经 网络" AND 芯片'],
    ['gpu*', t('gpu', { prefix: true }), 'gpu*'],
    ['锂电池 -钴', and(t('锂电池'), not(t('钴'))), '锂电池 AND NOT 钴'],
    ['锂电池 NOT 钴', and(t('锂电池'), not(t('钴'))), '锂电池 AND NOT 钴'],
    ['-钴 锂电池', and(not(t('钴')), t('锂电池')), 'NOT 钴 AND 锂电池'],
    ['锂电池 -"磷酸 铁锂"', and(t('锂电池'), not(t('磷酸 铁锂', { phrase: true }))), '锂电池 AND NOT "磷酸 铁锂"'],
    ['锂电池 -(钴 OR 镍)', and(t('锂电池'), not(or(t('钴'), t('镍')))), '锂电池 AND NOT (钴 OR 镍)'],
    ['(锂电池 OR 钠电池) 正极', and(or(t('锂电池'), t('钠电池')), t('正极')), '(锂电池 OR 钠电池) AND 正极'],
    // OR binds tighter than the implicit AND, as in Google Patents; the canonical form shows the grouping.
    ['锂电池 OR 钠电池 正极', and(or(t('锂电池'), t('钠电池')), t('正极')), '(锂电池 OR 钠电池) AND 正极'],
    ['正极 锂电池 OR 钠电池', and(t('正极'), or(t('锂电池'), t('钠电池'))), '正极 AND (锂电池 OR 钠电池)'],
    ['a AND b OR c', and(t('a'), or(t('b'), t('c'))), 'a AND (b OR c)'],
    ['锂-硫 电池', and(t('锂-硫'), t('电池')), '锂-硫 AND 电池'],
    ['a - b -', and(t('a'), t('b')), 'a AND b'],
    ['【锂电池】 ，正极', and(t('锂电池'), t(',正极')), '锂电池 AND ,正极'],
    ['锂电池 ， 正极', and(t('锂电池'), t('正极')), '锂电池 AND 正极'],
    ['"or"', t('or', { phrase: true }), '"or"'],
    [
      'near field communication',
      and(t('near', { phrase: true }), t('field'), t('communication')),
      '"near" AND field AND communication',
    ],
    ['graphics NEAR/2 unit', { type: 'near', field: 'TX', left: 'graphics', right: 'unit', distance: 2 }, 'graphics NEAR/2 unit'],
  ])('%s', (box, tree, canonical) => {
    const ast = parseKeywordBox(box);
    expect(ast).toEqual(tree);
    expect(toExpression(ast)).toBe(canonical);
    expect(parseExpression(canonical)).toEqual(ast);
  });

  it('reads a word with a number as that application or publication number too', () => {
    expect(toExpression(parseKeywordBox('CN222222222U'))).toBe('cn222222222u OR PN=CN222222222U');
    expect(toExpression(parseKeywordBox('202120000002 OR 电池'))).toBe('202120000002 OR AN=CN202120000002.6 OR 电池');
    expect(toExpression(parseKeywordBox('US09832323'))).toBe('us09832323 OR AN=US09832323 OR PN=US09832323');
  });

  it('reads a pasted expression as an expression, with its own precedence', () => {
    expect(parseKeywordBox('TI=锂电池 OR TI=钠电池 AND PA=华为')).toEqual(
      parseExpression('TI=锂电池 OR (TI=钠电池 AND PA=华为)'),
    );
    expect(parseKeywordBox('名称=(锂电池 OR 钠电池) 申请日>=2020')).toEqual(
      parseExpression('名称=(锂电池 OR 钠电池) AND 申请日>=2020'),
    );
    expect(toExpression(parseKeywordBox('ti=电池 正极'))).toBe('TI=电池 AND 正极');
  });

  it.each<[string, string, number]>([
    ['(锂电池 OR 钠电池', '第 12 个字符处缺少右括号（与第 1 个字符处的左括号配对）', 12],
    ['锂电池 OR 钠电池)', '第 11 个字符处多了一个右括号', 11],
    ['锂电池 OR', '第 5 个字符处的“OR”后面缺少检索词', 5],
    ['OR 锂电池', '第 1 个字符处的“OR”前面缺少检索词', 1],
    ['锂电池 OR OR 钠电池', '第 8 个字符处的“OR”前面缺少检索词（“OR”后面紧跟了运算符）', 8],
    ['锂电池 OR ，', '第 5 个字符处的“OR”后面缺少检索词', 5],
    ['锂电池 NOT', '第 5 个字符处的“NOT”后面缺少检索词', 5],
    ['()', '第 2 个字符处的括号内缺少检索词', 2],
    ['"neural network', '第 1 个字符处的引号没有配对的右引号', 1],
    ['名称!=电池', '第 3 个字符处不支持“!=”（不等于）：排除某个检索词请用 NOT，如 NOT 名称=电池', 3],
    ['TI=', '第 4 个字符处：字段“名称”缺少检索值', 4],
    ['，。 【】', '检索词不含可检索的文字或数字', 1],
  ])('%s → %s', (box, message, position) => {
    let err: unknown;
    try {
      parseKeywordBox(box);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ExpressionError);
    expect((err as ExpressionError).message).toBe(message);
    expect((err as ExpressionError).position).toBe(position);
  });

  it('never throws anything but a Chinese ExpressionError, and what it reads prints and parses back to itself', () => {
    const alphabet = [
      '锂',
      '电池',
      'gpu',
      'a',
      '1',
      '202120000002',
      ' OR ',
      ' or ',
      ' NOT ',
      ' AND ',
      '-',
      '"',
      '“',
      '”',
      '(',
      ')',
      '*',
      '，',
      '【',
      '】',
      '=',
      'TI',
      '!',
      '|',
    ];
    const rand = rng(11);
    for (let k = 0; k < 3000; k++) {
      let s = '';
      const len = Math.floor(rand() * 12);
      for (let i = 0; i < len; i++) s += alphabet[Math.floor(rand() * alphabet.length)] + (rand() < 0.4 ? ' ' : '');
      try {
        const ast = parseKeywordBox(s);
        expect(parseExpression(toExpression(ast)), s).toEqual(ast);
      } catch (e) {
        if (!(e instanceof ExpressionError)) throw new Error(`${JSON.stringify(s)} threw ${String(e)}`);
        expect(e.message).toMatch(/[\u4e00-\u9fff]/);
        expect(e.position).toBeGreaterThanOrEqual(1);
      }
    }
  });
});
