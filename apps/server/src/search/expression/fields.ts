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
  /** Espacenet field names that translate to this field. */
  espacenet?: string[];
}

export const FIELDS: readonly FieldDef[] = [
  {
    code: 'TI',
    name: '名称',
    kind: 'text',
    aliases: ['标题', '发明名称', '专利名称'],
    espacenet: ['ti'],
    help: '专利名称。中文按字串匹配（“锂电池”只命中含这三个连续字的名称），英文按整词匹配，词尾加 * 为前缀匹配',
  },
  { code: 'AB', name: '摘要', kind: 'text', espacenet: ['ab'], help: '摘要全文' },
  { code: 'CL', name: '权利要求', kind: 'text', aliases: ['权利要求书', '主权项'], espacenet: ['cl'], help: '权利要求书' },
  { code: 'DE', name: '说明书', kind: 'text', espacenet: ['desc', 'de'], help: '说明书全文' },
  {
    code: 'TX',
    name: '关键词',
    kind: 'text',
    aliases: ['关键字'],
    espacenet: ['txt', 'ta', 'ctxt', 'all'],
    help: '在名称、摘要和权利要求中检索；不写字段名的检索词都按关键词检索',
  },
  {
    code: 'PA',
    name: '申请人',
    kind: 'text',
    aliases: ['专利权人', '申请(专利权)人'],
    espacenet: ['pa'],
    help: '申请人或专利权人',
  },
  { code: 'IN', name: '发明人', kind: 'text', aliases: ['设计人'], espacenet: ['in'], help: '发明人或设计人' },
  {
    code: 'AN',
    name: '申请号',
    kind: 'code',
    aliases: ['专利号'],
    espacenet: ['ap', 'an'],
    help: '申请号，可带或不带 CN、小数点和校验位，如 CN202223220665.2；校验位不对会提示',
  },
  {
    code: 'PN',
    name: '公开号',
    kind: 'code',
    aliases: ['公告号', '公开公告号'],
    espacenet: ['pn', 'num'],
    help: '公开（公告）号，如 CN108472367A；不写文献类型代码时匹配该号的各类文献',
  },
  {
    code: 'AD',
    name: '申请日',
    kind: 'date',
    espacenet: ['ad', 'apd'],
    help: '申请日：2020、2020-05、2020-05-01 或 20200501，可用 = >= <= > <，范围写 [2020-01-01 TO 2020-12-31]',
  },
  {
    code: 'PD',
    name: '公开日',
    kind: 'date',
    aliases: ['公告日', '公开公告日'],
    espacenet: ['pd'],
    help: '公开（公告）日，写法同申请日',
  },
  { code: 'GD', name: '授权日', kind: 'date', aliases: ['授权公告日'], help: '授权公告日，写法同申请日' },
  {
    code: 'IPC',
    name: 'IPC分类号',
    kind: 'code',
    aliases: ['分类号', 'IPC分类'],
    espacenet: ['ipc', 'ic', 'cpc', 'cl_ipc'],
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
const byEspacenet = new Map<string, FieldDef>();
for (const f of FIELDS) for (const e of f.espacenet ?? []) byEspacenet.set(e, f);

/** The field with this code. */
export function fieldDef(code: FieldCode): FieldDef {
  return byCode.get(code)!;
}

/** Looks a field up by code (any case), Chinese name or alias; `dialect` adds Espacenet names. */
export function lookupField(name: string, dialect: 'cnipa' | 'espacenet' = 'cnipa'): FieldDef | undefined {
  const key = name.trim().toLowerCase();
  if (dialect === 'espacenet') {
    const e = byEspacenet.get(key);
    if (e) return e;
  }
  return byName.get(key);
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
