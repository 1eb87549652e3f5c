import { describe, expect, it } from 'vitest';
import { ExpressionError, FIELDS, formToAst, formToExpression, parseEspacenet, parseExpression, toExpression } from './index';
import type { Node } from './index';
import type { TextField } from './fields';
import { rng } from '../test-data';

const t = (value: string, field: TextField = 'TX', extra: { phrase?: true; prefix?: true } = {}): Node => ({
  type: 'term',
  field,
  value,
  ...extra,
});
const and = (...children: Node[]): Node => ({ type: 'and', children });
const or = (...children: Node[]): Node => ({ type: 'or', children });
const not = (child: Node): Node => ({ type: 'not', child });

const VALID: [string, Node][] = [
  // operators, precedence, implicit AND
  ['锂电池', t('锂电池')],
  ['锂电池 正极', and(t('锂电池'), t('正极'))],
  ['锂电池 AND 正极', and(t('锂电池'), t('正极'))],
  ['锂电池 and 正极', and(t('锂电池'), t('正极'))],
  ['锂电池 与 正极', and(t('锂电池'), t('正极'))],
  ['锂电池 && 正极', and(t('锂电池'), t('正极'))],
  ['锂电池 OR 钠电池', or(t('锂电池'), t('钠电池'))],
  ['锂电池 或 钠电池', or(t('锂电池'), t('钠电池'))],
  ['锂电池||钠电池', or(t('锂电池'), t('钠电池'))],
  ['锂电池 NOT 钴', and(t('锂电池'), not(t('钴')))],
  ['锂电池 非 钴', and(t('锂电池'), not(t('钴')))],
  ['NOT 钴', not(t('钴'))],
  ['!钴', not(t('钴'))],
  ['a OR b AND c', or(t('a'), and(t('b'), t('c')))],
  ['a AND b OR c AND d', or(and(t('a'), t('b')), and(t('c'), t('d')))],
  ['(a OR b) AND c', and(or(t('a'), t('b')), t('c'))],
  ['a NOT b OR c', or(and(t('a'), not(t('b'))), t('c'))],
  ['NOT a AND b', and(not(t('a')), t('b'))],
  ['NOT NOT a', not(not(t('a')))],
  ['a OR (b OR c)', or(t('a'), t('b'), t('c'))],
  ['((锂电池))', t('锂电池')],
  ['a AND NOT (b OR c)', and(t('a'), not(or(t('b'), t('c'))))],
  // fields: Chinese names, codes in any case, aliases, groups
  ['名称=锂电池', t('锂电池', 'TI')],
  ['TI=锂电池', t('锂电池', 'TI')],
  ['ti=锂电池', t('锂电池', 'TI')],
  ['标题 = 锂电池', t('锂电池', 'TI')],
  ['名称=(锂电池 OR 钠电池)', or(t('锂电池', 'TI'), t('钠电池', 'TI'))],
  [
    '名称=(锂电池 AND 正极) AND 申请日>=2020-01-01 NOT 法律状态=(无权)',
    and(
      t('锂电池', 'TI'),
      t('正极', 'TI'),
      { type: 'date', field: 'AD', op: '>=', from: '2020-01-01' },
      not({ type: 'enum', field: 'LS', values: ['无权'] }),
    ),
  ],
  ['名称＝（锂电池　ＡＮＤ　正极）', and(t('锂电池', 'TI'), t('正极', 'TI'))],
  ['名称=鋰電池', t('锂电池', 'TI')],
  ['TI=(锂电池 AND PA=比亚迪)', and(t('锂电池', 'TI'), t('比亚迪', 'PA'))],
  ['PA=比亚迪 AND IN=王传福', and(t('比亚迪', 'PA'), t('王传福', 'IN'))],
  ['申请人=华为 地址=深圳 代理机构=专利事务所', and(t('华为', 'PA'), t('深圳', 'ADDR'), t('专利事务所', 'AG'))],
  ['权利要求=正极 AND 说明书=负极 AND 摘要=隔膜', and(t('正极', 'CL'), t('负极', 'DE'), t('隔膜', 'AB'))],
  ['关键词=锂电池', t('锂电池')],
  ['TX=(锂电池 OR 正极)', or(t('锂电池'), t('正极'))],
  // phrases, prefixes, mixed terms
  ['"lithium ion battery"', t('lithium ion battery', 'TX', { phrase: true })],
  ['“锂 电池”', t('锂 电池', 'TX', { phrase: true })],
  ['TI="Lithium-Ion"', t('lithium-ion', 'TI', { phrase: true })],
  ['"say \\"hi\\""', t('say "hi"', 'TX', { phrase: true })],
  ['batter*', t('batter', 'TX', { prefix: true })],
  ['锂电*', t('锂电')],
  ['4G通信', t('4g通信')],
  ['G06F', t('g06f')],
  // NEAR
  ['battery NEAR/5 electrode', { type: 'near', field: 'TX', left: 'battery', right: 'electrode', distance: 5 }],
  ['名称=(锂电池 NEAR/3 正极)', { type: 'near', field: 'TI', left: '锂电池', right: '正极', distance: 3 }],
  ['AB=锂电池 near 正极', { type: 'near', field: 'AB', left: '锂电池', right: '正极', distance: 10 }],
  ['"solid state" NEAR/2 电解质', { type: 'near', field: 'TX', left: 'solid state', right: '电解质', distance: 2 }],
  // dates
  ['AD=2020', { type: 'date', field: 'AD', op: '=', from: '2020-01-01', to: '2020-12-31' }],
  ['AD=2020-05', { type: 'date', field: 'AD', op: '=', from: '2020-05-01', to: '2020-05-31' }],
  ['AD=2020-02', { type: 'date', field: 'AD', op: '=', from: '2020-02-01', to: '2020-02-29' }],
  ['AD=20200501', { type: 'date', field: 'AD', op: '=', from: '2020-05-01', to: '2020-05-01' }],
  ['AD=2020.05.01', { type: 'date', field: 'AD', op: '=', from: '2020-05-01', to: '2020-05-01' }],
  ['AD>=2020-05', { type: 'date', field: 'AD', op: '>=', from: '2020-05-01' }],
  ['AD>2020', { type: 'date', field: 'AD', op: '>=', from: '2021-01-01' }],
  ['AD<2020-05-01', { type: 'date', field: 'AD', op: '<=', to: '2020-04-30' }],
  ['AD<=2020-05', { type: 'date', field: 'AD', op: '<=', to: '2020-05-31' }],
  ['AD=[2020-01-01 TO 2020-06-30]', { type: 'date', field: 'AD', op: '=', from: '2020-01-01', to: '2020-06-30' }],
  ['申请日=[2019 至 2020]', { type: 'date', field: 'AD', op: '=', from: '2019-01-01', to: '2020-12-31' }],
  ['公开日=【2019至2020-06】', { type: 'date', field: 'PD', op: '=', from: '2019-01-01', to: '2020-06-30' }],
  ['AD=[2020-01-01 to *]', { type: 'date', field: 'AD', op: '>=', from: '2020-01-01' }],
  ['授权日=2021年3月', { type: 'date', field: 'GD', op: '=', from: '2021-03-01', to: '2021-03-31' }],
  [
    'AD=(2020 OR 2022)',
    or(
      { type: 'date', field: 'AD', op: '=', from: '2020-01-01', to: '2020-12-31' },
      { type: 'date', field: 'AD', op: '=', from: '2022-01-01', to: '2022-12-31' },
    ),
  ],
  // codes
  ['IPC=H01M', { type: 'code', field: 'IPC', value: 'H01M' }],
  ['IPC=h01m 10/0525', { type: 'code', field: 'IPC', value: 'H01M10/0525' }],
  ['IPC分类号=H01M10', { type: 'code', field: 'IPC', value: 'H01M10/' }],
  ['主分类号=G06F16/35', { type: 'code', field: 'MIPC', value: 'G06F16/35' }],
  ['IPC=(H01M OR H01G)', or({ type: 'code', field: 'IPC', value: 'H01M' }, { type: 'code', field: 'IPC', value: 'H01G' })],
  ['AN=202223220665', { type: 'code', field: 'AN', value: 'CN202223220665.2' }],
  ['申请号="CN 2022 2322 0665.2"', { type: 'code', field: 'AN', value: 'CN202223220665.2' }],
  ['PN=cn108472367a', { type: 'code', field: 'PN', value: 'CN108472367A' }],
  ['公开号=CN218751475', { type: 'code', field: 'PN', value: 'CN218751475' }],
  // enums
  ['TYPE=发明', { type: 'enum', field: 'TYPE', values: ['发明'] }],
  ['TYPE=(I OR U)', { type: 'enum', field: 'TYPE', values: ['发明', '实用新型'] }],
  ['专利类型=D', { type: 'enum', field: 'TYPE', values: ['外观设计'] }],
  ['LS=有权', { type: 'enum', field: 'LS', values: ['有权'] }],
  ['法律状态=(审中 OR 有权)', { type: 'enum', field: 'LS', values: ['审中', '有权'] }],
];

const INVALID: [string, string, number][] = [
  ['', '请输入检索式', 1],
  ['   ', '请输入检索式', 1],
  ['名称=(锂电池 AND 正极', '第 15 个字符处缺少右括号（与第 4 个字符处的左括号配对）', 15],
  ['(a', '第 3 个字符处缺少右括号（与第 1 个字符处的左括号配对）', 3],
  ['XX=锂电池', '第 1 个字符处无法识别的字段“XX”', 1],
  ['锂电 AND 名字=x', '第 8 个字符处无法识别的字段“名字”', 8],
  ['锂电池 AND', '第 5 个字符处的“AND”后面缺少检索词', 5],
  ['AND 锂电池', '第 1 个字符处的“AND”前面缺少检索词', 1],
  ['a OR OR b', '第 6 个字符处的“OR”前面缺少检索词（“OR”后面紧跟了运算符）', 6],
  ['NOT', '第 1 个字符处的“NOT”后面缺少检索词', 1],
  ['a AND )', '第 3 个字符处的“AND”后面缺少检索词', 3],
  ['"锂电池', '第 1 个字符处的引号没有配对的右引号', 1],
  ['名称=“锂电池', '第 4 个字符处的引号没有配对的右引号', 4],
  ['锂电池”', '第 4 个字符处的右引号前面缺少左引号', 4],
  ['()', '第 2 个字符处的括号内缺少检索词', 2],
  ['a)', '第 2 个字符处多了一个右括号', 2],
  ['名称>=锂电池', '第 3 个字符处：字段“名称”不能用“>=”比较，只能用“=”（排除请用 NOT）', 3],
  ['名称=', '第 4 个字符处：字段“名称”缺少检索值', 4],
  ['= 锂电池', '第 1 个字符处的“=”前面缺少字段名', 1],
  ['AD=2020-13-01', '第 4 个字符处的日期“2020-13-01”无效，可写作 2020、2020-05、2020-05-01 或 20200501', 4],
  ['AD=2021-02-29', '第 4 个字符处的日期“2021-02-29”无效，可写作 2020、2020-05、2020-05-01 或 20200501', 4],
  ['申请日>=去年', '第 6 个字符处的日期“去年”无效，可写作 2020、2020-05、2020-05-01 或 20200501', 6],
  ['AD=[2021 TO 2020]', '第 5 个字符处的日期范围起点晚于终点', 5],
  ['AD=[2020 2021]', '第 4 个字符处的日期范围格式不对，应写作 [2020-01-01 TO 2020-12-31]', 4],
  ['AD=[2020 TO 2021', '第 17 个字符处缺少右方括号（与第 4 个字符处的“[”配对）', 17],
  ['AD=[* TO *]', '第 5 个字符处的日期范围至少要写一端', 5],
  ['AD>=[2020 TO 2021]', '第 3 个字符处：日期范围前只能用“=”', 3],
  ['名称=[a TO b]', '第 4 个字符处：只有日期字段可以用 [ TO ] 范围', 4],
  ['[2020 TO 2021]', '第 1 个字符处的方括号只能用于日期范围，如 申请日=[2020-01-01 TO 2020-12-31]', 1],
  ['AN=CN202223220665.3', '第 4 个字符处：申请号“CN202223220665.3”的校验位错误：应为 2，不是 3', 4],
  ['申请号=2022', '第 5 个字符处：申请号格式不对，应为 12 位数字加校验位，如 CN202223220665.2（收到“2022”）', 5],
  ['PN=CN108472367X', '第 4 个字符处：公开号“CN108472367X”的文献类型代码“X”无法识别，应为 A、B、C、U、Y、S 或 D', 4],
  ['TYPE=专利', '第 6 个字符处：专利类型“专利”无效，可选 发明、实用新型、外观设计', 6],
  ['LS=失败', '第 4 个字符处：法律状态“失败”无效，可选 审中、有权、无权', 4],
  ['IPC=X99', '第 5 个字符处的分类号“X99”格式不对，应如 H01M 或 H01M10/0525', 5],
  ['bat*ery', '第 1 个字符处：通配符 * 只能放在英文单词末尾，如 batter*', 1],
  ['*', '第 1 个字符处：通配符 * 只能放在英文单词末尾，如 batter*', 1],
  ['a NEAR/5 (b)', '第 3 个字符处的 NEAR 两侧都必须是单个检索词', 3],
  ['(a OR b) NEAR/5 c', '第 10 个字符处的 NEAR 两侧都必须是单个检索词', 10],
  ['NEAR/5 c', '第 1 个字符处的“NEAR/5”前面缺少检索词', 1],
  ['a NEAR/500 b', '第 3 个字符处的 NEAR 距离应在 1 到 100 之间', 3],
  ['a NEAR/3 b NEAR/3 c', '第 12 个字符处：NEAR 不能连用，请用 AND 连接两个 NEAR', 12],
  ['batter* NEAR/3 cell', '第 9 个字符处的 NEAR 两侧不能使用通配符 *', 9],
  ['a <> b', '第 3 个字符处不支持“<>”（不等于）：排除某个检索词请用 NOT，如 NOT 名称=电池', 3],
  ['a != b', '第 3 个字符处不支持“!=”（不等于）：排除某个检索词请用 NOT，如 NOT 名称=电池', 3],
  // Not-equal written against the field name (issue 11): the operator is named, not an unknown field “名称!”.
  ['名称!=电池', '第 3 个字符处不支持“!=”（不等于）：排除某个检索词请用 NOT，如 NOT 名称=电池', 3],
  ['锂电池 AND TI!=钴', '第 11 个字符处不支持“!=”（不等于）：排除某个检索词请用 NOT，如 NOT TI=钴', 11],
  ['名称！＝电池', '第 3 个字符处不支持“!=”（不等于）：排除某个检索词请用 NOT，如 NOT 名称=电池', 3],
  ['名称<>电池', '第 3 个字符处不支持“<>”（不等于）：排除某个检索词请用 NOT，如 NOT 名称=电池', 3],
  ['申请人≠华为', '第 4 个字符处不支持“≠”（不等于）：排除某个检索词请用 NOT，如 NOT 申请人=华为', 4],
  ['，，', '第 1 个字符处的检索词“，，”不含可检索的文字或数字', 1],
  ['""', '第 1 个字符处的引号内缺少检索词', 1],
  ['𠀀 AND', '第 3 个字符处的“AND”后面缺少检索词', 3],
  ['名称=(锂电池 OR 钠电池))', '第 16 个字符处多了一个右括号', 16],
  ['('.repeat(100) + 'a' + ')'.repeat(100), '第 65 个字符处括号或 NOT 嵌套过深（最多 64 层）', 65],
  ['a'.repeat(5001), '检索式过长，最多 5000 个字符', 5001],
];

function parseError(input: string): ExpressionError {
  try {
    parseExpression(input);
  } catch (e) {
    if (e instanceof ExpressionError) return e;
    throw e;
  }
  throw new Error(`expected an ExpressionError for ${JSON.stringify(input)}`);
}

describe('parseExpression: valid expressions', () => {
  it(`has a table of at least 60 valid and 40 invalid cases (${VALID.length} + ${INVALID.length})`, () => {
    expect(VALID.length).toBeGreaterThanOrEqual(60);
    expect(INVALID.length).toBeGreaterThanOrEqual(40);
  });

  it.each(VALID)('%s', (input, ast) => {
    expect(parseExpression(input)).toEqual(ast);
  });
});

describe('parseExpression: errors in Chinese with the position', () => {
  it.each(INVALID)('%s → %s', (input, message, position) => {
    const e = parseError(input);
    expect(e.message).toBe(message);
    expect(e.position).toBe(position);
    expect(e.status).toBe(400);
  });
});

describe('toExpression', () => {
  it.each(VALID)('round-trips %s', (input) => {
    const ast = parseExpression(input);
    const text = toExpression(ast);
    expect(parseExpression(text)).toEqual(ast);
    expect(parseExpression(toExpression(ast, { fieldNames: 'zh' }))).toEqual(ast);
  });

  it.each([
    [
      '名称=(锂电池 AND 正极) AND 申请日>=2020-01-01 NOT 法律状态=(无权)',
      'TI=(锂电池 AND 正极) AND AD>=2020-01-01 AND NOT LS=无权',
    ],
    ['锂电池 OR 正极', '锂电池 OR 正极'],
    ['AD=[2020-01-01 TO 2020-12-31]', 'AD=2020'],
    ['AD=[2020-03-01 TO 2020-03-31]', 'AD=2020-03'],
    ['AD=[2020-03-02 TO 2020-03-31]', 'AD=[2020-03-02 TO 2020-03-31]'],
    ['AD>2020', 'AD>=2021-01-01'],
    ['"lithium ion"', '"lithium ion"'],
    ['batter* NOT (a OR b)', 'batter* AND NOT (a OR b)'],
    ['NOT TI=(a b)', 'NOT TI=(a AND b)'],
    ['TI=(a NEAR/3 b)', 'TI=(a NEAR/3 b)'],
    ['TYPE=(发明 OR U) AND IPC=H01M 10/0525', 'TYPE=(发明 OR 实用新型) AND IPC=H01M10/0525'],
  ])('%s → %s', (input, expected) => {
    expect(toExpression(parseExpression(input))).toBe(expected);
  });

  it('prints Chinese field names on request', () => {
    expect(toExpression(parseExpression('TI=锂电池 AND AD>=2020'), { fieldNames: 'zh' })).toBe(
      '名称=锂电池 AND 申请日>=2020-01-01',
    );
  });

  it('quotes values that would not read back as one word', () => {
    const ast: Node = or(t('and'), t('a(b'), t('x y'), t('say "hi"'));
    const text = toExpression(ast);
    expect(text).toBe('"and" OR "a(b" OR "x y" OR "say \\"hi\\""');
    expect(parseExpression(text)).toEqual(
      or(
        t('and', 'TX', { phrase: true }),
        t('a(b', 'TX', { phrase: true }),
        t('x y', 'TX', { phrase: true }),
        t('say "hi"', 'TX', { phrase: true }),
      ),
    );
  });
});

describe('parseEspacenet', () => {
  it.each<[string, string]>([
    ['ti=锂电池 and pa=比亚迪 and pd within "2019 2020"', '名称=锂电池 AND 申请人=比亚迪 AND 公开日=[2019 TO 2020]'],
    ['ti all "锂电池 正极"', '名称=(锂电池 AND 正极)'],
    ['ab any "锂电池 钠电池"', '摘要=(锂电池 OR 钠电池)'],
    ['cpc=H01M10/0525 and ipc=H01M', 'IPC=H01M10/0525 AND IPC=H01M'],
    ['ap=CN202223220665.2', '申请号=CN202223220665.2'],
    ['pn=CN218751475U', '公开号=CN218751475U'],
    ['pd within "20190101,20201231"', '公开日=[2019-01-01 TO 2020-12-31]'],
    ['pd>=2019', 'PD>=2019'],
    ['pd="07/01/2008" or pd=07.01.2008', 'PD=2008-01-07 OR PD=2008-01-07'],
    ['pd within "01/01/2019,31/12/2020"', 'PD=[2019-01-01 TO 2020-12-31]'],
    ['ti=(battery prox/distance<=5 electrode)', 'TI=(battery NEAR/5 electrode)'],
    ['ti=(battery prox/unit=word/distance<3 electrode)', 'TI=(battery NEAR/2 electrode)'],
    [
      'battery prox electrode',
      'TI=(battery NEAR electrode) OR AB=(battery NEAR electrode) OR IN=(battery NEAR electrode) OR PA=(battery NEAR electrode)',
    ],
    // Bare words: Espacenet guesses the field (date → pd, symbol → cl, number → num, Name → ia, else txt).
    ['锂电池', 'TI=锂电池 OR AB=锂电池 OR IN=锂电池 OR PA=锂电池'],
    [
      '"laser scanning microscope"',
      'TI="laser scanning microscope" OR AB="laser scanning microscope" OR IN="laser scanning microscope" OR PA="laser scanning microscope"',
    ],
    ['Siemens 20110316', '(IN=siemens OR PA=siemens) AND PD=2011-03-16'],
    ['H01M5/12 or B03', 'IPC=H01M5/12 OR IPC=B03'],
    ['EP1000000', 'AN=EP1000000 OR PN=EP1000000'],
    ['CN218751475U and 07/01/2008', 'PN=CN218751475U AND PD=2008-01-07'],
    ['motor MP3', '(TI=motor OR AB=motor OR IN=motor OR PA=motor) AND (TI=mp3 OR AB=mp3 OR IN=mp3 OR PA=mp3)'],
    ['ti=(Siemens motor)', 'TI=(siemens AND motor)'],
    // Field codes mean what Espacenet's help says (issue 11; docs/search/espacenet-fields.md).
    ['cl=H01M10', 'IPC=H01M10'],
    ['CL=H01M and ti=电池', 'IPC=H01M AND TI=电池'],
    ['claims=正极 or desc=隔膜', '权利要求=正极 OR 说明书=隔膜'],
    ['ta=battery', 'TI=battery OR AB=battery'],
    ['ta="neural network"', 'TI="neural network" OR AB="neural network"'],
    ['ta all "锂电池 正极"', '(TI=锂电池 OR AB=锂电池) AND (TI=正极 OR AB=正极)'],
    ['ta=(battery prox/distance<=5 electrode)', 'TI=(battery NEAR/5 electrode) OR AB=(battery NEAR/5 electrode)'],
    ['ta=battery not in=smith', '(TI=battery OR AB=battery) NOT 发明人=smith'],
    ['txt=锂电池', 'TI=锂电池 OR AB=锂电池 OR IN=锂电池 OR PA=锂电池'],
    ['ia=华为', 'IN=华为 OR PA=华为'],
    ['ftxt=隔膜', 'DE=隔膜 OR CL=隔膜'],
    ['extftxt=隔膜', 'TI=隔膜 OR AB=隔膜 OR DE=隔膜 OR CL=隔膜'],
    // Numbers in their usual forms, as the detail call reads them.
    ['ap=US09832323', 'AN=US09832323'],
    ['ap=09832323', 'AN=US09832323'],
    ['ap="09/832,323"', 'AN=US09832323'],
    ['ap=EP05104792.1', 'AN=EP05104792.1'],
    ['ap="PCT/CN2020/123456"', 'AN=WOPCTCN2020123456'],
    ['ap=202223220665', 'AN=CN202223220665.2'],
    ['num=CN202223220665.2', 'AN=CN202223220665.2'],
    ['num=CN218751475U', 'PN=CN218751475U'],
    ['num=US10123456B2', 'PN=US10123456B2'],
    ['num=US09832323', 'AN=US09832323 OR PN=US09832323'],
    ['pn="WO2020/123456A1"', 'PN=WO2020123456A1'],
    ['pn="US 2020/0123456 A1"', 'PN=US20200123456A1'],
    ['pn="US 10,123,456 B2"', 'PN=US10123456B2'],
    ['pn=EP1000000', 'PN=EP1000000'],
    // Left to right, no precedence: each operator applies to everything before it.
    ['ti=texture or ti=shader and ti=memory', '(TI=texture OR TI=shader) AND TI=memory'],
    ['ti=a and ti=b or ti=c', '(TI=a AND TI=b) OR TI=c'],
    ['ti=a or ti=b not ti=c', '(TI=a OR TI=b) NOT TI=c'],
    ['ti=a or ti=b and ti=c or ti=d', '((TI=a OR TI=b) AND TI=c) OR TI=d'],
    ['ti=a or (ti=b and ti=c)', 'TI=a OR (TI=b AND TI=c)'],
    ['ti=(a or b and c)', 'TI=((a OR b) AND c)'],
    ['ti=a ti=b or ti=c', '(TI=a AND TI=b) OR TI=c'],
  ])('%s ≡ %s', (espacenet, expression) => {
    expect(parseEspacenet(espacenet)).toEqual(parseExpression(expression));
  });

  it('shows the parentheses its left-to-right order implies in the canonical expression', () => {
    expect(toExpression(parseEspacenet('ti=texture or ti=shader and ti=memory'))).toBe('TI=((texture OR shader) AND memory)');
    expect(toExpression(parseEspacenet('ti=a or pa=b and pd=2020'))).toBe('(TI=a OR PA=b) AND PD=2020');
    expect(toExpression(parseEspacenet('ta=电池 and cl=H01M'))).toBe('(TI=电池 OR AB=电池) AND IPC=H01M');
    // The product's own language keeps its precedence: AND before OR.
    expect(toExpression(parseExpression('TI=texture OR TI=shader AND TI=memory'))).toBe('TI=(texture OR shader AND memory)');
    expect(parseExpression('TI=texture OR TI=shader AND TI=memory')).toEqual(
      or(t('texture', 'TI'), and(t('shader', 'TI'), t('memory', 'TI'))),
    );
  });

  it('refuses the Espacenet codes it cannot answer, naming the field and what to use', () => {
    expect(() => parseEspacenet('pr=EP20050104792')).toThrow(
      '第 1 个字符处：暂不支持 Espacenet 字段“pr”（优先权号）。本库未收录优先权号，可用 num= 或 ap= 检索申请号',
    );
    expect(() => parseEspacenet('ti=电池 and ct=EP1000000')).toThrow('第 11 个字符处：暂不支持 Espacenet 字段“ct”（引证文献）');
    expect(() => parseEspacenet('cpcc=C08F8/30')).toThrow('暂不支持 Espacenet 字段“cpcc”（CPC 组合分类）');
    expect(() => parseEspacenet('ctxt=电池')).toThrow('第 1 个字符处无法识别的字段“ctxt”');
    expect(() => parseEspacenet('num=X1')).toThrow('第 5 个字符处：“X1”不是可识别的申请号或公开号');
  });

  it('reports errors the same way', () => {
    expect(() => parseEspacenet('ti=锂电池 and')).toThrow('第 8 个字符处的“and”后面缺少检索词');
    expect(() => parseEspacenet('pd within "2019 2020 2021"')).toThrow(
      '第 11 个字符处的日期范围应写作 "2019 2020" 或 "20190101,20201231"',
    );
    expect(() => parseEspacenet('ti within "2019"')).toThrow('第 4 个字符处：只有日期字段可以用 within');
    expect(() => parseEspacenet('')).toThrow('请输入检索式');
    expect(() => parseEspacenet('ti=a or ti=b and ti=c not')).toThrow('第 23 个字符处的“not”后面缺少检索词');
  });

  it('limits how deep alternating operators nest', () => {
    const deep = Array.from({ length: 80 }, (_, i) => `ti=w${i}`)
      .join(' or ')
      .replace(/ or (ti=w\d*[13579]) /g, ' and $1 ');
    expect(() => parseEspacenet(deep)).toThrow('嵌套过深');
  });
});

describe('formToExpression', () => {
  it('turns the advanced-search form into one expression', () => {
    expect(
      formToExpression({
        TI: '锂电池 OR 钠电池',
        申请人: '比亚迪',
        AD: ['2020', ''],
        PD: ['2019-01-01', '2020-06-30'],
        TYPE: ['发明', '实用新型'],
        LS: ['有权'],
        IPC: 'H01M 10/0525',
        AN: '202223220665',
        keyword: undefined,
      }),
    ).toBe(
      'TI=(锂电池 OR 钠电池) AND PA=比亚迪 AND AD>=2020-01-01 AND PD=[2019-01-01 TO 2020-06-30] AND TYPE=(发明 OR 实用新型) AND LS=有权 AND IPC=H01M10/0525 AND AN=CN202223220665.2',
    );
  });

  it('skips empty boxes and gives "" for an empty form', () => {
    expect(formToExpression({ TI: '', AD: ['', ''], TYPE: [], PA: null })).toBe('');
    expect(formToAst({})).toBeNull();
    expect(formToExpression({ AD: ['', '2020-05'] })).toBe('AD<=2020-05-31');
  });

  it('produces expressions that parse back to the same tree', () => {
    const form = { 名称: '"solid state" battery*', 摘要: '电解质 NOT 液态', GD: ['2021', '2022'], 法律状态: '审中,有权' };
    const ast = formToAst(form)!;
    expect(parseExpression(formToExpression(form))).toEqual(ast);
  });

  it('names the box in errors', () => {
    expect(() => formToExpression({ 名称: '锂电池 AND' })).toThrow('名称：第 5 个字符处的“AND”后面缺少检索词');
    expect(() => formToExpression({ AN: 'CN202223220665.3' })).toThrow(
      '申请号：第 1 个字符处：申请号“CN202223220665.3”的校验位错误：应为 2，不是 3',
    );
    expect(() => formToExpression({ AD: ['2020-13', ''] })).toThrow('申请日：起始日期“2020-13”无效');
    expect(() => formToExpression({ AD: ['2021', '2020'] })).toThrow('申请日：起始日期晚于截止日期');
    expect(() => formToExpression({ TYPE: ['专利'] })).toThrow('专利类型“专利”无效，可选 发明、实用新型、外观设计');
    expect(() => formToExpression({ 颜色: '红' })).toThrow('表单中无法识别的字段“颜色”');
  });
});

describe('FIELDS', () => {
  it('lists every field of DOMAIN §4 with a Chinese name, kind and help', () => {
    const codes = FIELDS.map((f) => f.code).sort();
    expect(codes).toEqual(
      ['AB', 'AD', 'ADDR', 'AG', 'AN', 'CL', 'DE', 'GD', 'IN', 'IPC', 'LS', 'MIPC', 'PA', 'PD', 'PN', 'TI', 'TX', 'TYPE'].sort(),
    );
    for (const f of FIELDS) {
      expect(f.name).toMatch(/\p{Script=Han}/u);
      expect(f.help.length).toBeGreaterThan(1);
      expect(
        parseExpression(
          `${f.name}=${f.kind === 'date' ? '2020' : f.kind === 'enum' ? f.values![0] : f.code === 'AN' ? '202223220665' : f.code === 'PN' ? 'CN108472367A' : f.kind === 'code' ? 'H01M' : '锂电池'}`,
        ),
      ).toEqual(
        parseExpression(
          `${f.code.toLowerCase()}=${f.kind === 'date' ? '2020' : f.kind === 'enum' ? f.values![0] : f.code === 'AN' ? '202223220665' : f.code === 'PN' ? 'CN108472367A' : f.kind === 'code' ? 'H01M' : '锂电池'}`,
        ),
      );
    }
  });
});

describe('fuzzing: any string gives a tree or an ExpressionError', () => {
  const alphabet = [
    ...'()[]=<>!"“”「」*/\\&|,.:;~-_ \t\n　（）＝＂【】',
    'AND',
    'OR',
    'NOT',
    'and',
    'or',
    'not',
    '与',
    '或',
    '非',
    'NEAR',
    'NEAR/5',
    'near/0',
    'TO',
    '至',
    'within',
    'all',
    'any',
    'prox/distance<=3',
    '名称',
    'TI',
    'ti',
    'AD',
    'PD',
    'IPC',
    'AN',
    'PN',
    'TYPE',
    'LS',
    'desc',
    'XX',
    '锂',
    '电池',
    '鋰',
    'a',
    'battery',
    'G06F',
    'H01M',
    '10/0525',
    '2020',
    '2020-05',
    '2020-13-01',
    '20200501',
    '202223220665',
    'CN202223220665.2',
    '.3',
    '发明',
    '有权',
    'U',
    '𠀀',
    '\ud800',
    '\udc00',
    '\u200b',
    '\u0000',
  ];
  const run = (parse: (s: string) => Node, seed: number) => {
    const rand = rng(seed);
    for (let k = 0; k < 3000; k++) {
      let s = '';
      const len = Math.floor(rand() * 14);
      for (let i = 0; i < len; i++) s += alphabet[Math.floor(rand() * alphabet.length)] + (rand() < 0.4 ? ' ' : '');
      try {
        const ast = parse(s);
        // Whatever parses must print and parse back to itself.
        expect(parseExpression(toExpression(ast))).toEqual(ast);
      } catch (e) {
        if (!(e instanceof ExpressionError)) throw new Error(`${JSON.stringify(s)} threw ${String(e)}`);
        expect(e.message).toMatch(/[\u4e00-\u9fff]/);
        expect(e.position).toBeGreaterThanOrEqual(1);
      }
    }
  };
  it('parseExpression', () => run((s) => parseExpression(s), 1));
  it('parseEspacenet', () => run((s) => parseEspacenet(s), 2));
  it('random unicode soup', () => {
    const rand = rng(3);
    for (let k = 0; k < 2000; k++) {
      let s = '';
      const len = Math.floor(rand() * 30);
      for (let i = 0; i < len; i++) s += String.fromCharCode(Math.floor(rand() * (rand() < 0.5 ? 0x80 : 0x10000)));
      try {
        parseExpression(s);
      } catch (e) {
        if (!(e instanceof ExpressionError)) throw new Error(`${JSON.stringify(s)} threw ${String(e)}`);
      }
    }
  });
});
