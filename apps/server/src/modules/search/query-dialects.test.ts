// Issue 11 (items 1, 2 and `!=` of 7), at the level of results: the Espacenet dialect (/v1/di/expression) and the
// top-bar keyword box (`val`) find what Espacenet and Google Patents would, on every engine (SQLite: in-memory
// columns and plain SQL; PostgreSQL with TEST_DATABASE_URL), and the reply's canonical expression says how the
// input was read. ADR 0034.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { applicationCheckDigit } from '../../search/patent-number';
import { queryAst, searchIds, type QueryInput } from './search.service';
import { loadRecords, referenceEval, storedDocs, type StoredDoc } from './testing';

const ENGINES: readonly ('auto' | 'sql')[] = ['auto', 'sql'];

const an = (digits: string) => `CN${digits}.${applicationCheckDigit(digits)}`;

const base = { ad: '2021-01-01', pd: '2021-06-01', type: '发明', legal_status: '审中', claims: '', ipc: [] as string[] };

const FIXTURE = [
  {
    ...base,
    pn: 'CN100000001A',
    an: an('202110000001'),
    title: '锂电池正极材料',
    abstract: '一种锂电池正极材料。',
    claims: '1.一种正极材料，包括磷酸铁锂。',
    applicants: ['比亚迪股份有限公司'],
    inventors: ['王伟'],
    ipc: ['H01M4/58'],
  },
  {
    ...base,
    pn: 'CN100000002A',
    an: an('202110000002'),
    title: '钠电池负极',
    abstract: '采用磷酸铁锂包覆的钠电池负极。',
    applicants: ['宁德时代新能源科技股份有限公司'],
    inventors: ['李强'],
    ipc: ['H01M4/36', 'H01M10/054'],
  },
  {
    ...base,
    pn: 'CN100000003A',
    an: an('202110000003'),
    title: 'Texture cache for graphics',
    abstract: 'A neural network accelerator with GPUs.',
    applicants: ['华为技术有限公司'],
    inventors: ['张敏'],
    ipc: ['G06T1/60'],
  },
  {
    ...base,
    pn: 'CN100000004A',
    an: an('202110000004'),
    title: 'Shader memory layout',
    abstract: 'A network of neural cells.',
    applicants: ['比亚迪股份有限公司'],
    inventors: ['陈静'],
    ipc: ['G06T15/00'],
  },
  {
    ...base,
    pn: 'CN100000005A',
    an: an('202110000005'),
    title: 'Texture memory compression',
    abstract: 'Compressing texture data; the gpu reads it.',
    applicants: ['小米科技有限责任公司'],
    inventors: ['王伟'],
    ipc: ['G06T9/00'],
  },
  {
    ...base,
    pn: 'US10123456B2',
    an: '09/832,323',
    title: 'Battery electrode coating',
    abstract: 'An electrode coating for lithium batteries.',
    applicants: ['Acme Corp'],
    inventors: ['Magnus Ekman'],
    ipc: ['H01M4/04'],
    type: 'utility',
    legal_status: '有权',
  },
];

describe('query dialects: Espacenet codes and the keyword box, on every engine', () => {
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

  /** The same patents on each engine, by brute force, and through the API; returns the reply's expression. */
  async function expectFinds(input: QueryInput, want: string[]): Promise<string> {
    const ast = queryAst(input);
    const wantIds = want.map((pn) => idOf.get(pn)!).sort((a, b) => a - b);
    expect(
      docs.filter((d) => referenceEval(ast, d)).map((d) => d.id),
      'brute force',
    ).toEqual(wantIds);
    for (const engine of ENGINES) {
      const r = await searchIds(t.deps, ast, { limit: 1000, engine });
      expect(
        [...r.ids].sort((a, b) => a - b),
        engine,
      ).toEqual(wantIds);
    }
    const url = input.query !== undefined ? '/v1/di/expression' : '/v1/search/expression';
    const res = await call(t.app, 'POST', url, { body: { ...input, page_size: 100 } });
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((h: { pn: string }) => h.pn).sort()).toEqual([...want].sort());
    return res.body.data.expression as string;
  }

  describe('Espacenet field codes (/v1/di/expression)', () => {
    it.each<[string, string[], string]>([
      // cl is classification (IPC and CPC), not claims.
      ['cl=H01M4', ['CN100000001A', 'CN100000002A', 'US10123456B2'], 'IPC=H01M4/'],
      ['cl=H01M10 or cl=G06T15', ['CN100000002A', 'CN100000004A'], 'IPC=H01M10/ OR IPC=G06T15/'],
      // ta is title or abstract: 磷酸铁锂 only in the claims of CN…1 does not count.
      ['ta=磷酸铁锂', ['CN100000002A'], 'TI=磷酸铁锂 OR AB=磷酸铁锂'],
      ['claims=磷酸铁锂', ['CN100000001A'], 'CL=磷酸铁锂'],
      // txt is title, abstract, inventor and applicant; ia inventor and applicant.
      ['txt=王伟', ['CN100000001A', 'CN100000005A'], 'TI=王伟 OR AB=王伟 OR IN=王伟 OR PA=王伟'],
      ['ia=比亚迪', ['CN100000001A', 'CN100000004A'], 'IN=比亚迪 OR PA=比亚迪'],
      [
        'txt="neural network"',
        ['CN100000003A'],
        'TI="neural network" OR AB="neural network" OR IN="neural network" OR PA="neural network"',
      ],
      // Bare words: Espacenet's guess of the field.
      ['王伟', ['CN100000001A', 'CN100000005A'], 'TI=王伟 OR AB=王伟 OR IN=王伟 OR PA=王伟'],
      ['Acme', ['US10123456B2'], 'IN=acme OR PA=acme'],
      ['H01M4 and 20210601', ['CN100000001A', 'CN100000002A', 'US10123456B2'], 'IPC=H01M4/ AND PD=2021-06-01'],
      // Left to right without precedence.
      ['ti=texture or ti=shader and ti=memory', ['CN100000004A', 'CN100000005A'], 'TI=((texture OR shader) AND memory)'],
      [
        'ti=memory and ti=shader or ti=texture',
        ['CN100000003A', 'CN100000004A', 'CN100000005A'],
        'TI=(memory AND shader OR texture)',
      ],
      ['ti=texture or ti=shader not ti=memory', ['CN100000003A'], 'TI=((texture OR shader) AND NOT memory)'],
      // Numbers in their usual forms.
      ['ap=09832323', ['US10123456B2'], 'AN=US09832323'],
      ['ap=US09832323', ['US10123456B2'], 'AN=US09832323'],
      ['ap="US 09/832,323"', ['US10123456B2'], 'AN=US09832323'],
      ['num=US09832323', ['US10123456B2'], 'AN=US09832323 OR PN=US09832323'],
      ['num=US10123456', ['US10123456B2'], 'AN=US10123456 OR PN=US10123456'],
      ['pn="US 10,123,456 B2"', ['US10123456B2'], 'PN=US10123456B2'],
      [`ap=${an('202110000002').slice(2, 14)}`, ['CN100000002A'], `AN=${an('202110000002')}`],
    ])('%s', async (query, want, canonical) => {
      expect(await expectFinds({ query }, want)).toBe(canonical);
    });

    it('refuses codes for data it does not hold, in Chinese with the position', async () => {
      for (const [query, msg] of [
        ['ti=电池 and pr=EP20050104792', '第 11 个字符处：暂不支持 Espacenet 字段“pr”（优先权号）'],
        ['ct=EP1000000', '第 1 个字符处：暂不支持 Espacenet 字段“ct”（引证文献）'],
      ]) {
        const res = await call(t.app, 'POST', '/v1/di/expression', { body: { query } });
        expect(res.status, query).toBe(400);
        expect(res.body.code).toBe(0);
        expect(res.body.msg).toContain(msg);
        expect(res.body.position).toBeGreaterThan(0);
      }
    });
  });

  describe('the top-bar keyword box (val)', () => {
    it.each<[string, string[], string]>([
      ['锂电池 OR 钠电池', ['CN100000001A', 'CN100000002A'], '锂电池 OR 钠电池'],
      ['锂电池 or 钠电池', ['CN100000001A', 'CN100000002A'], '锂电池 OR 钠电池'],
      ['"neural network"', ['CN100000003A'], '"neural network"'],
      ['gpu*', ['CN100000003A', 'CN100000005A'], 'gpu*'],
      ['电池 -钠电池', ['CN100000001A'], '电池 AND NOT 钠电池'],
      ['电池 NOT 钠电池', ['CN100000001A'], '电池 AND NOT 钠电池'],
      ['texture -(memory OR cache)', [], 'texture AND NOT (memory OR cache)'],
      ['(锂电池 OR 钠电池) 负极', ['CN100000002A'], '(锂电池 OR 钠电池) AND 负极'],
      ['锂电池 OR 钠电池 负极', ['CN100000002A'], '(锂电池 OR 钠电池) AND 负极'],
      [
        'TI=texture OR TI=shader AND TI=memory',
        ['CN100000003A', 'CN100000004A', 'CN100000005A'],
        'TI=(texture OR shader AND memory)',
      ],
      ['申请人=比亚迪 AND 发明人=王伟', ['CN100000001A'], 'PA=比亚迪 AND IN=王伟'],
      ['锂电池 正极', ['CN100000001A'], '锂电池 AND 正极'],
      ['US10123456B2', ['US10123456B2'], 'us10123456b2 OR PN=US10123456B2'],
    ])('%s', async (val, want, canonical) => {
      expect(await expectFinds({ val }, want)).toBe(canonical);
    });

    it('answers a mistake with a Chinese message and the position in the box, never a silent 0', async () => {
      for (const [val, msg, position] of [
        ['(锂电池 OR 钠电池', '第 12 个字符处缺少右括号（与第 1 个字符处的左括号配对）', 12],
        ['锂电池 OR', '第 5 个字符处的“OR”后面缺少检索词', 5],
        ['锂电池 OR 钠电池)', '第 11 个字符处多了一个右括号', 11],
      ] as const) {
        const res = await call(t.app, 'POST', '/v1/search/expression', { body: { val } });
        expect(res.status, val).toBe(400);
        expect(res.body).toMatchObject({ code: 0, msg, position });
      }
    });
  });

  it('says that != is not supported and to use NOT, in an expression and in the box', async () => {
    for (const body of [{ expression: '名称!=电池' }, { val: '名称!=电池' }, { expression: '锂电池 AND 申请人<>比亚迪' }]) {
      const res = await call(t.app, 'POST', '/v1/search/expression', { body });
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(
        /^第 \d+ 个字符处不支持“(!=|<>)”（不等于）：排除某个检索词请用 NOT，如 NOT (名称=电池|申请人=比亚迪)$/,
      );
    }
    const espacenet = await call(t.app, 'POST', '/v1/di/expression', { body: { query: 'ti!=电池' } });
    expect(espacenet.body.msg).toBe('第 3 个字符处不支持“!=”（不等于）：排除某个检索词请用 NOT，如 NOT ti=电池');
  });
});
