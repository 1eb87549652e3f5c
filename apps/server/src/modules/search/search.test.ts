import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { normalise } from '../../search/normalise';
import { parseExpression, quoteValue, type Node } from '../../search/expression';
import { queryTokens, segment } from '../../search/tokenise';
import { applicationCheckDigit } from '../../search/patent-number';
import { hasPatentData, readPatents, rng } from '../../search/test-data';
import { ipcClass, ipcSection } from '../../search/engine/facets';
import { allJobHandlers } from '..';
import { drainJobs } from '../jobs/jobs.service';
import { writeIndex } from '../../search/engine/index-writer';
import { readyStore, storeWhenReady } from '../../search/engine/sqlite-store';
import { search, searchIds, trends } from './search.service';
import { up as reindex018 } from '../../db/migrations/018-reindex-text';
import { up as reindexMigration } from '../../db/migrations/019-reindex-text';
import { contentHash } from '../patents/patents.repo';
import { EXPORT_DENIED } from './search.routes';
import { loadRecords, referenceEval, referenceMatch, storedDocs, type StoredDoc } from './testing';

const an = (digits12: string) => `CN${digits12}.${applicationCheckDigit(digits12)}`;
/** Both paths of either database: the in-memory columns (sqlite-store.ts, pg-store.ts) and plain SQL. */
const ENGINES: readonly ('auto' | 'sql')[] = ['auto', 'sql'];

async function idsOf(t: TestApp, ast: Node, engine: 'auto' | 'sql'): Promise<number[]> {
  const r = await searchIds(t.deps, ast, { limit: 100000, engine });
  expect(r.ids.length).toBe(r.total);
  return [...r.ids].sort((a, b) => a - b);
}

function expectedIds(docs: StoredDoc[], ast: Node): number[] {
  return docs.filter((d) => referenceEval(ast, d)).map((d) => d.id);
}

// ─── (a) equivalence with a brute-force scan, on real records ───────────────────────────────────────────────

describe.runIf(hasPatentData())('search = brute-force substring scan on real records', () => {
  let t: TestApp;
  let docs: StoredDoc[];
  const terms: { term: string; prefix?: boolean }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const records = [
      ...readPatents('cn_title_ipc_subclass.jsonl', 1500),
      ...readPatents('cn_g06f_title_abstract_cpc.jsonl', 1450),
      ...readPatents('cn_full_fields_fixtures.jsonl'),
    ];
    await loadRecords(t.db, records);
    docs = await storedDocs(t.db);

    // ≥ 200 terms: 1- to 6-character substrings of titles and abstracts, mixed Latin/CJK terms, misses.
    const rand = rng(20260501);
    const seen = new Set<string>();
    while (terms.length < 210) {
      const d = docs[Math.floor(rand() * docs.length)];
      const text = rand() < 0.5 || !d.abstract ? d.title : d.abstract;
      const chars = Array.from(text);
      if (chars.length === 0) continue;
      const len = 1 + Math.floor(rand() * 6);
      const start = Math.floor(rand() * Math.max(1, chars.length - len));
      const term = chars
        .slice(start, start + len)
        .join('')
        .trim();
      const m = queryTokens(normalise(term));
      if (!term || m.kind === 'empty' || seen.has(term) || /["\\]/.test(term)) continue;
      seen.add(term);
      terms.push({ term });
    }
    for (const term of [
      'CPU模块',
      '4G通信',
      '5G',
      'cpu',
      'LTE',
      'wifi',
      'Wi-Fi',
      '基于BP神经网络',
      'AI芯片',
      '锂电池组装配合金',
      '量子纠缠态密钥注入',
      'zzqx',
      '齉龘',
    ]) {
      terms.push({ term });
    }
    for (const term of ['dat', 'ap', 'comp', 'sens']) terms.push({ term, prefix: true });
  }, 240000);
  afterAll(() => t?.close());

  it('loaded the records', () => {
    expect(docs.length).toBeGreaterThan(2900);
    expect(terms.length).toBeGreaterThanOrEqual(200);
  });

  for (const field of ['TI', 'AB', 'TX'] as const) {
    it(`${field}: every term finds exactly the patents whose normalised field contains it`, async () => {
      const fields = (d: StoredDoc) =>
        field === 'TI' ? [d.title] : field === 'AB' ? [d.abstract] : [d.title, d.abstract, d.claims];
      const norm = new Map(docs.map((d) => [d.id, fields(d).map(normalise)]));
      const failures: string[] = [];
      let nonEmpty = 0;
      for (const { term, prefix } of terms) {
        const expr = prefix ? `${field}=${term}*` : `${field}=${quoteValue(term, true)}`;
        const ast = parseExpression(expr);
        const first = segment(normalise(term))[0].text.slice(0, 1);
        const want = docs
          .filter((d) => norm.get(d.id)!.some((n) => n.includes(first) && referenceMatch(n, term, !!prefix)))
          .map((d) => d.id);
        if (want.length) nonEmpty++;
        for (const engine of ENGINES) {
          const got = await idsOf(t, ast, engine);
          if (got.join() !== want.join()) failures.push(`${engine} ${expr}: got ${got.length}, want ${want.length}`);
        }
      }
      expect(failures).toEqual([]);
      expect(nonEmpty).toBeGreaterThan(100);
    }, 240000);
  }

  it('NEAR, AND, OR, NOT over real text equal the reference evaluation', async () => {
    const rand = rng(7);
    const words = terms.filter((x) => !x.prefix && Array.from(x.term).length >= 2).map((x) => x.term);
    const exprs: string[] = [];
    for (let i = 0; i < 30; i++) {
      const a = quoteValue(words[Math.floor(rand() * words.length)], true);
      const b = quoteValue(words[Math.floor(rand() * words.length)], true);
      const n = 1 + Math.floor(rand() * 12);
      exprs.push(`TX=(${a} NEAR/${n} ${b})`, `TI=${a} OR AB=${b}`, `TX=${a} NOT TI=${b}`, `(TX=${a} OR TX=${b}) AND NOT AB=${a}`);
    }
    exprs.push('TX=(数据 NEAR/2 处理)', 'TX=(数 NEAR/3 据)', 'TX=(系统 NEAR/1 方法)', 'AB=(模块 NEAR/5 "4G")');
    const failures: string[] = [];
    for (const e of exprs) {
      const ast = parseExpression(e);
      const want = expectedIds(docs, ast);
      for (const engine of ENGINES) {
        const got = await idsOf(t, ast, engine);
        if (got.join() !== want.join()) failures.push(`${engine} ${e}: got ${got.length}, want ${want.length}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240000);

  it('phrases and NEAR on applicants and inventors stay inside one value, as in the reference', async () => {
    const exprs: string[] = [];
    let joinedHits = 0;
    const ok = (v: string) => !/["\\]/.test(v) && queryTokens(v).kind !== 'empty';
    for (const d of docs) {
      for (const [field, values] of [
        ['IN', d.inventors],
        ['PA', d.applicants],
      ] as const) {
        if (values.length < 2 || exprs.length >= 120) continue;
        // The end of one value and the start of the next: a phrase that only exists across the two.
        const tail = Array.from(values[0]).slice(-2).join('').trim();
        const head = Array.from(values[1]).slice(0, 2).join('').trim();
        if (!ok(tail) || !ok(head) || !ok(values[1])) continue;
        const across = `${tail} ${head}`;
        if (referenceMatch(normalise(values.join(' ; ')), across)) joinedHits++;
        exprs.push(
          `${field}=${quoteValue(across, true)}`,
          `${field}=(${quoteValue(tail, true)} NEAR/20 ${quoteValue(head, true)})`,
          `${field}=${quoteValue(values[1], true)}`,
        );
      }
    }
    // Joined into one text, these phrases would match: the cases can tell the two meanings apart.
    expect(joinedHits).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const e of exprs) {
      const ast = parseExpression(e);
      const want = expectedIds(docs, ast);
      for (const engine of ENGINES) {
        const got = await idsOf(t, ast, engine);
        if (got.join() !== want.join()) failures.push(`${engine} ${e}: got ${got.length}, want ${want.length}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240000);

  // ─── (c) totals and facets equal brute-force counts ────────────────────────────────────────────────────
  it('totals and facets equal brute-force counts', async () => {
    for (const e of ['数据', '装置 OR 系统', 'TI=方法 NOT AB=数据', '类型=发明 AND TX=控制']) {
      const ast = parseExpression(e);
      const set = docs.filter((d) => referenceEval(ast, d));
      const count = (key: (d: StoredDoc) => string) => {
        const m = new Map<string, number>();
        for (const d of set) {
          const k = key(d);
          if (k) m.set(k, (m.get(k) ?? 0) + 1);
        }
        return m;
      };
      const apps = new Map<string, number>();
      for (const d of set) for (const a of d.applicants) apps.set(a, (apps.get(a) ?? 0) + 1);
      for (const engine of ENGINES) {
        const r = await search(t.deps, { ast, facets: true, engine, page_size: 5 });
        expect(r.total, `${engine} ${e}`).toBe(set.length);
        const asMap = (b: { value: string; count: number }[]) => new Map(b.map((x) => [x.value, x.count]));
        expect(asMap(r.facets!.type)).toEqual(count((d) => d.type));
        expect(asMap(r.facets!.legal_status)).toEqual(count((d) => d.legal_status));
        expect(asMap(r.facets!.app_year)).toEqual(count((d) => (d.app_year ? String(d.app_year) : '')));
        expect(asMap(r.facets!.ipc_section)).toEqual(count((d) => ipcSection(d.ipc_main)));
        expect(asMap(r.facets!.ipc_class)).toEqual(count((d) => ipcClass(d.ipc_main)));
        for (const b of r.facets!.applicant) expect(b.count).toBe(apps.get(b.value));
        const top = [...apps.values()].sort((a, b) => b - a).slice(0, 20);
        expect(r.facets!.applicant.map((b) => b.count)).toEqual(top);
      }
    }
  }, 120000);

  // ─── (g) statistics over the whole result ──────────────────────────────────────────────────────────────
  it('trend endpoints cover the whole result set and sum to the total', async () => {
    for (const expression of ['数据', 'TX=系统 AND NOT TI=方法']) {
      const ast = parseExpression(expression);
      const total = docs.filter((d) => referenceEval(ast, d)).length;
      const sum = (b: { count: number }[]) => b.reduce((s, x) => s + x.count, 0);
      const law = await call(t.app, 'POST', '/v1/frontend/trend/trend_law', { body: { expression } });
      expect(law.status).toBe(200);
      expect(law.body.data.total).toBe(total);
      expect(sum(law.body.data.legal_status)).toBe(total);
      const pat = (await call(t.app, 'POST', '/v1/frontend/trend/trend_patent', { body: { expression } })).body.data;
      expect(sum(pat.type)).toBe(total);
      expect(sum(pat.ipc_section)).toBe(total);
      expect(sum(pat.ipc_class)).toBe(total);
      const times = (await call(t.app, 'POST', '/v1/frontend/trend/trend_times', { body: { expression } })).body.data;
      expect(sum(times.app_year)).toBe(total);
      const years = times.app_year.map((b: { value: string }) => b.value).filter((v: string) => v !== '未知');
      expect(years).toEqual([...years].sort());
      const comp = (await call(t.app, 'POST', '/v1/frontend/trend/trend_company', { body: { expression, limit: 50 } })).body.data;
      expect(comp.applicant.length).toBeLessThanOrEqual(50);
      const withApplicant = docs.filter((d) => referenceEval(ast, d) && d.applicants.length > 0).length;
      expect(comp.no_applicant).toBe(total - withApplicant);
      // Same numbers from the service on the SQL path.
      const viaSql = await trends(t.deps, ast, 'law', { engine: 'sql' });
      expect(viaSql.legal_status).toEqual(law.body.data.legal_status);
    }
  }, 60000);
});

// ─── (b) expressions with known answers on a hand-made fixture ──────────────────────────────────────────────

const FIXTURE = [
  {
    pn: 'CN111111111A',
    an: an('202010000001'),
    ad: '2020-03-01',
    pd: '2020-09-01',
    title: '一种锂电池正极材料及其制备方法',
    abstract: '本发明公开了一种锂电池正极材料，采用磷酸铁锂包覆，循环寿命长。',
    claims:
      '1.一种锂电池正极材料，其特征在于，包括磷酸铁锂。2.根据权利要求1所述的正极材料，其特征在于，还包括碳。3.一种电池，包括权利要求1或2所述的正极材料。',
    applicants: ['比亚迪股份有限公司'],
    inventors: ['王伟'],
    ipc: ['H01M4/58', 'H01M10/0525'],
    type: '发明',
    legal_status: '审中-实质审查',
  },
  {
    pn: 'CN222222222U',
    an: an('202120000002'),
    ad: '2021-05-10',
    pd: '2021-12-01',
    title: '锂电池散热装置',
    abstract: '本实用新型涉及一种锂电池的散热装置，包括风扇和散热片。',
    claims: '1.一种锂电池散热装置，其特征在于，包括风扇。',
    applicants: ['宁德时代新能源科技股份有限公司'],
    inventors: ['李强'],
    ipc: ['H01M10/613'],
    type: '实用新型',
    legal_status: '有权-审定授权',
  },
  {
    pn: 'CN333333333A',
    an: an('201910000003'),
    ad: '2019-07-20',
    pd: '2020-01-15',
    title: '基于深度学习的图像识别方法',
    abstract: '本发明提供一种基于深度学习的图像识别方法，使用卷积神经网络CNN提取特征，GPU加速。',
    claims: '1.一种图像识别方法，其特征在于，包括：获取图像；使用卷积神经网络识别。',
    applicants: ['华为技术有限公司'],
    inventors: ['张敏'],
    ipc: ['G06V10/82', 'G06N3/04'],
    type: '发明',
    legal_status: '无权-视为撤回',
  },
  {
    pn: 'CN444444444A',
    an: an('202210000004'),
    ad: '2022-02-02',
    pd: '2022-08-08',
    title: '电池管理系统及电动汽车',
    abstract: '一种电池管理系统，用于监测电池电压和温度，适用于锂离子电池组。',
    claims: '1.一种电池管理系统，其特征在于，包括采集模块。',
    applicants: ['比亚迪股份有限公司', '华为技术有限公司'],
    inventors: ['王伟', '陈静'],
    ipc: ['H01M10/42', 'B60L58/12'],
    type: '发明',
    legal_status: '审中',
  },
  {
    pn: 'CN555555555S',
    an: an('202330000005'),
    ad: '2023-06-06',
    pd: '2023-10-10',
    title: '手机<script>alert(1)</script>外壳',
    abstract: '外观设计产品为手机外壳 & 保护套。',
    claims: '',
    applicants: ['小米科技有限责任公司'],
    inventors: ['赵磊'],
    ipc: [],
    type: '外观设计',
    legal_status: '有权',
  },
  {
    pn: 'CN666666666A',
    an: an('201810000006'),
    ad: '2018-01-01',
    pd: '2018-07-01',
    title: '鋰電池極片塗佈設備',
    abstract: 'ＬＩＴＨＩＵＭ battery coating machine 用于鋰電池極片的塗佈。',
    claims: '1.一种涂布设备。',
    applicants: ['深圳市赢合科技股份有限公司'],
    inventors: ['周涛'],
    ipc: ['H01M4/04', 'B05C11/10'],
    type: '发明',
    legal_status: '无权-未缴年费',
  },
];
const PN_ORDER = FIXTURE.map((f) => f.pn);

describe('search on a hand-made fixture', () => {
  let t: TestApp;
  let idOf: Map<string, number>;
  let docs: StoredDoc[];

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-01-01T00:00:00Z' });
    await loadRecords(t.db, FIXTURE);
    const rows = await t.db.db.selectFrom('patent_pubs').select(['pn', 'patent_id']).execute();
    idOf = new Map(rows.map((r) => [r.pn, Number(r.patent_id)]));
    docs = await storedDocs(t.db);
  });
  afterAll(() => t?.close());

  const cases: [string, string[]][] = [
    ['锂电池', ['CN111111111A', 'CN222222222U', 'CN666666666A']],
    ['名称=锂电池', ['CN111111111A', 'CN222222222U', 'CN666666666A']],
    ['名称=(锂电池 AND 正极)', ['CN111111111A']],
    ['TI=锂电池 OR TI=图像', ['CN111111111A', 'CN222222222U', 'CN333333333A', 'CN666666666A']],
    ['TI=锂电池 NOT TI=散热', ['CN111111111A', 'CN666666666A']],
    ['NOT TX=电池', ['CN333333333A', 'CN555555555S']],
    ['电池 NOT 锂电池', ['CN444444444A']],
    ['电 池', ['CN111111111A', 'CN222222222U', 'CN444444444A', 'CN666666666A']],
    // NEAR/n: at most n words or CJK characters between ("电池电压和温度": 3; "卷积神经网络": 2).
    ['AB=(电池 NEAR/2 温度)', []],
    ['AB=(电池 NEAR/3 温度)', ['CN444444444A']],
    ['AB=(卷积 NEAR/1 网络)', []],
    ['AB=(卷积 NEAR/2 网络)', ['CN333333333A']],
    ['AB=(网络 NEAR/3 卷积)', ['CN333333333A']],
    ['AB=(卷积 NEAR/1 积神)', ['CN333333333A']],
    ['AB=(神 NEAR/1 卷)', ['CN333333333A']],
    ['TX=lithium', ['CN666666666A']],
    ['TX=lith*', ['CN666666666A']],
    ['TX=cnn', ['CN333333333A']],
    ['TX=cn', []],
    ['申请日>=2021-01-01', ['CN222222222U', 'CN444444444A', 'CN555555555S']],
    ['申请日=2020', ['CN111111111A']],
    ['AD=[2019-01-01 TO 2020-12-31]', ['CN111111111A', 'CN333333333A']],
    ['PD<2020-01-15', ['CN666666666A']],
    ['NOT GD>=2000', ['CN111111111A', 'CN333333333A', 'CN444444444A', 'CN666666666A']],
    ['IPC=H01M', ['CN111111111A', 'CN222222222U', 'CN444444444A', 'CN666666666A']],
    ['IPC=H01M10', ['CN111111111A', 'CN222222222U', 'CN444444444A']],
    ['MIPC=H01M10', ['CN222222222U', 'CN444444444A']],
    ['IPC=G06N', ['CN333333333A']],
    ['类型=实用新型', ['CN222222222U']],
    ['TYPE=(I OR D)', ['CN111111111A', 'CN333333333A', 'CN444444444A', 'CN555555555S', 'CN666666666A']],
    ['法律状态=有权', ['CN222222222U', 'CN555555555S']],
    ['LS=无权 AND IPC=H01M', ['CN666666666A']],
    // IPC within a few candidates (looked up patent by patent), within none, and the main code only.
    ['电池 AND IPC=H01M', ['CN111111111A', 'CN222222222U', 'CN444444444A', 'CN666666666A']],
    ['电池 AND MIPC=H01M10', ['CN222222222U', 'CN444444444A']],
    ['锂电池 AND IPC=G06N', []],
    ['申请人=比亚迪', ['CN111111111A', 'CN444444444A']],
    ['PA=华为 AND PA=比亚迪', ['CN444444444A']],
    ['发明人=王伟', ['CN111111111A', 'CN444444444A']],
    [`AN=${an('202120000002')}`, ['CN222222222U']],
    ['PN=CN333333333A', ['CN333333333A']],
    ['PN=CN333333333', ['CN333333333A']],
    ['名称=(锂电池 AND 正极) AND 申请日>=2020-01-01 NOT 法律状态=(无权)', ['CN111111111A']],
    ['(TI=电池 OR IPC=G06V) AND AD>=2020', ['CN111111111A', 'CN222222222U', 'CN444444444A']],
    ['(TI=图像 OR IPC=G06V) AND AD<2020', ['CN333333333A']],
    // Text conditions ORed: each its own FTS5 query (on its own table), alone, within an AND, with a NOT among them.
    ['TI=图像 OR AB=磷酸铁锂', ['CN111111111A', 'CN333333333A']],
    ['(TI=电池 OR AB=卷积) AND AD>=2020', ['CN111111111A', 'CN222222222U', 'CN444444444A']],
    [
      '(名称=电池 OR 摘要=网络 OR NOT 法律状态=无权) AND 申请日<2022',
      ['CN111111111A', 'CN222222222U', 'CN333333333A', 'CN666666666A'],
    ],
    ['权利要求=磷酸铁锂', ['CN111111111A']],
    ['TX=保护套', ['CN555555555S']],
  ];

  for (const [expression, want] of cases) {
    it(`${expression} → ${want.length} patents, on every path`, async () => {
      const ast = parseExpression(expression);
      const wantIds = want.map((pn) => idOf.get(pn)!).sort((a, b) => a - b);
      expect(expectedIds(docs, ast)).toEqual(wantIds);
      for (const engine of ENGINES) expect(await idsOf(t, ast, engine), engine).toEqual(wantIds);
      const res = await call(t.app, 'POST', '/v1/search/expression', { body: { expression, page_size: 100 } });
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(want.length);
      expect(res.body.data.list.map((h: { pn: string }) => h.pn).sort()).toEqual([...want].sort());
    });
  }

  it('takes the top-bar keywords as 关键词 terms, ANDed', async () => {
    const res = await call(t.app, 'POST', '/v1/search/expression', { body: { val: '锂电池  正极' } });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.expression).toBe('锂电池 AND 正极');
    for (const val of ['CN222222222U', 'cn 222222222', '202120000002', an('202120000002')]) {
      const byNumber = await call(t.app, 'POST', '/v1/search/expression', { body: { val: val.replace(' ', '') } });
      expect(
        byNumber.body.data.list.map((h: { pn: string }) => h.pn),
        val,
      ).toEqual(['CN222222222U']);
    }
    const empty = await call(t.app, 'POST', '/v1/search/expression', { body: { val: ' ，。 ' } });
    expect(empty.status).toBe(400);
  });

  it('takes Espacenet queries through /v1/di/expression', async () => {
    const res = await call(t.app, 'POST', '/v1/di/expression', {
      body: { query: 'ti=锂电池 and pa=比亚迪 and pd within "2019 2020"' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((h: { pn: string }) => h.pn)).toEqual(['CN111111111A']);
  });

  // ─── (d) highlights ────────────────────────────────────────────────────────────────────────────────────
  it('highlights matches and escapes everything else', async () => {
    const res = await call(t.app, 'POST', '/v1/search/expression', { body: { expression: '手机 OR 保护套' } });
    const hit = res.body.data.list[0];
    expect(hit.title).toBe('<em>手机</em>&lt;script&gt;alert(1)&lt;/script&gt;外壳');
    expect(hit.abstract).toBe('外观设计产品为<em>手机</em>外壳 &amp; <em>保护套</em>。');
    const trad = await call(t.app, 'POST', '/v1/search/expression', { body: { expression: 'TI=锂电池' } });
    const t6 = trad.body.data.list.find((h: { pn: string }) => h.pn === 'CN666666666A');
    expect(t6.title).toBe('<em>鋰電池</em>極片塗佈設備');
    const script = await call(t.app, 'POST', '/v1/search/expression', { body: { expression: 'TI="<script>"' } });
    expect(script.body.data.total).toBe(1);
    expect(script.body.data.list[0].title).toBe('手机&lt;<em>script</em>&gt;alert(1)&lt;/<em>script</em>&gt;外壳');
  });

  // ─── (e) syntax errors ─────────────────────────────────────────────────────────────────────────────────
  it('answers a syntax error with 400, a Chinese message and the position', async () => {
    const res = await call(t.app, 'POST', '/v1/search/expression', { body: { expression: '名称=(锂电池 AND 正极' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toMatch(/^第 \d+ 个字符处/);
    expect(res.body.position).toBeGreaterThan(0);
    for (const bad of [
      'TI=',
      'AD>=2020-13-45',
      '锂电池 AND',
      'IPC=XYZ',
      '法律状态=不知道',
      'TI=(a NEAR/500 b)',
      `TI=${'锂'.repeat(60)}`,
    ]) {
      const r = await call(t.app, 'POST', '/v1/search/expression', { body: { expression: bad } });
      expect(r.status, bad).toBe(400);
      expect(r.body.msg, bad).toMatch(/[\u4e00-\u9fff]/);
      expect(typeof r.body.position, bad).toBe('number');
    }
    const di = await call(t.app, 'POST', '/v1/di/expression', { body: { query: 'ti=(锂电池' } });
    expect(di.status).toBe(400);
    expect(di.body.position).toBeGreaterThan(0);
    const trend = await call(t.app, 'POST', '/v1/frontend/trend/trend_law', { body: { expression: '(((' } });
    expect(trend.status).toBe(400);
  });

  // ─── (f) pagination and sort ───────────────────────────────────────────────────────────────────────────
  it('pages through a sorted result without gaps or repeats', async () => {
    const byPd = [...FIXTURE].sort((a, b) => b.pd.localeCompare(a.pd)).map((f) => f.pn);
    for (const engine of ENGINES) {
      const all: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const r = await search(t.deps, { ast: parseExpression('PD>=2000'), sort: 'date_desc', page, page_size: 2, engine });
        expect(r.total).toBe(6);
        all.push(...r.list.map((h) => h.pn!));
      }
      expect(all).toEqual(byPd);
      const asc = await search(t.deps, { ast: parseExpression('PD>=2000'), sort: 'date_asc', page_size: 10, engine });
      expect(asc.list.map((h) => h.pn)).toEqual([...byPd].reverse());
      const ad = await search(t.deps, { ast: parseExpression('PD>=2000'), sort: 'ad_asc', page_size: 10, engine });
      expect(ad.list.map((h) => h.ad)).toEqual(FIXTURE.map((f) => f.ad).sort());
      const beyond = await search(t.deps, { ast: parseExpression('PD>=2000'), page: 9, page_size: 10, engine });
      expect(beyond.total).toBe(6);
      expect(beyond.list).toEqual([]);
    }
    // Past the end of a small result: an empty page with the total (issue 11 item 7), however far.
    for (const page of [101, 200, 5000]) {
      const pastEnd = await call(t.app, 'POST', '/v1/search/expression', {
        body: { expression: '电池', page, page_size: 100 },
      });
      expect(pastEnd.status, String(page)).toBe(200);
      expect(pastEnd.body.data).toMatchObject({ total: 4, page, page_size: 100, list: [] });
    }
    const tooBig = await call(t.app, 'POST', '/v1/search/expression', { body: { expression: '电池', page_size: 101 } });
    expect(tooBig.status).toBe(400);
  });

  it('pages large results in date order by walking the precomputed order (SQLite columns)', async () => {
    if (t.dialect !== 'sqlite') return;
    const store = readyStore(t.db.sqlite!)!;
    const set = store.evaluate(parseExpression('PD>=2000 OR TX=电池'));
    for (const sort of ['date_desc', 'date_asc', 'ad_desc', 'ad_asc'] as const) {
      for (const k of [1, 3, 6, 10])
        expect(store.firstByDate(set, sort, k, 0), `${sort} ${k}`).toEqual(store.firstByDate(set, sort, k, Infinity));
    }
  });

  it('ranks title matches above abstract-only matches', async () => {
    for (const engine of ENGINES) {
      const r = await search(t.deps, { ast: parseExpression('锂电池'), sort: 'relevance', engine });
      expect(r.total).toBe(3);
      // CN666666666A has 锂电池 in its title and twice more; CN222222222U in title and abstract.
      expect(
        r.list
          .map((h) => h.pn)
          .slice(0, 3)
          .sort(),
      ).toEqual(['CN111111111A', 'CN222222222U', 'CN666666666A']);
    }
    const r = await search(t.deps, { ast: parseExpression('TX=温度 OR TI=图像'), sort: 'relevance' });
    expect(r.list.map((h) => h.pn)).toEqual(['CN333333333A', 'CN444444444A']);
  });

  it('orders a broad result (a condition over the ranking limit) title matches first, each group newest first', async () => {
    // 锂电池 is in the titles of CN111 (pd 2020-09), CN222 (2021-12) and CN666 (2018-07); 温度 only in CN444's
    // abstract (pd 2022-08). Over the limit: the title tier by date, then the rest.
    const ast = parseExpression('TX=(锂电池 OR 温度)');
    for (const engine of ENGINES) {
      const capped = await search(t.deps, { ast, sort: 'relevance', engine, rankMax: 2 });
      expect(capped.total, engine).toBe(4);
      expect(
        capped.list.map((h) => h.pn),
        engine,
      ).toEqual(['CN222222222U', 'CN111111111A', 'CN666666666A', 'CN444444444A']);
      // Under the limit the score decides, which orders these four otherwise.
      const scored = await search(t.deps, { ast, sort: 'relevance', engine });
      expect(scored.list.map((h) => h.pn).sort(), engine).toEqual(capped.list.map((h) => h.pn).sort());
      expect(
        scored.list.map((h) => h.pn),
        engine,
      ).not.toEqual(capped.list.map((h) => h.pn));
      // Without a title condition, over the limit is plain date order.
      const ab = await search(t.deps, { ast: parseExpression('AB=(锂电池 OR 温度)'), sort: 'relevance', engine, rankMax: 1 });
      expect(
        ab.list.map((h) => h.pn),
        engine,
      ).toEqual(['CN444444444A', 'CN222222222U', 'CN111111111A', 'CN666666666A']);
    }
  });

  it('narrows by facet filters and returns facets', async () => {
    for (const engine of ENGINES) {
      const r = await search(t.deps, {
        ast: parseExpression('电池'),
        facets: true,
        engine,
        filters: { type: ['发明'], applicant: ['比亚迪股份有限公司'] },
      });
      expect(r.list.map((h) => h.pn).sort()).toEqual(['CN111111111A', 'CN444444444A']);
      const f = await search(t.deps, {
        ast: parseExpression('电池'),
        facets: true,
        engine,
        filters: { ipc_class: ['H01'], app_year: [2020, 2022] },
      });
      expect(f.list.map((h) => h.pn).sort()).toEqual(['CN111111111A', 'CN444444444A']);
      expect(f.facets!.ipc_section).toEqual([{ value: 'H', count: 2 }]);
      const s = await search(t.deps, {
        ast: parseExpression('电池'),
        facets: true,
        engine,
        filters: { legal_status: ['无权'], ipc_section: ['H'] },
      });
      expect(s.list.map((h) => h.pn)).toEqual(['CN666666666A']);
      // An applicant who is not a patent's first: the in-memory columns keep the others apart.
      const second = await search(t.deps, { ast: parseExpression('电池'), engine, filters: { applicant: ['华为技术有限公司'] } });
      expect(
        second.list.map((h) => h.pn),
        engine,
      ).toEqual(['CN444444444A']);
    }
    const res = await call(t.app, 'POST', '/v1/search/expression', {
      body: { expression: '电池', filters: { type: '实用新型' } },
    });
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.facets.type).toEqual([{ value: '实用新型', count: 1 }]);
    expect(res.body.data.facets.applicant).toEqual([{ value: '宁德时代新能源科技股份有限公司', count: 1 }]);
  });

  it('sees patents written after the first search (and removed ones disappear)', async () => {
    expect((await search(t.deps, { ast: parseExpression('钠离子') })).total).toBe(0);
    await loadRecords(t.db, [{ pn: 'CN777777777A', title: '钠离子电池', type: '发明', ad: '2024-01-01', ipc: ['H01M10/054'] }]);
    for (const engine of ENGINES) {
      const r = await search(t.deps, { ast: parseExpression('钠离子 AND IPC=H01M AND 申请日=2024'), facets: true, engine });
      expect(r.total, engine).toBe(1);
      expect(r.facets!.app_year).toEqual([{ value: '2024', count: 1 }]);
    }
    const id = (
      await t.db.db.selectFrom('patent_pubs').select('patent_id').where('pn', '=', 'CN777777777A').executeTakeFirstOrThrow()
    ).patent_id;
    await t.db.db.updateTable('patents').set({ legal_status: '有权' }).where('id', '=', id).execute();
    expect((await search(t.deps, { ast: parseExpression('钠离子 AND LS=有权') })).total).toBe(1);
    await t.db.db.deleteFrom('patent_ipc').where('patent_id', '=', id).execute();
    await t.db.db.deleteFrom('patent_applicants').where('patent_id', '=', id).execute();
    await t.db.db.deleteFrom('patent_pubs').where('patent_id', '=', id).execute();
    if (t.dialect === 'sqlite') {
      for (const table of ['patents_fts', 'patents_ti', 'patents_tx'])
        await sql`DELETE FROM ${sql.table(table)} WHERE rowid = ${id}`.execute(t.db.db);
    }
    await t.db.db.deleteFrom('patents').where('id', '=', id).execute();
    for (const engine of ENGINES) expect((await search(t.deps, { ast: parseExpression('申请日=2024'), engine })).total).toBe(0);
  });

  it('answers the field list, the form translation and smart search', async () => {
    const fields = await call(t.app, 'POST', '/v1/search/fields', { body: {} });
    expect(fields.body.data.find((f: { code: string }) => f.code === 'TI')).toMatchObject({ name: '名称', kind: 'text' });
    const form = await call(t.app, 'POST', '/v1/search/get-expression', {
      body: { form: { 名称: '锂电池 OR 钠电池', AD: ['2020-01-01', ''], TYPE: ['发明'] } },
    });
    expect(form.status).toBe(200);
    expect(form.body.data.expression).toBe('TI=(锂电池 OR 钠电池) AND AD>=2020-01-01 AND TYPE=发明');
    const bad = await call(t.app, 'POST', '/v1/search/get-expression', { body: { form: { 名称: '(锂电池' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/名称/);
    const empty = await call(t.app, 'POST', '/v1/search/get-expression', { body: { form: {} } });
    expect(empty.status).toBe(400);
    const smart = await call(t.app, 'POST', '/v1/search/intelligence', {
      body: { text: '本发明涉及一种锂电池正极材料，通过磷酸铁锂包覆提高循环寿命，并改善电池的散热。' },
    });
    expect(smart.status).toBe(200);
    expect(smart.body.data.keywords.length).toBeGreaterThan(0);
    expect(smart.body.data.expression).toMatch(/ OR /);
    expect(smart.body.data.results.total).toBeGreaterThan(0);
  });

  it('reads one patent whole, with its claims numbered and independent claims marked', async () => {
    const byNumber = await call(t.app, 'POST', '/v1/patents/detail', { body: { number: 'CN111111111' } });
    expect(byNumber.status).toBe(200);
    const p = byNumber.body.data;
    expect(p.title).toBe('一种锂电池正极材料及其制备方法');
    expect(p.claims_list.map((c: { num: number; independent: boolean }) => [c.num, c.independent])).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
    expect(p.claims_list[2].refs).toEqual([1, 2]);
    const byId = await call(t.app, 'POST', '/v1/patents/detail', { body: { id: p.id } });
    expect(byId.body.data.pn).toBe('CN111111111A');
    const byAn = await call(t.app, 'POST', '/v1/patents/detail', { body: { number: an('202010000001') } });
    expect(byAn.body.data.id).toBe(p.id);
    const missing = await call(t.app, 'POST', '/v1/patents/detail', { body: { number: 'CN999999999A' } });
    expect(missing.status).toBe(404);
    // An id past the databases' 32-bit ids is refused in Chinese (PostgreSQL answered 500: out of range for integer).
    for (const id of [2147483648, 1.5, -1, 'x']) {
      const bad = await call(t.app, 'POST', '/v1/patents/detail', { body: { id } });
      expect(bad.status, String(id)).toBe(400);
      expect(bad.body).toMatchObject({ code: 0, msg: '专利编号不正确' });
    }
  });

  it('remembers a logged-in user’s recent searches', async () => {
    const token = await loginAs(t.app, 'company');
    for (const expression of ['锂电池', '图像', '锂电池']) {
      await call(t.app, 'POST', '/v1/search/expression', { token, body: { expression } });
    }
    await call(t.app, 'POST', '/v1/search/expression', { body: { expression: '匿名检索' } });
    const res = await call(t.app, 'POST', '/v1/search/history', { token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data.map((h: { expression: string }) => h.expression)).toEqual(['锂电池', '图像']);
    expect(res.body.data[0].total).toBe(3);
    expect((await call(t.app, 'POST', '/v1/search/history', { body: {} })).status).toBe(401);
  });

  it('exports the whole result to Excel as a job (not for trial users)', async () => {
    const token = await loginAs(t.app, 'company');
    const res = await call(t.app, 'POST', '/v1/frontend/user/patent_export', {
      token,
      body: { expression: '电池', sort: 'date_asc' },
    });
    expect(res.status).toBe(200);
    const jobId = res.body.data.job_id;
    await drainJobs(t.deps, allJobHandlers());
    const status = await call(t.app, 'POST', '/v1/jobs/status', { token, body: { id: jobId } });
    expect(status.body.data.status).toBe('done');
    expect(status.body.data.result.rows).toBe(4);
    // A private file, read through the signed link the status hands out (ADR 0014).
    const file = await t.app.inject({ method: 'GET', url: status.body.data.result.url });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(5);
    expect(ws.getRow(1).getCell(11).value).toBe('法律状态');
    expect(ws.getRow(2).getCell(2).value).toBe('CN666666666A');
    expect(ws.getRow(2).getCell(11).value).toBe('无权');
    const trial = await loginAs(t.app, 'trial');
    const refused = await call(t.app, 'POST', '/v1/frontend/user/patent_export', { token: trial, body: { expression: '电池' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 0, msg: EXPORT_DENIED });
    const bad = await call(t.app, 'POST', '/v1/frontend/user/patent_export', { token, body: { expression: '电池 AND' } });
    expect(bad.status).toBe(400);
    const wrongType = await call(t.app, 'POST', '/v1/frontend/user/patent_export', { token, body: { val: 123 } });
    expect(wrongType.body).toMatchObject({ code: 0, msg: '字段 val 类型不正确' });
    const wrongPage = await call(t.app, 'POST', '/v1/search/expression', { body: { val: '电池', page: 'x' } });
    expect(wrongPage.body).toMatchObject({ code: 0, msg: '字段 page 类型不正确' });
  });

  it('keeps the fixture order stable', () => {
    expect(PN_ORDER.length).toBe(6);
  });
});

// ─── multi-valued fields and NEAR distances (issue 11 items 3, 4) ───────────────────────────────────────────

describe('phrases within one value of a multi-valued field; NEAR/n in words and CJK characters', () => {
  let t: TestApp;
  let idOf: Map<string, number>;
  let docs: StoredDoc[];
  const rec = (pn: string, title: string, extra: Record<string, unknown> = {}) => ({ pn, title, type: '发明', ...extra });

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await loadRecords(t.db, [
      rec('CN710000001A', 'Tensor core scheduling', {
        inventors: ['Magnus Ekman', 'James van Zoeren'],
        applicants: ['Nvidia Corporation', 'Acme Holdings'],
        agency: 'Alpha Law Firm; Beta IP Agency',
      }),
      rec('CN710000002A', 'Shader memory', { inventors: ['James Ekman'], applicants: ['Corporation Acme'] }),
      rec('CN710000003A', '电池管理', { inventors: ['王伟', '李明'], applicants: ['华为技术有限公司', '比亚迪股份有限公司'] }),
      rec('CN710000004A', '正极材料的制备方法'),
      rec('CN710000005A', '正极材料及其制备方法'),
      rec('CN710000006A', 'graphics processing unit'),
      rec('CN710000007A', 'graphics and audio processing unit'),
      rec('CN710000008A', '基于GPU的图形处理单元'),
      rec('CN710000009A', '图形 processing 单元，正极材料'),
    ]);
    const rows = await t.db.db.selectFrom('patent_pubs').select(['pn', 'patent_id']).execute();
    idOf = new Map(rows.map((r) => [r.pn, Number(r.patent_id)]));
    docs = await storedDocs(t.db);
  });
  afterAll(() => t?.close());

  async function expectAnswer(expression: string, want: string[]) {
    const ast = parseExpression(expression);
    const wantIds = want.map((pn) => idOf.get(pn)!).sort((a, b) => a - b);
    expect(expectedIds(docs, ast), `reference ${expression}`).toEqual(wantIds);
    for (const engine of ENGINES) expect(await idsOf(t, ast, engine), `${engine} ${expression}`).toEqual(wantIds);
  }

  it.each<[string, string[]]>([
    ['IN="Ekman James"', []],
    ['IN="Magnus Ekman"', ['CN710000001A']],
    ['IN="James van Zoeren"', ['CN710000001A']],
    ['IN="James Ekman"', ['CN710000002A']],
    ['IN=(Ekman NEAR/100 James)', ['CN710000002A']],
    ['IN=(Ekman AND James)', ['CN710000001A', 'CN710000002A']],
    ['PA="Corporation Acme"', ['CN710000002A']],
    ['PA=(Corporation NEAR/1 Acme)', ['CN710000002A']],
    ['IN="伟 李"', []],
    ['IN=王伟李明', []],
    ['IN=(伟 NEAR/100 李)', []],
    ['IN=(王伟 AND 李明)', ['CN710000003A']],
    ['PA="有限公司 比亚迪"', []],
    ['PA=(技术 NEAR/50 比亚迪)', []],
    ['AG="Firm Beta"', []],
    ['AG="Beta IP"', ['CN710000001A']],
    ['AG=(law NEAR/2 agency)', []],
  ])('%s → %j on every path and in the reference', async (expression, want) => {
    await expectAnswer(expression, want);
    const res = await call(t.app, 'POST', '/v1/search/expression', { body: { expression, page_size: 100 } });
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((h: { pn: string }) => h.pn).sort()).toEqual([...want].sort());
  });

  // [title's patent, left, right, units between]: NEAR/(k − 1) misses it, NEAR/k and NEAR/(k + 1) find it.
  const boundaries: [string, string, string, number][] = [
    ['CN710000004A', '正极材料', '制备方法', 1],
    ['CN710000005A', '正极材料', '制备方法', 2],
    ['CN710000006A', 'graphics', 'unit', 1],
    ['CN710000007A', 'graphics', 'unit', 3],
    ['CN710000008A', 'gpu', '处理单元', 3],
    ['CN710000008A', '基于', '单元', 6],
    ['CN710000009A', '图形', '单元', 1],
    ['CN710000009A', 'processing', '材料', 4],
  ];
  it.each(boundaries)('%s: %s NEAR/n %s with %i between, n − 1, n, n + 1', async (pn, left, right, k) => {
    for (const n of [k - 1, k, k + 1].filter((x) => x >= 1)) {
      for (const [l, r] of [
        [left, right],
        [right, left],
      ]) {
        const expression = `TI=(${quoteValue(l, true)} NEAR/${n} ${quoteValue(r, true)})`;
        const ast = parseExpression(expression);
        const hit = (await idsOf(t, ast, ENGINES[0])).includes(idOf.get(pn)!);
        expect({ expression, hit }).toEqual({ expression, hit: n >= k });
        await expectAnswer(
          expression,
          docs.filter((d) => referenceEval(ast, d)).map((d) => [...idOf].find(([, id]) => id === d.id)![0]),
        );
      }
    }
    const res = await call(t.app, 'POST', '/v1/search/expression', {
      body: { expression: `名称=(${quoteValue(left, true)} NEAR/${k} ${quoteValue(right, true)})`, page_size: 100 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((h: { pn: string }) => h.pn)).toContain(pn);
  });

  it('an index written before (values joined into one text) is rebuilt by migration 018', async () => {
    const id = idOf.get('CN710000001A')!;
    const old = { ti: 'Tensor core scheduling', ab: '', cl: '', de: '', addr: '' };
    const joined = {
      pa: 'Nvidia Corporation ; Acme Holdings',
      inv: 'Magnus Ekman ; James van Zoeren',
      ag: 'Alpha Law Firm; Beta IP Agency',
    };
    await writeIndex(t.db.db, t.db.dialect, id, { ...old, ...joined }, true);
    // The product writes a patent's index only with its row, whose change-log entry clears the server's caches; this
    // index alone did not.
    if (t.db.sqlite) readyStore(t.db.sqlite)?.clearCaches();
    const ast = parseExpression('IN="Ekman James"');
    for (const engine of ENGINES) expect(await idsOf(t, ast, engine), engine).toEqual([id]);
    // Migration 018 run again on this database (019 and later have run here too, so the migrator would refuse).
    await reindex018(t.db.db as never, t.db.dialect);
    // A migration runs before the server starts; this server kept the stale answer in its result cache.
    if (t.db.sqlite) readyStore(t.db.sqlite)?.clearCaches();
    for (const engine of ENGINES) expect(await idsOf(t, ast, engine), engine).toEqual([]);
    await expectAnswer('IN="Magnus Ekman"', ['CN710000001A']);
    await expectAnswer('名称=(正极材料 NEAR/1 制备方法)', ['CN710000004A']);
  });
});

// ─── long fields: PostgreSQL chunks must not lose matches ───────────────────────────────────────────────────

describe('long claims and descriptions', () => {
  let t: TestApp;
  const filler = (i: number) => `所述第${i}个装置连接于底座，其中模块${i % 7}与外壳相连。`;
  const parts = Array.from({ length: 3000 }, (_, i) => filler(i));
  // Phrases placed far apart, also near where chunks are cut; a repeated lexeme ("所述") far above 256 times.
  parts.splice(10, 0, '甲乙丙丁戊己庚辛');
  parts.splice(1600, 0, '子丑寅卯辰巳午未');
  parts.splice(2999, 0, '青龙白虎朱雀玄武');
  const description = parts.join('');

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await loadRecords(t.db, [{ pn: 'CN888888888A', title: '长说明书', claims: description, description, type: '发明' }]);
  });
  afterAll(() => t?.close());

  it('finds phrases anywhere in a field longer than one tsvector can hold', async () => {
    const hits = [
      '甲乙丙丁戊己庚辛',
      '子丑寅卯辰巳午未',
      '青龙白虎朱雀玄武',
      '第2999个装置',
      '第1500个装置连接于底座',
      '所述第0个',
    ];
    const misses = ['丁戊己庚辛子', '第3001个装置', '玄武青龙'];
    for (const engine of ENGINES) {
      for (const h of hits) {
        expect(
          (await search(t.deps, { ast: parseExpression(`DE=${quoteValue(h, true)}`), engine })).total,
          `${engine} ${h}`,
        ).toBe(1);
        expect(
          (await search(t.deps, { ast: parseExpression(`CL=${quoteValue(h, true)}`), engine })).total,
          `${engine} ${h}`,
        ).toBe(1);
      }
      for (const m of misses)
        expect((await search(t.deps, { ast: parseExpression(`DE=${quoteValue(m, true)}`), engine })).total, m).toBe(0);
      expect((await search(t.deps, { ast: parseExpression('DE=(子丑 NEAR/3 辰巳)'), engine })).total).toBe(1);
      expect((await search(t.deps, { ast: parseExpression('DE=(甲乙 NEAR/3 辰巳)'), engine })).total).toBe(0);
    }
  });
});

// SQLite only (the in-memory columns do not exist on PostgreSQL): not registered there rather than skipped.
if (!process.env.TEST_DATABASE_URL) {
  describe('SQLite in-memory columns on a large id range', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: false });
      // An id far above the synchronous build limit: the first search cannot build the columns on the spot.
      const now = '2026-01-01T00:00:00.000Z';
      await t.db.db
        .insertInto('patents')
        .values({
          id: 90001,
          doc_key: 'PN:CN100000001',
          title: '后台构建测试装置',
          type: '发明',
          ad: '2021-01-01',
          app_year: 2021,
          created_at: now,
          updated_at: now,
        } as never)
        .execute();
      await writeIndex(
        t.db.db,
        'sqlite',
        90001,
        { ti: '后台构建测试装置', ab: '', cl: '', de: '', pa: '', inv: '', addr: '', ag: '' },
        false,
      );
    });
    afterAll(() => t?.close());

    it('answers through SQL while the columns build in the background, then from the columns', async () => {
      const ast = parseExpression('后台构建 AND 申请日=2021');
      const first = await search(t.deps, { ast, facets: true });
      expect(first.total).toBe(1);
      expect(first.list[0].id).toBe(90001);
      const store = await storeWhenReady(t.db.sqlite!);
      expect(readyStore(t.db.sqlite!)).toBe(store);
      const second = await search(t.deps, { ast, facets: true });
      expect(second.total).toBe(1);
      expect(second.facets).toEqual(first.facets);
    });
  });
}

// ─── issue 11: highlights, compatibility forms, facet filters, pages past the end ──────────────────────────────

describe('issue 11: highlights, normalisation and validation', () => {
  let t: TestApp;
  const RECORDS = [
    {
      pn: 'CN901000001A',
      ad: '2021-03-01',
      pd: '2021-09-01',
      title: 'Ⅱ型糖尿病 neural network 监测装置',
      abstract: 'A network of sensors; the neural network runs on a 2 3 层 chip, with 2 and 3 layers.',
      ipc: ['A61B5/145'],
      type: '发明',
    },
    { pn: 'CN901000002A', ad: '2021-03-02', pd: '2021-09-02', title: 'II型胶原蛋白提取方法', ipc: ['C07K14/78'], type: '发明' },
    { pn: 'CN901000003A', ad: '2021-03-03', pd: '2021-09-03', title: 'ⅲ期临床样本保存箱', ipc: ['H01M10/42'], type: '实用新型' },
    { pn: 'CN901000004A', ad: '2021-03-04', pd: '2021-09-04', title: 'ＩＩＩ期试验用①号装置', ipc: ['H01M4/04'], type: '发明' },
    {
      pn: 'CN901000005A',
      ad: '2021-03-05',
      pd: '2021-09-05',
      title: 'Graphics cards with a graphics processing unit',
      abstract: '制备方法简单。本发明公开一种正极材料的制备方法，其中正极材料为钴酸锂。',
      ipc: ['G06T1/20'],
      type: '发明',
    },
  ];
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-01-01T00:00:00Z', seed: false });
    await loadRecords(t.db, RECORDS);
  });
  afterAll(() => t?.close());

  const pnsOf = async (expression: string, engine: 'auto' | 'sql') =>
    (await search(t.deps, { ast: parseExpression(expression), engine, page_size: 100 })).list.map((h) => h.pn).sort();

  it('highlights a phrase where the phrase occurs, never its words or digits alone (item 5)', async () => {
    const res = await call(t.app, 'POST', '/v1/search/expression', {
      body: { expression: 'TI="neural network" OR AB="neural network" OR AB="2 3 层"' },
    });
    expect(res.status).toBe(200);
    const hit = res.body.data.list[0];
    expect(hit.title).toBe('Ⅱ型糖尿病 <em>neural network</em> 监测装置');
    expect(hit.abstract).toBe(
      'A network of sensors; the <em>neural network</em> runs on a <em>2 3 层</em> chip, with 2 and 3 layers.',
    );
  });

  it('highlights a NEAR’s operands only where they are within its distance of each other (item 5)', async () => {
    const res = await call(t.app, 'POST', '/v1/search/expression', {
      body: { expression: 'TI=(graphics NEAR/1 unit) AND 摘要=(正极材料 NEAR/1 制备方法)' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    const hit = res.body.data.list[0];
    expect(hit.pn).toBe('CN901000005A');
    // The lone "Graphics" and the lone 制备方法 / 正极材料 are too far from a partner: left unmarked.
    expect(hit.title).toBe('Graphics cards with a <em>graphics</em> processing <em>unit</em>');
    expect(hit.abstract).toBe('制备方法简单。本发明公开一种<em>正极材料</em>的<em>制备方法</em>，其中正极材料为钴酸锂。');
  });

  it('finds Roman numerals, full-width and circled forms under any spelling, on every engine (item 7)', async () => {
    for (const engine of ENGINES) {
      for (const q of ['TI=Ⅱ型', 'TI=II型', 'TI=ⅱ型', 'TI=ＩＩ型', 'TI=ii型']) {
        expect(await pnsOf(q, engine), `${engine} ${q}`).toEqual(['CN901000001A', 'CN901000002A']);
      }
      for (const q of ['TI=Ⅲ期', 'TI=III期', 'TI=ⅲ期']) {
        expect(await pnsOf(q, engine), `${engine} ${q}`).toEqual(['CN901000003A', 'CN901000004A']);
      }
      expect(await pnsOf('TI=1号装置', engine), engine).toEqual(['CN901000004A']);
    }
    const kw = await call(t.app, 'POST', '/v1/search/expression', { body: { val: 'Ⅱ型' } });
    expect(kw.body.data.total).toBe(2);
    expect(kw.body.data.list.map((h: { title: string }) => h.title).sort()).toEqual([
      '<em>II型</em>胶原蛋白提取方法',
      '<em>Ⅱ型</em>糖尿病 neural network 监测装置',
    ]);
  });

  it('migration 019 rebuilds the text index of stored patents and their content hashes', async () => {
    const engine = t.dialect === 'sqlite' ? 'sql' : 'auto';
    if (t.dialect === 'sqlite') await sql`DELETE FROM patents_fts`.execute(t.db.db);
    else {
      await sql`DELETE FROM patent_text_chunks`.execute(t.db.db);
      await sql`DELETE FROM patent_search`.execute(t.db.db);
    }
    await t.db.db.updateTable('patents').set({ content_hash: 'stale' }).execute();
    expect(await pnsOf('TI=Ⅱ型', engine)).toEqual([]);
    await reindexMigration(t.db.db as never, t.dialect);
    expect(await pnsOf('TI=Ⅱ型', engine)).toEqual(['CN901000001A', 'CN901000002A']);
    expect(await pnsOf('TI="neural network"', engine)).toEqual(['CN901000001A']);
    const rows = await t.db.db.selectFrom('patents').selectAll().execute();
    for (const r of rows) expect(r.content_hash).toBe(contentHash(r));
  });

  it('checks facet filters: unknown names and values are a Chinese 400, spellings are normalised (item 7)', async () => {
    const post = (filters: unknown) =>
      call(t.app, 'POST', '/v1/search/expression', { body: { expression: 'TI=装置 OR TI=方法 OR TI=箱', filters } });
    const all = await post(undefined);
    expect(all.body.data.total).toBe(4);
    for (const [filters, total] of [
      [{ ipc_section: 'h' }, 2],
      [{ ipc_section: ['ｈ', 'A'] }, 3],
      [{ ipc_class: 'h01' }, 2],
      [{ type: '发明专利' }, 3],
      [{ type: 'u' }, 1],
      [{ legal_status: '有效' }, 0],
    ] as const) {
      const r = await post(filters);
      expect(r.status, JSON.stringify(filters)).toBe(200);
      expect(r.body.data.total, JSON.stringify(filters)).toBe(total);
    }
    for (const [filters, pattern] of [
      [{ ipc_sectio: 'H' }, /未知的筛选条件：ipc_sectio/],
      [{ ipc_section: 'HH' }, /IPC 部筛选值“HH”无效/],
      [{ ipc_section: 'Z' }, /IPC 部/],
      [{ ipc_class: 'H1' }, /IPC 大类筛选值/],
      [{ type: '不知道' }, /专利类型筛选值“不知道”无效/],
      [{ legal_status: 'ok' }, /法律状态筛选值/],
      [{ app_year: 99999 }, /申请年筛选值/],
    ] as const) {
      const r = await post(filters);
      expect(r.status, JSON.stringify(filters)).toBe(400);
      expect(r.body.code).toBe(0);
      expect(r.body.msg, JSON.stringify(filters)).toMatch(pattern);
    }
    const trend = await call(t.app, 'POST', '/v1/frontend/trend/trend_law', {
      body: { expression: 'TI=装置', filters: { type: '不知道' } },
    });
    expect(trend.status).toBe(400);
    expect(trend.body.msg).toMatch(/专利类型筛选值/);
    for (const engine of ENGINES) {
      const r = await search(t.deps, { ast: parseExpression('TI=装置'), engine, filters: { ipc_section: ['h'] } });
      expect(r.total, engine).toBe(1);
    }
  });

  it('answers a page past the end of a small result with an empty page and the total (item 7)', async () => {
    for (const engine of ENGINES) {
      for (const [page, pageSize] of [
        [3, 2],
        [101, 100],
        [400, 50],
        [10001, 1],
      ] as const) {
        const r = await search(t.deps, { ast: parseExpression('TI=装置 OR TI=方法'), engine, page, page_size: pageSize });
        expect(r, `${engine} ${page}×${pageSize}`).toMatchObject({ total: 3, page, page_size: pageSize, list: [] });
      }
    }
    const res = await call(t.app, 'POST', '/v1/di/expression', { body: { query: 'ti=装置', page: 300, page_size: 100 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 2, list: [] });
  });
});

describe('issue 11: the 10,000-row window of a large result', () => {
  let t: TestApp;
  const N = 10050;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-01-01T00:00:00Z', seed: false });
    const now = '2026-01-01T00:00:00.000Z';
    // Rows only (no text index): the query below is a date condition.
    await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${N})
      INSERT INTO patents (doc_key, title, type, ad, pd, app_year, created_at, updated_at)
      SELECT 'PN:CN9' || CAST(i AS text), '批量', '发明', '2019-01-01', '2019-06-01', 2019, ${now}, ${now} FROM n`.execute(
      t.db.db,
    );
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses only a page that would show rows beyond the window; past the end is an empty page', async () => {
    for (const engine of ENGINES) {
      const ast = parseExpression('PD>=2019');
      const last = await search(t.deps, { ast, engine, sort: 'date_desc', page: 100, page_size: 100 });
      expect(last.total, engine).toBe(N);
      expect(last.list.length, engine).toBe(100);
      const past = await search(t.deps, { ast, engine, page: 201, page_size: 100 });
      expect(past, engine).toMatchObject({ total: N, list: [] });
    }
    const deep = await call(t.app, 'POST', '/v1/search/expression', {
      body: { expression: 'PD>=2019', page: 101, page_size: 100 },
    });
    expect(deep.status).toBe(400);
    expect(deep.body.msg).toBe(`共 ${N} 条结果，最多只能翻看前 10000 条（第 100 页以内），请增加检索条件缩小范围`);
  }, 120_000);
});
