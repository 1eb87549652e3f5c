import { describe, expect, it } from 'vitest';
import {
  PatentNumberError,
  applicationCheckDigit,
  isGrantKind,
  isValidApplicationNumber,
  kindToType,
  parseApplicationNumber,
  parsePublicationNumber,
} from './patent-number';
import { hasPatentData, patentFiles, readPatents } from './test-data';

describe('application numbers', () => {
  it.each([
    // 12 digits since 2003-10-01: weights 2,3,4,5,6,7,8,9,2,3,4,5
    ['202223220665', '2'],
    ['201710601862', '3'],
    ['202121635235', 'X'],
    // 8 digits before: weights 2..9
    ['97101765', '4'],
    ['95115608', 'X'],
  ])('check digit of %s is %s', (digits, check) => {
    expect(applicationCheckDigit(digits)).toBe(check);
  });

  it.each([
    ['CN202223220665.2', 'CN202223220665.2'],
    ['202223220665.2', 'CN202223220665.2'],
    ['2022232206652', 'CN202223220665.2'],
    ['202223220665', 'CN202223220665.2'],
    ['CN 2022 2322 0665.2', 'CN202223220665.2'],
    ['ｃｎ２０２２２３２２０６６５．２', 'CN202223220665.2'],
    ['ZL202121635235.x', 'CN202121635235.X'],
    ['97101765.4', 'CN97101765.4'],
    ['ZL95115608.X', 'CN95115608.X'],
    ['95115608', 'CN95115608.X'],
  ])('%s → %s', (input, canonical) => {
    expect(parseApplicationNumber(input).canonical).toBe(canonical);
  });

  it('returns digits, type and year', () => {
    expect(parseApplicationNumber('CN202223220665.2')).toEqual({
      canonical: 'CN202223220665.2',
      digits: '202223220665',
      check: '2',
      typeCode: 2,
      typeName: '实用新型',
      type: '实用新型',
      year: 2022,
      format: 'new',
    });
    expect(parseApplicationNumber('202310605823.6')).toMatchObject({ typeCode: 1, type: '发明', year: 2023 });
    expect(parseApplicationNumber('201980012345')).toMatchObject({ typeCode: 8, typeName: 'PCT发明', type: '发明' });
    expect(parseApplicationNumber('97101765.4')).toMatchObject({ typeCode: 1, year: 1997, format: 'old' });
    expect(parseApplicationNumber('01234567')).toMatchObject({ typeCode: 2, year: 2001, format: 'old' });
  });

  it.each([
    ['CN202223220665.3', '申请号“CN202223220665.3”的校验位错误：应为 2，不是 3'],
    ['2022232206653', '申请号“2022232206653”的校验位错误：应为 2，不是 3'],
    ['97101765.5', '申请号“97101765.5”的校验位错误：应为 4，不是 5'],
    ['202243220665', '申请号“202243220665”第 5 位是专利类型，应为 1、2、3、8 或 9'],
    ['199913220665', '申请号“199913220665”的年份 1999 不对：12 位申请号自 2003 年起使用'],
    ['CN2022232206', '申请号格式不对，应为 12 位数字加校验位，如 CN202223220665.2（收到“CN2022232206”）'],
    ['abc', '申请号格式不对，应为 12 位数字加校验位，如 CN202223220665.2（收到“abc”）'],
  ])('%s is rejected: %s', (input, message) => {
    expect(() => parseApplicationNumber(input)).toThrow(PatentNumberError);
    expect(() => parseApplicationNumber(input)).toThrow(message);
  });

  it.skipIf(!hasPatentData())('validates every application number in the shared records', () => {
    const ans: string[] = [];
    for (const f of patentFiles()) {
      for (const r of readPatents(f)) {
        // The US files carry USPTO application numbers (8 digits, no check digit): not Chinese ones.
        if (r.an && String(r.pn ?? '').startsWith('CN')) ans.push(r.an);
      }
    }
    const failed = ans.filter((a) => !isValidApplicationNumber(a));
    console.info(`application numbers: ${ans.length - failed.length} of ${ans.length} valid`);
    expect(ans.length).toBeGreaterThanOrEqual(10);
    expect(failed).toEqual([]);
    for (const a of ans) expect(parseApplicationNumber(a).canonical).toBe(a.toUpperCase());
  });
});

describe('publication numbers', () => {
  it.each([
    ['CN108472367A', 'CN108472367A', 'A', '发明', false],
    ['cn 218751475 u', 'CN218751475U', 'U', '实用新型', true],
    ['CN111504366B', 'CN111504366B', 'B', '发明', true],
    ['CN1387401', 'CN1387401', null, null, null],
    ['108472367A', 'CN108472367A', 'A', '发明', false],
    ['CN306123456S', 'CN306123456S', 'S', '外观设计', true],
    ['CN1234567C', 'CN1234567C', 'C', '发明', true],
    ['CN2345678Y', 'CN2345678Y', 'Y', '实用新型', true],
    ['CN3123456D', 'CN3123456D', 'D', '外观设计', true],
    ['CN108472367A1', 'CN108472367A1', 'A1', '发明', false],
    ['ＣＮ１０８４７２３６７Ａ', 'CN108472367A', 'A', '发明', false],
    ['US10991571B2', 'US10991571B2', 'B2', null, null],
    ['USD999999S1', 'USD999999S1', 'S1', null, null],
  ])('%s → %s', (input, canonical, kind, type, isGrant) => {
    expect(parsePublicationNumber(input)).toMatchObject({ canonical, kind, type, isGrant });
  });

  it.each([
    ['CN108472367X', '公开号“CN108472367X”的文献类型代码“X”无法识别，应为 A、B、C、U、Y、S 或 D'],
    ['CN12A', '公开号格式不对，应为 CN 加数字和文献类型代码，如 CN108472367A（收到“CN12A”）'],
    ['锂电池', '公开号格式不对，应为 CN 加数字和文献类型代码，如 CN108472367A（收到“锂电池”）'],
  ])('%s is rejected', (input, message) => {
    expect(() => parsePublicationNumber(input)).toThrow(message);
  });

  it('maps kind codes to types and grants', () => {
    expect(kindToType('A')).toBe('发明');
    expect(kindToType('b2')).toBe('发明');
    expect(kindToType('U')).toBe('实用新型');
    expect(kindToType('S')).toBe('外观设计');
    expect(kindToType('Q')).toBeNull();
    expect(['A', 'A1', 'B', 'C', 'U', 'Y', 'S', 'D'].map(isGrantKind)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it.skipIf(!hasPatentData())('reads every CN publication number in the shared records, with the recorded type', () => {
    let n = 0;
    for (const f of patentFiles().filter((x) => x.startsWith('cn_'))) {
      for (const r of readPatents(f)) {
        if (!r.pn) continue;
        const p = parsePublicationNumber(r.pn);
        expect(p.canonical).toBe(r.pn);
        // Some CNKI fixtures spell the type out (发明公开, 发明公开;发明授权).
        if (typeof r.type === 'string' && p.kind) expect(r.type.startsWith(p.type!)).toBe(true);
        n++;
      }
    }
    console.info(`publication numbers read: ${n}`);
    expect(n).toBeGreaterThan(20000);
  });
});
