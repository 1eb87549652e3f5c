import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { parseApplicationNumber } from '../../search/patent-number';
import { DEMO_COMPANY, DemoPatentGenerator } from './demo-patents';
import { deriveLegalStatus } from './legal-status';
import { patentTypeFromName, pnStem, validateRecord, type PatentInput } from './patent-record';

const ok = (raw: unknown): PatentInput => {
  const v = validateRecord(raw, 1);
  if (!v.ok) throw new Error(`rejected: ${v.reason}`);
  return v.record;
};
const reason = (raw: unknown): string => {
  const v = validateRecord(raw, 7);
  if (v.ok) throw new Error('accepted');
  expect(v.line).toBe(7);
  return v.reason;
};

const FIXTURE = {
  pn: 'CN115883397A',
  an: 'CN202211359874.7',
  ad: '2022-11-02',
  pd: '2023-03-31',
  title: '一种web端数据通用采集方法',
  abstract: '本发明公开了一种web端数据通用采集方法……',
  claims: '1.一种web端数据通用采集方法，其特征在于……',
  applicants: ['中科大数据研究院'],
  inventors: ['李玺', '康锐文'],
  ipc: ['H04L43/02', 'H04L9/40', 'H04L67/025'],
  type: '发明公开;发明授权',
  legal_status: '有权-审定授权',
  lang: 'zh',
  grant_pn: 'CN115883397B',
  grant_date: '2024-04-05',
  ipc_main: 'H04L43/02',
  applicant_address: '450000河南省郑州市郑东新区中道东路6号创意岛大厦8层',
  cpc: [],
  _claims_scope: 'main claim only',
  _src: { repo: 'x' },
};

describe('validateRecord: the shared format', () => {
  it('reads a full record: numbers, dates, both documents, address, IPC main first', () => {
    const r = ok(JSON.stringify(FIXTURE));
    expect(r).toMatchObject({
      an: 'CN202211359874.7',
      ad: '2022-11-02',
      country: 'CN',
      type: '发明',
      gn: 'CN115883397B',
      gd: '2024-04-05',
      address: '450000河南省郑州市郑东新区中道东路6号创意岛大厦8层',
      ipc: ['H04L43/02', 'H04L9/40', 'H04L67/025'],
      statusText: '有权-审定授权',
      lang: 'zh',
    });
    expect(r.publications).toEqual([
      { pn: 'CN115883397A', kind: 'A', date: '2023-03-31' },
      { pn: 'CN115883397B', kind: 'B', date: '2024-04-05' },
    ]);
    expect(r.ipc[0]).toBe('H04L43/02');
    // Underscore keys are provenance notes, not data; empty extras are dropped.
    expect(r.extra).toEqual({});
  });

  it('accepts application numbers without CN, dot or check digit, and computes the check digit', () => {
    expect(ok({ an: '202223220665', title: 'x' }).an).toBe('CN202223220665.2');
    expect(ok({ an: 'cn 2022 2322 0665.2', title: 'x' }).an).toBe('CN202223220665.2');
  });

  it('rejects a wrong check digit with the right one in the reason', () => {
    expect(reason({ an: 'CN202223220665.3', title: 'x' })).toMatch(/校验位错误.*应为 2/);
  });

  it('normalises YYYYMMDD and YYYY.MM.DD dates; rejects dates that do not exist', () => {
    const r = ok({ pn: 'CN218751475U', ad: '20221202', pd: '2023.03.28', title: 'x' });
    expect([r.ad, r.publications[0].date]).toEqual(['2022-12-02', '2023-03-28']);
    expect(reason({ pn: 'CN218751475U', ad: '2021-02-29', title: 'x' })).toMatch(/申请日.*2021-02-29.*不是有效日期/);
    expect(reason({ pn: 'CN218751475U', pd: '2023/13/01', title: 'x' })).toMatch(/公开日/);
    expect(reason({ pn: 'CN218751475U', ad: '2023-05-01', pd: '2023-01-01', title: 'x' })).toMatch(
      /公开日（2023-01-01）早于申请日（2023-05-01）/,
    );
  });

  it('treats the placeholder grant date "0" and an empty grant number as unknown', () => {
    const r = ok({ pn: 'CN116245100A', grant_pn: '', grant_date: '0', title: 'x', type: '发明公开' });
    expect([r.gn, r.gd, r.publications.length]).toEqual([null, null, 1]);
  });

  it('requires a title and a number', () => {
    expect(reason({ pn: 'CN218751475U' })).toBe('缺少专利名称（title）');
    expect(reason({ pn: 'CN218751475U', title: '   ' })).toBe('缺少专利名称（title）');
    expect(reason({ title: '一种装置' })).toMatch(/缺少申请号（an）和公开号（pn）/);
  });

  it('rejects bad JSON, non-objects, bad publication numbers and unknown types', () => {
    expect(reason('{"pn": "CN1", ')).toMatch(/^不是有效的 JSON/);
    expect(reason('[1,2]')).toMatch(/JSON 对象/);
    expect(reason({ pn: 'CN12AB', title: 'x' })).toMatch(/公开号/);
    expect(reason({ pn: 'CN218751475Q', title: 'x' })).toMatch(/文献类型代码“Q”/);
    expect(reason({ pn: 'CN218751475U', title: 'x', type: '软件著作权' })).toMatch(/专利类型（type）“软件著作权”无法识别/);
    expect(reason({ pn: 'CN218751475U', title: 'x', applicants: 5 })).toMatch(/申请人/);
  });

  it('derives the type from the application number, the kind code or the document number', () => {
    expect(ok({ an: '202230000001', title: 'x' }).type).toBe('外观设计');
    expect(ok({ pn: 'CN218751475U', title: 'x' }).type).toBe('实用新型');
    expect(ok({ pn: 'CN303441915S', title: 'x' }).type).toBe('外观设计');
    expect(ok({ pn: 'CN1387401', title: 'x' }).type).toBe('发明');
    expect(ok({ pn: 'CN2198606', title: 'x' }).type).toBe('实用新型');
    expect(ok({ pn: 'CN101680038', title: 'x' }).type).toBe('发明');
  });

  it('maps type names: long forms, I/U/D, USPTO utility/design/reissue', () => {
    expect(patentTypeFromName('发明专利')).toBe('发明');
    expect(patentTypeFromName('实用新型')).toBe('实用新型');
    expect(patentTypeFromName('D')).toBe('外观设计');
    expect(patentTypeFromName('utility')).toBe('发明');
    expect(patentTypeFromName('design')).toBe('外观设计');
    expect(patentTypeFromName('reissue')).toBe('发明');
    expect(patentTypeFromName('发明;实用新型')).toBeNull();
  });

  it('takes US numbers as written, with the country on the application number', () => {
    const r = ok({
      pn: 'US6859910B2',
      an: '09832323',
      ad: '2001-04-10',
      pd: '2005-02-22',
      title: 'Methods',
      type: 'utility',
      lang: 'en',
    });
    expect(r).toMatchObject({ country: 'US', an: 'US09832323', type: '发明', lang: 'en' });
    expect(r.publications).toEqual([{ pn: 'US6859910B2', kind: 'B2', date: '2005-02-22' }]);
    expect(ok({ pn: 'USD999999S', title: 'Chair', type: 'design' }).type).toBe('外观设计');
  });

  it('keeps CPC codes as the classification when there is no IPC, and extras as they are', () => {
    const r = ok({
      pn: 'CN117151122A',
      title: 'x',
      cpc: ['G06F16/3329', 'G06F40/247', 'Y02D10/00'],
      applicant_region: '广东',
      num_claims: 8,
    });
    expect(r.ipc).toEqual(['G06F16/3329', 'G06F40/247']);
    expect(r.extra).toEqual({ cpc: ['G06F16/3329', 'G06F40/247', 'Y02D10/00'], applicant_region: '广东', num_claims: 8 });
    expect(ok({ pn: 'US6970935B1', title: 'x', ipc: ['G06F015/16', 'not-a-code'] }).ipc).toEqual(['G06F15/16']);
  });
});

describe('validateRecord: our richer format', () => {
  it('reads legal events, family, citations, drawings, pdf, term adjustment', () => {
    const r = ok({
      an: 'CN201010123456',
      pn: 'CN101800001A',
      gn: 'CN101800001B',
      ad: '2010-03-01',
      pd: '2010-08-25',
      gd: '2012-05-30',
      title: '一种锂电池',
      agency: '北京集智专利代理有限公司',
      address: '北京市海淀区',
      legal_events: [
        { date: '2012-05-30', code: 'GR01', text: '授权' },
        { date: '2010-08-25', code: 'PB01', text: '公开' },
      ],
      family: [{ pn: 'US 8,000,001 B2', country: 'US', date: '2013-01-01' }],
      citations: [{ pn: 'CN1234567A', title: '一种电池' }, { pn: 'CN7654321A' }],
      drawings: ['/uploads/fig1.png', 'https://example.com/fig2.png'],
      pdf: 'http://pss-system.example.cn/CN101800001B.pdf',
      term_adjustment_days: 45,
    });
    expect(r.legalEvents.map((e) => e.code)).toEqual(['PB01', 'GR01']);
    expect(r.family).toEqual([{ pn: 'US8,000,001B2', country: 'US', date: '2013-01-01' }]);
    expect(r.citations).toEqual([{ pn: 'CN1234567A', title: '一种电池' }, { pn: 'CN7654321A' }]);
    expect(r).toMatchObject({
      agency: '北京集智专利代理有限公司',
      drawings: ['/uploads/fig1.png', 'https://example.com/fig2.png'],
      pdf: 'http://pss-system.example.cn/CN101800001B.pdf',
      termAdjustmentDays: 45,
    });
  });

  // Issue 8: an address the web would put in <img src>, <iframe src> or a link must be http(s) or our own file.
  it.each([
    ['javascript:alert(1)', '只能是 http(s) 网址'],
    ['JavaScript:alert(1)', '只能是 http(s) 网址'],
    ['data:text/html;base64,PHNjcmlwdD4=', '只能是 http(s) 网址'],
    ['data:image/png;base64,iVBORw0KGgo=', '只能是 http(s) 网址'],
    ['file:///etc/passwd', '只能是 http(s) 网址'],
    ['//evil.example.com/x.png', '只能是 http(s) 网址'],
    ['fig1.png', '只能是 http(s) 网址'],
    ['../uploads/a.png', '只能是 http(s) 网址'],
    ['/v1/user/logout', '只能是 http(s) 网址'],
    ['/uploads/../app.db', '不是有效的本站文件路径'],
    ['/uploads/', '不是有效的本站文件路径'],
    ['https:///x.png', '只能是 http(s) 网址'],
    ['https://exa mple.com/a.png', '含有空白、控制字符或反斜杠'],
    ['https://example.com/a\u0000.png', '含有空白、控制字符或反斜杠'],
    ['https://example.com/\\evil', '含有空白、控制字符或反斜杠'],
    ['java\u0001script:alert(1)', '含有空白、控制字符或反斜杠'],
    ['http://[::1', '不是有效的网址'],
  ])('rejects the drawing and PDF address %s, naming the field', (raw, why) => {
    const url = raw.replace(/\\u([0-9a-f]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    const drawing = reason({ pn: 'CN101800001A', title: 'x', drawings: ['https://example.com/ok.png', url] });
    expect(drawing).toContain('附图（drawings）第 2 个地址');
    expect(drawing).toContain(why);
    const pdf = reason({ pn: 'CN101800001A', title: 'x', pdf: url });
    expect(pdf).toContain('全文 PDF（pdf）地址');
    expect(pdf).toContain(why);
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    expect(pdf).not.toMatch(/[\u0000-\u001f]/);
  });

  it.each([
    'https://example.com/a.png?x=1&y=2#p',
    'http://10.0.0.8:8080/fig/1.jpg',
    '/uploads/3f2a9c.png',
    '/uploads/2026/11/a-b_c.pdf',
  ])('accepts the address %s', (url) => {
    expect(ok({ pn: 'CN101800001A', title: 'x', drawings: [url], pdf: url })).toMatchObject({ drawings: [url], pdf: url });
  });

  it('rejects bad events and a negative term adjustment', () => {
    expect(reason({ pn: 'CN101800001A', title: 'x', legal_events: [{ date: '2010-02-30', code: 'PB01' }] })).toMatch(
      /第 1 条法律事件的日期/,
    );
    expect(reason({ pn: 'CN101800001A', title: 'x', legal_events: [{ code: 'PB01' }] })).toMatch(/第 1 条法律事件缺少日期/);
    expect(reason({ pn: 'CN101800001A', title: 'x', legal_events: 'granted' })).toMatch(/法律事件（legal_events）应为对象列表/);
    expect(reason({ pn: 'CN101800001A', title: 'x', term_adjustment_days: -3 })).toMatch(/期限补偿天数/);
  });

  it('pnStem drops the kind code only', () => {
    expect(pnStem('CN108472367A')).toBe('CN108472367');
    expect(pnStem('CN108472367B')).toBe('CN108472367');
    expect(pnStem('US10001996B2')).toBe('US10001996');
    expect(pnStem('CN1387401')).toBe('CN1387401');
  });
});

describe('the real records (../shared/data/patents)', () => {
  const dir = path.resolve(REPO_ROOT, '../shared/data/patents');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl')) : [];
  it.skipIf(!files.length)('every line of every file validates', () => {
    let n = 0;
    const bad: string[] = [];
    for (const f of files) {
      const lines = fs.readFileSync(path.join(dir, f), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (!line.trim()) return;
        n++;
        const v = validateRecord(line, i + 1);
        if (!v.ok) bad.push(`${f}:${i + 1} ${v.reason}`);
      });
    }
    expect(bad.slice(0, 10)).toEqual([]);
    expect(n).toBeGreaterThan(30000);
  });
});

describe('DemoPatentGenerator', () => {
  it('is deterministic by seed, and a longer run starts with the same records', () => {
    const a = new DemoPatentGenerator(7);
    const b = new DemoPatentGenerator(7);
    const c = new DemoPatentGenerator(8);
    const first = Array.from({ length: 50 }, () => a.next());
    expect(Array.from({ length: 50 }, () => b.next())).toEqual(first);
    expect(c.next()).not.toEqual(first[0]);
  });

  it('makes valid records: check digits, kinds matching the type, unique numbers, events agreeing with the status', () => {
    const gen = new DemoPatentGenerator(1);
    const ans = new Set<string>();
    const pns = new Set<string>();
    const statuses: Record<string, number> = {};
    let demoCompany = 0;
    for (let i = 1; i <= 3000; i++) {
      const raw = gen.next();
      const r = ok(raw);
      expect(r.isDemo).toBe(true);
      const an = parseApplicationNumber(r.an!);
      expect(an.canonical).toBe(raw.an);
      expect(an.type).toBe(r.type);
      expect(r.ad! >= '2005-01-01' && r.ad! <= '2025-10-31').toBe(true);
      const kind = raw.pn.slice(-1);
      expect(
        { 发明: 'A', 实用新型: raw.pd < '2010-04-01' ? 'Y' : 'U', 外观设计: raw.pd < '2010-04-01' ? 'D' : 'S' }[raw.type],
      ).toBe(kind);
      expect(ans.has(raw.an) || pns.has(pnStem(raw.pn))).toBe(false);
      ans.add(raw.an);
      pns.add(pnStem(raw.pn));
      if (raw.applicants[0] === DEMO_COMPANY) demoCompany++;
      // The status the events give (as of the data date) matches the record's story.
      const st = deriveLegalStatus({ ...r, publications: r.publications, legalEvents: r.legalEvents, today: '2025-10-31' });
      const last = raw.legal_events.at(-1)!;
      if (['PC01', 'RJ01', 'WD01', 'CF01'].includes(last.code)) expect(st.status).toBe('无权');
      else if (last.code === 'GR01' || last.code === 'TR01') expect(st.status).toBe('有权');
      else expect(st.status).toBe('审中');
      statuses[st.status] = (statuses[st.status] ?? 0) + 1;
      expect(r.title.length).toBeGreaterThan(1);
      expect(r.ipc.length).toBeGreaterThan(0);
    }
    expect(demoCompany).toBe(375);
    expect(Object.keys(statuses).sort()).toEqual(['审中', '无权', '有权']);
  });
});
