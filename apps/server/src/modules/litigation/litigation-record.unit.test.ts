// The case format's rules (docs/litigation-format.md), the marking of matched text and the .docx writer, as tables.
import { describe, expect, it } from 'vitest';
import { normaliseCaseNo } from '@ip/contract';
import { applicationCheckDigit } from '../../search/patent-number';
import { buildDocx, readDocxParagraphs } from './judgment-docx';
import { readPatentNumber, validateCase } from './litigation-record';
import { judgmentTitle, markAll, snippet } from './litigation.service';

const BASE = {
  case_no: '（2023）浙01民初1234号',
  court: '浙江省杭州市中级人民法院',
  cause: '侵害发明专利权纠纷',
  trial_level: '一审',
  status: '已判决',
  filing_date: '2023-03-15',
  judgment_date: '2023-11-20',
  parties: [
    { role: '原告', name: '示例科技有限公司' },
    { role: '被告', name: '恒远电子有限公司' },
  ],
};
const AN = `CN202310605823.${applicationCheckDigit('202310605823')}`;

describe('validateCase', () => {
  it('accepts a well-formed case and canonicalises its number, dates, party keys and patent numbers', () => {
    const v = validateCase(
      { ...BASE, case_no: '(2023) 浙01民初1234号', filing_date: '20230315', patents: ['202310605823', 'cn 116595400 a'] },
      1,
    );
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.record).toMatchObject({ case_no: '（2023）浙01民初1234号', filing_date: '2023-03-15', filing_year: 2023 });
    expect(v.record.patents).toEqual([
      { number: '202310605823', an: AN, pn: null, pn_stem: null },
      { number: 'cn 116595400 a', an: null, pn: 'CN116595400A', pn_stem: 'CN116595400' },
    ]);
    expect(v.record.parties[0]).toEqual({ role: '原告', name: '示例科技有限公司', name_key: '示例科技有限公司' });
  });

  it.each([
    ['not an object', [1], '每行应为一个 JSON 对象'],
    ['case number missing', { ...BASE, case_no: undefined }, '缺少案号（case_no）'],
    ['case number shape', { ...BASE, case_no: '浙01民初1234' }, '案号（case_no）格式不对'],
    ['court', { ...BASE, court: '杭州' }, '法院（court）应为法院全称'],
    ['cause type', { ...BASE, cause: 12 }, '案由（cause）应为文本'],
    ['trial level', { ...BASE, trial_level: '三审' }, '审级（trial_level）应为 一审、二审、再审 之一'],
    ['status', { ...BASE, status: '结案' }, '案件状态（status）应为'],
    ['judged without a date', { ...BASE, judgment_date: null }, '缺少裁判日期（judgment_date）'],
    ['pending with a date', { ...BASE, status: '审理中' }, '审理中的案件不应有裁判日期'],
    ['judged before filed', { ...BASE, judgment_date: '2023-01-01' }, '裁判日期 2023-01-01 早于立案日期 2023-03-15'],
    ['no parties', { ...BASE, parties: [] }, '至少要有一个原告'],
    ['parties not a list', { ...BASE, parties: '甲诉乙' }, '当事人（parties）应为数组'],
    ['one side only', { ...BASE, parties: [{ role: '原告', name: '甲' }] }, '至少要有一个被告'],
    ['party role', { ...BASE, parties: [{ role: '律师', name: '甲' }] }, '诉讼地位（role）应为'],
    ['party twice', { ...BASE, parties: [...BASE.parties, { role: '原告', name: '示例科技 有限公司' }] }, '重复'],
    ['NUL in a name', { ...BASE, parties: [{ role: '原告', name: 'a\u0000' }, BASE.parties[1]] }, '空字符'],
    ['wrong check digit', { ...BASE, patents: ['CN202310605823.0'] }, '校验位错误'],
    ['not a number', { ...BASE, patents: ['锂电池'] }, '既不是申请号也不是公开号'],
    ['foreign number', { ...BASE, patents: ['US9832323B2'] }, '只收录中国专利'],
    ['documents', { ...BASE, documents: [{ kind: '判决书' }] }, '缺少第 1 份诉讼文书的标题（title）'],
    ['long text', { ...BASE, summary: 'x'.repeat(5001) }, '案情摘要（summary）不能超过 5,000 个字'],
  ])('rejects %s', (_what, raw, reason) => {
    const v = validateCase(raw, 7);
    expect(v.ok).toBe(false);
    if (!v.ok) {
      expect(v.line).toBe(7);
      expect(v.reason).toContain(reason);
    }
  });

  it('gives the same hash to the same case in another spelling, and another hash to other content', () => {
    const a = validateCase(BASE, 1);
    const b = validateCase({ ...BASE, case_no: '（2023）浙01民初 1234号' }, 1);
    const c = validateCase({ ...BASE, summary: '新增摘要' }, 1);
    if (!a.ok || !b.ok || !c.ok) throw new Error('rejected');
    expect(a.record.content_hash).toBe(b.record.content_hash);
    expect(a.record.content_hash).not.toBe(c.record.content_hash);
  });
});

describe('case numbers and patent numbers', () => {
  it.each([
    ['（2023）浙01民初1234号', '（2023）浙01民初1234号'],
    ['(2023)浙01民初1234号', '（2023）浙01民初1234号'],
    ['〔２０２３〕浙01民初 1234 号', '（2023）浙01民初1234号'],
    ['[2021]最高法知民终9号', '（2021）最高法知民终9号'],
  ])('normaliseCaseNo(%s)', (input, want) => expect(normaliseCaseNo(input)).toBe(want));

  it('reads application and publication numbers in any spelling', () => {
    expect(readPatentNumber('ZL 2023 1060 5823').an).toBe(AN);
    expect(readPatentNumber('CN116595400B').pn_stem).toBe('CN116595400');
    expect(() => readPatentNumber('2023106058230')).toThrow(/校验位错误/);
  });
});

describe('marking matched text', () => {
  it('escapes everything and marks each literal, case-insensitive occurrence', () => {
    expect(markAll('A<b>型号HY_200与hy_200', 'hy_200')).toBe('A&lt;b&gt;型号<em>HY_200</em>与<em>hy_200</em>');
    expect(markAll('100%合格', '%')).toBe('100<em>%</em>合格');
    expect(markAll('没有', '有无')).toBe('没有');
  });

  it('cuts a passage around the first match', () => {
    const text = `${'甲'.repeat(100)}侵权成立${'乙'.repeat(200)}`;
    const s = snippet(text, '侵权成立', 10);
    expect(s).toBe(`…${'甲'.repeat(10)}<em>侵权成立</em>${'乙'.repeat(20)}…`);
    expect(snippet(text, '不存在')).toBe('');
  });

  it('names the judgment by branch and outcome', () => {
    expect(judgmentTitle({ cause: '侵害发明专利权纠纷', status: '已判决' })).toBe('民事判决书');
    expect(judgmentTitle({ cause: '专利权无效宣告请求行政纠纷', status: '已判决' })).toBe('行政判决书');
    expect(judgmentTitle({ cause: '侵害实用新型专利权纠纷', status: '已调解' })).toBe('民事调解书');
    expect(judgmentTitle({ cause: '专利实施许可合同纠纷', status: '已撤诉' })).toBe('民事裁定书');
  });
});

describe('the .docx writer', () => {
  it('writes a ZIP with the three parts of a Word document, paragraphs in order, XML escaped', () => {
    const file = buildDocx([
      { text: '民事判决书', align: 'center', bold: true },
      { text: 'A&B <c> "d"\u0001', indent: true },
      { text: '' },
    ]);
    expect(file.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const names = [...file.toString('latin1').matchAll(/(\[Content_Types\]\.xml|_rels\/\.rels|word\/document\.xml)/g)].map(
      (m) => m[1],
    );
    expect(new Set(names)).toEqual(new Set(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']));
    expect(readDocxParagraphs(file)).toEqual(['民事判决书', 'A&B <c> "d"', '']);
  });
});
