// Chinese application and publication numbers (DOMAIN §2).
import { normalise } from './normalise';

/** A number that cannot be read or whose check digit is wrong; the message is for the user. */
export class PatentNumberError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatentNumberError';
  }
}

export type PatentTypeName = '发明' | '实用新型' | '外观设计';

/** Digit 5 of a 12-digit application number (digit 3 of an old 8-digit one) → type. */
export const APPLICATION_TYPES: Record<number, { name: string; type: PatentTypeName; pct: boolean }> = {
  1: { name: '发明', type: '发明', pct: false },
  2: { name: '实用新型', type: '实用新型', pct: false },
  3: { name: '外观设计', type: '外观设计', pct: false },
  8: { name: 'PCT发明', type: '发明', pct: true },
  9: { name: 'PCT实用新型', type: '实用新型', pct: true },
};

export interface ApplicationNumber {
  /** `CN202223220665.2` */
  canonical: string;
  /** The 12 (or 8) digits without the check digit. */
  digits: string;
  check: string;
  /** Type digit: 1 发明, 2 实用新型, 3 外观设计, 8 PCT发明, 9 PCT实用新型. */
  typeCode: number;
  typeName: string;
  /** 发明 / 实用新型 / 外观设计 (PCT entries folded into their type). */
  type: PatentTypeName;
  year: number;
  /** 'new': 12 digits, since 2003-10-01; 'old': 8 digits. */
  format: 'new' | 'old';
}

const WEIGHTS_12 = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5];
const WEIGHTS_8 = [2, 3, 4, 5, 6, 7, 8, 9];

/** The check digit of 12 or 8 application-number digits: Σ digit×weight mod 11, 10 written X. */
export function applicationCheckDigit(digits: string): string {
  const weights = digits.length === 12 ? WEIGHTS_12 : digits.length === 8 ? WEIGHTS_8 : null;
  if (!weights || !/^\d+$/.test(digits)) throw new PatentNumberError('申请号应为 12 位（2003 年 10 月起）或 8 位数字');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * weights[i];
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

const AN_FORMAT_HINT = '申请号格式不对，应为 12 位数字加校验位，如 CN202223220665.2';

/**
 * Reads an application number written with or without `CN`/`ZL`, the dot, spaces, full-width digits and
 * the check digit; a wrong check digit is an error, a missing one is computed.
 */
export function parseApplicationNumber(input: string): ApplicationNumber {
  const s = normalise(input).toUpperCase().replace(/[\s-]/g, '');
  const m = /^(?:CN|ZL)?(\d{12}|\d{8})(?:\.?([0-9X]))?$/.exec(s);
  if (!m) {
    // Tell a 13-/9-character number with a bad trailing character apart from a wrong length.
    throw new PatentNumberError(`${AN_FORMAT_HINT}（收到“${input.trim()}”）`);
  }
  const digits = m[1];
  const given = m[2];
  const format = digits.length === 12 ? 'new' : 'old';
  const typeCode = Number(format === 'new' ? digits[4] : digits[2]);
  const typeInfo = APPLICATION_TYPES[typeCode];
  if (!typeInfo) {
    const pos = format === 'new' ? 5 : 3;
    throw new PatentNumberError(`申请号“${input.trim()}”第 ${pos} 位是专利类型，应为 1、2、3、8 或 9`);
  }
  // Old numbers carry a two-digit year: 85–99 → 1985–1999, 00–03 → 2000–2003.
  const yy = Number(digits.slice(0, 2));
  const year = format === 'new' ? Number(digits.slice(0, 4)) : yy >= 85 ? 1900 + yy : 2000 + yy;
  if (format === 'new' && (year < 2003 || year > 2099)) {
    throw new PatentNumberError(`申请号“${input.trim()}”的年份 ${year} 不对：12 位申请号自 2003 年起使用`);
  }
  if (format === 'old' && year > 2003) {
    throw new PatentNumberError(`申请号“${input.trim()}”的年份不对：8 位申请号只用到 2003 年，之后为 12 位`);
  }
  const check = applicationCheckDigit(digits);
  if (given !== undefined && given !== check) {
    throw new PatentNumberError(`申请号“${input.trim()}”的校验位错误：应为 ${check}，不是 ${given}`);
  }
  return {
    canonical: `CN${digits}.${check}`,
    digits,
    check,
    typeCode,
    typeName: typeInfo.name,
    type: typeInfo.type,
    year,
    format,
  };
}

/**
 * The stored forms an application number typed into a search may stand for (how the detail call reads a number,
 * findPatentIdByNumber): a CN number in any spelling → its canonical form; another office's number → the form the
 * importer stores, the country code and the number without spaces, commas, slashes or hyphens (`US09832323`,
 * `EP05104792.1`; `PCT/CN2020/123456` → `WOPCTCN2020123456`); a bare 8-digit number → a US application serial
 * number (`09832323` → `US09832323`) and, when it is also a valid old CN number, that one too. Throws
 * PatentNumberError when no form fits (`quiet`: returns [] instead).
 */
export function applicationNumberForms(input: string, opts: { quiet?: boolean } = {}): string[] {
  const compact = normalise(input)
    .toUpperCase()
    .replace(/[\s,/-]/g, '');
  const prefix = /^[A-Z]{2}/.exec(compact)?.[0];
  const out: string[] = [];
  let cnError: PatentNumberError | null = null;
  if (!prefix || prefix === 'CN' || prefix === 'ZL') {
    try {
      out.push(parseApplicationNumber(input).canonical);
    } catch (e) {
      if (!(e instanceof PatentNumberError)) throw e;
      cnError = e;
    }
    if (!prefix && /^\d{8}$/.test(compact)) out.push(`US${compact}`);
  } else if (/^[A-Z]{2}\d[\d.]{2,36}$/.test(compact) || /^(?:WO)?PCT[A-Z]{2}\d{6,12}$/.test(compact)) {
    // After the country code an application number is digits (EP: a dot and a check digit); a PCT application
    // keeps its PCT/CN2020/… form. US10123456B2, with a kind code, is a publication.
    out.push(compact.startsWith('PCT') ? `WO${compact}` : compact);
  }
  if (out.length === 0 && !opts.quiet) {
    throw cnError ?? new PatentNumberError(`申请号“${input.trim()}”格式不对，应如 CN202223220665.2、US09832323 或 EP05104792.1`);
  }
  return out;
}

/** Whether an application number is well formed with a correct (or absent) check digit. */
export function isValidApplicationNumber(input: string): boolean {
  try {
    parseApplicationNumber(input);
    return true;
  } catch {
    return false;
  }
}

export interface PublicationNumber {
  /** `CN108472367A`; without a kind code when none was given (`CN1387401`). */
  canonical: string;
  country: string;
  /** The number part (for US design/reissue numbers with their letters: `D999999`, `RE49999`). */
  number: string;
  /** Kind code as written (`A`, `B`, `U`, `A1`, `S`...), or null. */
  kind: string | null;
  /** For CN numbers with a kind code: the patent type; otherwise null. */
  type: PatentTypeName | null;
  /** For CN numbers with a kind code: whether the document is a grant (B, C, U, Y, S, D). */
  isGrant: boolean | null;
}

/** CN kind code letter → type (DOMAIN §2: A/A1 published invention; B, C granted; U, Y; S, D). */
export const CN_KIND_TYPES: Record<string, PatentTypeName> = {
  A: '发明',
  B: '发明',
  C: '发明',
  U: '实用新型',
  Y: '实用新型',
  S: '外观设计',
  D: '外观设计',
};

/** Whether a CN kind code marks a granted (registered) document rather than a published application. */
export function isGrantKind(kind: string): boolean {
  const letter = kind.trim().toUpperCase()[0];
  return letter === 'B' || letter === 'C' || letter === 'U' || letter === 'Y' || letter === 'S' || letter === 'D';
}

/** Type of a CN publication from its kind code (`A`, `B2`, `U`...), or null when unknown. */
export function kindToType(kind: string): PatentTypeName | null {
  return CN_KIND_TYPES[kind.trim().toUpperCase()[0]] ?? null;
}

const PN_FORMAT_HINT = '公开号格式不对，应为 CN 加数字和文献类型代码，如 CN108472367A';

/**
 * Reads a publication number: country (default CN) + digits + optional kind code, spaces, dots and
 * full-width characters allowed. CN kind codes must be one of A B C U Y S D (with an optional digit).
 */
export function parsePublicationNumber(input: string): PublicationNumber {
  // Spaces, dots, hyphens, slashes and commas are only layout: EP 1 000 000 A1, WO2020/123456, US 10,123,456 B2.
  const s = normalise(input)
    .toUpperCase()
    .replace(/[\s.,/-]/g, '');
  const m = /^([A-Z]{2})?((?:D|RE|PP|H|T)?\d{4,12})([A-Z]\d?)?$/.exec(s);
  if (!m) throw new PatentNumberError(`${PN_FORMAT_HINT}（收到“${input.trim()}”）`);
  const country = m[1] ?? 'CN';
  const number = m[2];
  const kind = m[3] ?? null;
  if (country === 'CN') {
    if (!/^\d+$/.test(number) || number.length < 6 || number.length > 10) {
      throw new PatentNumberError(`${PN_FORMAT_HINT}（收到“${input.trim()}”）`);
    }
    if (kind && !CN_KIND_TYPES[kind[0]]) {
      throw new PatentNumberError(`公开号“${input.trim()}”的文献类型代码“${kind}”无法识别，应为 A、B、C、U、Y、S 或 D`);
    }
  }
  return {
    canonical: `${country}${number}${kind ?? ''}`,
    country,
    number,
    kind,
    type: country === 'CN' && kind ? kindToType(kind) : null,
    isGrant: country === 'CN' && kind ? isGrantKind(kind) : null,
  };
}
