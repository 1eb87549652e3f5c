// The searchable fields (DOMAIN §4), listed once: the parser, the printer, the form translator and
// /v1/search/fields all read this table.

export type FieldKind = 'text' | 'date' | 'number' | 'code' | 'enum';

export type TextField = 'TI' | 'AB' | 'CL' | 'DE' | 'TX' | 'PA' | 'IN' | 'ADDR' | 'AG';
export type DateField = 'AD' | 'PD' | 'GD';
export type CodeField = 'IPC' | 'MIPC' | 'AN' | 'PN';
export type EnumField = 'TYPE' | 'LS';
export type FieldCode = TextField | DateField | CodeField | EnumField;

export interface FieldDef {
  code: FieldCode;
  /** Chinese name shown to users and accepted in expressions. */
  name: string;
  kind: FieldKind;
  /** For enum fields: the canonical values. */
  values?: string[];
  /** One line of Chinese help for the field list. */
  help: string;
  /** Other Chinese names accepted in expressions. */
  aliases?: string[];
  /** Espacenet field codes that translate to this field alone (filled from ESPACENET_FIELDS below). */
  espacenet?: string[];
}

export const FIELDS: readonly FieldDef[] = [
  {
    code: 'TI',
    name: '名称',
    kind: 'text',
    aliases: ['标题', '发明名称', '专利名称'],
    help: '专利名称。中文按字串匹配（“锂电池”只命中含这三个连续字的名称），英文按整词匹配，词尾加 * 为前缀匹配',
  },
  { code: 'AB', name: '摘要', kind: 'text', help: '摘要全文' },
  { code: 'CL', name: '权利要求', kind: 'text', aliases: ['权利要求书', '主权项'], help: '权利要求书' },
  { code: 'DE', name: '说明书', kind: 'text', help: '说明书全文' },
  {
    code: 'TX',
    name: '关键词',
    kind: 'text',
    aliases: ['关键字'],
    help: '在名称、摘要和权利要求中检索；不写字段名的检索词都按关键词检索',
  },
  {
    code: 'PA',
    name: '申请人',
    kind: 'text',
    aliases: ['专利权人', '申请(专利权)人'],
    help: '申请人或专利权人',
  },
  { code: 'IN', name: '发明人', kind: 'text', aliases: ['设计人'], help: '发明人或设计人' },
  {
    code: 'AN',
    name: '申请号',
    kind: 'code',
    aliases: ['专利号'],
    help: '申请号，可带或不带 CN、小数点和校验位，如 CN202223220665.2；校验位不对会提示',
  },
  {
    code: 'PN',
    name: '公开号',
    kind: 'code',
    aliases: ['公告号', '公开公告号'],
    help: '公开（公告）号，如 CN108472367A；不写文献类型代码时匹配该号的各类文献',
  },
  {
    code: 'AD',
    name: '申请日',
    kind: 'date',
    help: '申请日：2020、2020-05、2020-05-01 或 20200501，可用 = >= <= > <，范围写 [2020-01-01 TO 2020-12-31]',
  },
  {
    code: 'PD',
    name: '公开日',
    kind: 'date',
    aliases: ['公告日', '公开公告日'],
    help: '公开（公告）日，写法同申请日',
  },
  { code: 'GD', name: '授权日', kind: 'date', aliases: ['授权公告日'], help: '授权公告日，写法同申请日' },
  {
    code: 'IPC',
    name: 'IPC分类号',
    kind: 'code',
    aliases: ['分类号', 'IPC分类'],
    help: 'IPC 分类号，按前缀匹配：H01M 可查到 H01M10/0525；H01M10 只查 10 组',
  },
  { code: 'MIPC', name: '主分类号', kind: 'code', aliases: ['IPC主分类号'], help: 'IPC 主分类号，按前缀匹配' },
  {
    code: 'TYPE',
    name: '专利类型',
    kind: 'enum',
    values: ['发明', '实用新型', '外观设计'],
    aliases: ['类型'],
    help: '发明、实用新型或外观设计（也可写 I、U、D）',
  },
  {
    code: 'LS',
    name: '法律状态',
    kind: 'enum',
    values: ['审中', '有权', '无权'],
    help: '审中（已公开、实质审查中）、有权（授权且有效）、无权（失效、驳回、撤回、放弃、届满、无效）',
  },
  { code: 'ADDR', name: '地址', kind: 'text', aliases: ['申请人地址'], help: '申请人地址' },
  { code: 'AG', name: '代理机构', kind: 'text', aliases: ['专利代理机构'], help: '专利代理机构' },
];

const byCode = new Map<string, FieldDef>(FIELDS.map((f) => [f.code, f]));
const byName = new Map<string, FieldDef>();
for (const f of FIELDS) {
  byName.set(f.code.toLowerCase(), f);
  byName.set(f.name.toLowerCase(), f);
  for (const a of f.aliases ?? []) byName.set(a.toLowerCase(), f);
}
/**
 * Espacenet's Smart search field codes (its help, "Smart search - field identifiers", and the full-text codes of
 * "entering queries with field identifiers") and what each searches here; docs/search/espacenet-fields.md is the
 * same table for people. A code with several `fields` searches any of them: `ta=电池` is `TI=电池 OR AB=电池`,
 * each term or NEAR on its own field (a phrase never spans the title and the abstract). A code with
 * `unsupported` names data this product does not hold: the query is refused with that reason, never answered
 * from another field.
 */
export interface EspacenetField {
  code: string;
  /** What Espacenet's help says the code searches (Chinese, for messages and the docs). */
  meaning: string;
  fields?: readonly FieldCode[];
  unsupported?: string;
}

export const ESPACENET_FIELDS: readonly EspacenetField[] = [
  { code: 'ti', meaning: '名称', fields: ['TI'] },
  { code: 'ab', meaning: '摘要', fields: ['AB'] },
  { code: 'ta', meaning: '名称或摘要', fields: ['TI', 'AB'] },
  { code: 'txt', meaning: '名称、摘要、发明人或申请人', fields: ['TI', 'AB', 'IN', 'PA'] },
  { code: 'in', meaning: '发明人', fields: ['IN'] },
  { code: 'pa', meaning: '申请人', fields: ['PA'] },
  { code: 'ia', meaning: '发明人或申请人', fields: ['IN', 'PA'] },
  { code: 'claims', meaning: '权利要求', fields: ['CL'] },
  { code: 'desc', meaning: '说明书', fields: ['DE'] },
  { code: 'ftxt', meaning: '说明书或权利要求', fields: ['DE', 'CL'] },
  { code: 'extftxt', meaning: '名称、摘要、说明书或权利要求', fields: ['TI', 'AB', 'DE', 'CL'] },
  { code: 'pn', meaning: '公开号', fields: ['PN'] },
  { code: 'ap', meaning: '申请号', fields: ['AN'] },
  { code: 'num', meaning: '申请号、公开号或优先权号', fields: ['AN', 'PN'] },
  { code: 'pd', meaning: '公开日', fields: ['PD'] },
  { code: 'ipc', meaning: 'IPC 分类号', fields: ['IPC'] },
  { code: 'cl', meaning: 'IPC 或 CPC 分类号', fields: ['IPC'] },
  { code: 'cpc', meaning: 'CPC 分类号', fields: ['IPC'] },
  { code: 'ic', meaning: 'IPC 分类号（EPO 登记簿的写法）', fields: ['IPC'] },
  { code: 'pr', meaning: '优先权号', unsupported: '本库未收录优先权号，可用 num= 或 ap= 检索申请号' },
  { code: 'ct', meaning: '引证文献', unsupported: '本库的引证文献不可检索，请在专利详情页查看引证' },
  { code: 'cpcc', meaning: 'CPC 组合分类', unsupported: '本库没有 CPC 组合分类，可用 cpc= 或 ipc= 检索分类号' },
];

const byEspacenet = new Map<string, EspacenetField>(ESPACENET_FIELDS.map((e) => [e.code, e]));
for (const e of ESPACENET_FIELDS) {
  if (e.fields?.length !== 1) continue;
  const f = byCode.get(e.fields[0])!;
  (f.espacenet ??= []).push(e.code);
}

/** The field with this code. */
export function fieldDef(code: FieldCode): FieldDef {
  return byCode.get(code)!;
}

/** Looks a field up by code (any case), Chinese name or alias; `dialect` 'espacenet' puts Espacenet's codes first. */
export function lookupField(name: string, dialect: 'cnipa' | 'espacenet' = 'cnipa'): FieldDef | undefined {
  if (dialect === 'espacenet') {
    const e = lookupEspacenet(name);
    if (e) return e.fields ? fieldDef(e.fields[0]) : undefined;
  }
  return byName.get(name.trim().toLowerCase());
}

/** An Espacenet field code (any case), or undefined. */
export function lookupEspacenet(name: string): EspacenetField | undefined {
  return byEspacenet.get(name.trim().toLowerCase());
}

/** Accepted spellings of the enum values → canonical value. */
export const ENUM_SYNONYMS: Record<EnumField, Record<string, string>> = {
  TYPE: {
    发明: '发明',
    发明专利: '发明',
    i: '发明',
    '1': '发明',
    实用新型: '实用新型',
    实用新型专利: '实用新型',
    新型: '实用新型',
    u: '实用新型',
    '2': '实用新型',
    外观设计: '外观设计',
    外观设计专利: '外观设计',
    外观: '外观设计',
    d: '外观设计',
    s: '外观设计',
    '3': '外观设计',
  },
  LS: {
    审中: '审中',
    在审: '审中',
    审查中: '审中',
    有权: '有权',
    有效: '有权',
    无权: '无权',
    失效: '无权',
  },
};

/**
 * The canonical value of an enum field for a user's spelling (already normalised), or undefined. An own-property
 * lookup: `constructor` or `__proto__` typed into a box must read as an unknown value, not as Object's members.
 */
export function enumValue(field: EnumField, spelling: string): string | undefined {
  const table = ENUM_SYNONYMS[field];
  return Object.hasOwn(table, spelling) ? table[spelling] : undefined;
}
