// The litigation calls (/v1/frontend/Iitigation/*) on a fresh database (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set): the company's own cases found by party name (current, former and spaced spellings),
// follows scoped to the company, exact search (substrings as written, LIKE wildcards literal, patent numbers in any
// spelling, exact totals), the detail with links to stored patents, the .docx download, access and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { issueToken } from '../../http/auth';
import { applicationCheckDigit } from '../../search/patent-number';
import { loadRecords } from '../search/testing';
import { NEW_USER } from '../account/new-user';
import { readDocxParagraphs } from './judgment-docx';
import { validateCase } from './litigation-record';
import { storeCases } from './litigation-import';

const an = (digits12: string) => `CN${digits12}.${applicationCheckDigit(digits12)}`;
const P1_DIGITS = '202310605823';
const P1_AN = an(P1_DIGITS);
const P1_CHECK = applicationCheckDigit(P1_DIGITS);
const WRONG_CHECK = P1_CHECK === '1' ? '2' : '1';

const JUDGMENT_C1 =
  '原告示例科技有限公司与被告恒远电子有限公司侵害发明专利权纠纷一案，本院于2023年3月15日立案。\n' +
  '被诉侵权产品的良品率达到100%，型号为HY_200，标注<b>加粗</b>字样。\n判决如下：被告赔偿原告经济损失50万元。';

const CASES = [
  {
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
    patents: [`${P1_DIGITS.slice(0, 4)} ${P1_DIGITS.slice(4)}.${P1_CHECK}`],
    summary: '示例科技诉恒远电子侵害发明专利权。',
    judgment_text: JUDGMENT_C1,
    documents: [
      { title: '民事起诉状', kind: '起诉状', date: '2023-03-15', text: '原告：示例科技有限公司。诉讼请求：停止侵权。' },
      { title: '民事判决书', kind: '判决书', date: '2023-11-20' },
    ],
  },
  {
    // The demo company under its former name, as third party.
    case_no: '(2022)京73行初55号',
    court: '北京知识产权法院',
    cause: '专利权无效宣告请求行政纠纷',
    trial_level: '一审',
    status: '已判决',
    filing_date: '2022-05-10',
    judgment_date: '2022-12-01',
    parties: [
      { role: '原告', name: '东升科技有限公司' },
      { role: '被告', name: '国家知识产权局' },
      { role: '第三人', name: '示例电子科技有限公司' },
    ],
    patents: [],
    judgment_text: '驳回原告东升科技有限公司的诉讼请求，维持有效率50%以上的认定。',
  },
  {
    case_no: '（2024）苏05民初77号',
    court: '江苏省苏州市中级人民法院',
    cause: '侵害实用新型专利权纠纷',
    trial_level: '一审',
    status: '审理中',
    filing_date: '2024-06-01',
    parties: [
      { role: '原告', name: '华芯半导体科技有限公司' },
      { role: '被告', name: '苏州利达（集团）有限公司' },
    ],
    patents: ['CN218751475U'],
    summary: '华芯半导体诉利达集团，审理中。',
  },
  {
    // Spaces in the company's name; the patent by its publication number (the stored patent's).
    case_no: '（2024）最高法知民终9号',
    court: '最高人民法院',
    cause: '侵害发明专利权纠纷',
    trial_level: '二审',
    status: '已判决',
    filing_date: '2024-01-20',
    judgment_date: '2024-09-30',
    parties: [
      { role: '上诉人', name: '恒远电子有限公司' },
      { role: '被上诉人', name: '示例科技 有限公司' },
    ],
    patents: ['CN116595400A'],
    judgment_text: '驳回上诉，维持原判。本判决为终审判决。',
  },
];

let t: TestApp;
let company: string;
let trial: string;
let other: string;
const ids: Record<string, number> = {};
let p1Id = 0;

const api = (path: string, token: string | undefined, body: unknown) =>
  call(t.app, 'POST', `/v1/frontend/Iitigation/${path}`, { token, body });
const caseNos = (list: { case_no: string }[]) => list.map((c) => c.case_no).sort();

beforeAll(async () => {
  t = await createTestApp({ now: '2026-01-15T08:00:00.000Z' });
  await loadRecords(t.db, [
    {
      an: P1_AN,
      pn: 'CN116595400A',
      ad: '2023-05-23',
      pd: '2023-08-15',
      title: '一种人员聚集发现算法',
      abstract: '本发明公开了一种人员聚集发现算法。',
      applicants: ['示例科技有限公司'],
      inventors: ['张三'],
      ipc: ['G06F18/2321'],
      type: '发明',
    },
  ]);
  p1Id = Number((await t.db.db.selectFrom('patents').select('id').where('an', '=', P1_AN).executeTakeFirstOrThrow()).id);
  const records = CASES.map((c, i) => {
    const v = validateCase(c, i + 1);
    if (!v.ok) throw new Error(v.reason);
    return v.record;
  });
  await storeCases(t.db, records, { source: 'test', now: () => t.now().toISOString() });
  for (const r of await t.db.db.selectFrom('litigation_cases').select(['id', 'case_no']).execute()) ids[r.case_no] = Number(r.id);
  company = await loginAs(t.app, 'company');
  trial = await loginAs(t.app, 'trial');
  // A user of another company (华芯半导体科技有限公司), the plaintiff of the third case.
  const now = t.now().toISOString();
  const huaxin = await t.db.db
    .selectFrom('companies')
    .select('id')
    .where('company_name', '=', '华芯半导体科技有限公司')
    .executeTakeFirstOrThrow();
  const u = await t.db.db
    .insertInto('users')
    .values({
      ...NEW_USER,
      mobile: '13900000055',
      name: '华芯法务',
      company_name: '华芯半导体科技有限公司',
      company_id: Number(huaxin.id),
      password_hash: 'x',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  other = await issueToken(t.deps, 'user', Number(u.id));
});
afterAll(() => t.close());

const C1 = '（2023）浙01民初1234号';
const C2 = '（2022）京73行初55号';
const C3 = '（2024）苏05民初77号';
const C4 = '（2024）最高法知民终9号';

describe('/litigation index: the company’s cases', () => {
  it('lists the cases where the company is a party, under its current, former and spaced names, not the others', async () => {
    const res = await api('index', company, {});
    expect(res.body.code).toBe(1);
    const d = res.body.data;
    expect(caseNos(d.list)).toEqual([C1, C2, C4].sort());
    expect(d.total).toBe(3);
    expect(d.counts).toEqual({ all: 3, followed: 0, own: 3 });
    const c2 = d.list.find((c: { case_no: string }) => c.case_no === C2);
    expect(c2.own_roles).toEqual(['第三人']);
    expect(c2.parties.find((p: { name: string }) => p.name === '示例电子科技有限公司').is_self).toBe(true);
    // Newest filing first by default.
    expect(d.list.map((c: { case_no: string }) => c.case_no)).toEqual([C4, C1, C2]);
    expect(d.years).toEqual([2024, 2023, 2022]);
  });

  it('shows another company only its own cases', async () => {
    const res = await api('index', other, {});
    expect(caseNos(res.body.data.list)).toEqual([C3]);
  });

  it('filters by status, cause, year and keyword, sorts, and pages with exact totals', async () => {
    expect(
      (await api('index', company, { status: '已判决', year: 2023 })).body.data.list.map((c: { case_no: string }) => c.case_no),
    ).toEqual([C1]);
    expect((await api('index', company, { cause: '侵害发明专利权纠纷' })).body.data.total).toBe(2);
    expect((await api('index', company, { keyword: '恒远' })).body.data.total).toBe(2);
    expect((await api('index', company, { keyword: '不存在的公司' })).body.data.total).toBe(0);
    const asc = await api('index', company, { sort: 'judgment_asc' });
    expect(asc.body.data.list.map((c: { case_no: string }) => c.case_no)).toEqual([C2, C1, C4]);
    const p2 = await api('index', company, { page: 2, page_size: 2 });
    expect(p2.body.data).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(p2.body.data.list.map((c: { case_no: string }) => c.case_no)).toEqual([C2]);
  });
});

describe('shoucang: following cases', () => {
  it('follows idempotently, shows the case in the company’s list, and unfollows idempotently', async () => {
    const id = ids[C3];
    const first = await api('shoucang', company, { id, follow: true });
    expect(first.body.data).toEqual({ id, followed: true, changed: true });
    expect((await api('shoucang', company, { id, follow: true })).body.data).toEqual({ id, followed: true, changed: false });
    const rows = await t.db.db.selectFrom('litigation_follows').selectAll().where('case_id', '=', id).execute();
    expect(rows).toHaveLength(1);

    const list = (await api('index', company, { relation: 'followed' })).body.data;
    expect(list.list.map((c: { case_no: string; followed: boolean }) => [c.case_no, c.followed])).toEqual([[C3, true]]);
    expect(list.counts).toEqual({ all: 4, followed: 1, own: 3 });

    // IDOR: the other company (a party to C3) does not see this company's follow.
    const theirs = (await api('index', other, {})).body.data;
    expect(theirs.list[0]).toMatchObject({ case_no: C3, followed: false, own: true });
    expect(theirs.counts.followed).toBe(0);
    expect((await api('detail', other, { id })).body.data.followed).toBe(false);
    expect((await api('detail', company, { id })).body.data.followed).toBe(true);

    expect((await api('shoucang', company, { id, follow: false })).body.data).toEqual({ id, followed: false, changed: true });
    expect((await api('shoucang', company, { id, follow: false })).body.data).toEqual({ id, followed: false, changed: false });
    expect((await api('index', company, { relation: 'followed' })).body.data.total).toBe(0);
  });

  it('refuses an unknown case and changes nothing', async () => {
    const res = await api('shoucang', company, { id: 999999, follow: true });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 0, msg: '案件不存在或已删除' });
    expect(await t.db.db.selectFrom('litigation_follows').selectAll().execute()).toEqual([]);
  });

  it('refuses a trial user without a company, in Chinese', async () => {
    for (const path of ['index', 'shoucang']) {
      const res = await api(path, trial, { id: ids[C1], follow: true });
      expect(res.status).toBe(403);
      expect(res.body.msg).toMatch(/认证/);
    }
  });
});

describe('search: exact matching', () => {
  const search = async (body: Record<string, unknown>, token = company) => {
    const res = await api('search', token, body);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    return res.body.data;
  };

  it('finds a party by a substring as written, and nothing for a substring no case holds', async () => {
    const d = await search({ keyword: '示例科技', field: 'party' });
    expect(caseNos(d.list)).toEqual([C1, C4].sort());
    expect(d.total).toBe(2);
    const hit = d.list.find((c: { case_no: string }) => c.case_no === C1);
    expect(hit.parties_html).toBe('原告：<em>示例科技</em>有限公司；被告：恒远电子有限公司');
    expect((await search({ keyword: '示例科技股份', field: 'party' })).total).toBe(0);
    expect((await search({ keyword: '科示例', field: 'all' })).total).toBe(0);
    // Half-width brackets find the full-width name.
    expect(caseNos((await search({ keyword: '利达(集团)', field: 'party' })).list)).toEqual([C3]);
  });

  it('treats % and _ literally', async () => {
    expect(caseNos((await search({ keyword: '%', field: 'text' })).list)).toEqual([C1, C2].sort());
    expect(caseNos((await search({ keyword: '_', field: 'text' })).list)).toEqual([C1]);
    expect((await search({ keyword: '%%', field: 'all' })).total).toBe(0);
    expect((await search({ keyword: '100_', field: 'text' })).total).toBe(0);
    const d = await search({ keyword: 'hy_200', field: 'text' });
    expect(d.list[0].snippet_html).toContain('<em>HY_200</em>');
    // The judgment's own markup comes back escaped.
    expect(d.list[0].snippet_html).toContain('&lt;b&gt;加粗&lt;/b&gt;');
  });

  it('finds a case number in any bracket style, and parts of it', async () => {
    expect(caseNos((await search({ keyword: '(2023)浙01民初1234号', field: 'case_no' })).list)).toEqual([C1]);
    expect(caseNos((await search({ keyword: '〔2023〕浙01民初 1234号', field: 'case_no' })).list)).toEqual([C1]);
    expect(caseNos((await search({ keyword: '民初', field: 'case_no' })).list)).toEqual([C1, C3].sort());
    expect(caseNos((await search({ keyword: '民初12', field: 'case_no' })).list)).toEqual([C1]);
    const d = await search({ keyword: '民初12', field: 'case_no' });
    expect(d.list[0].case_no_html).toBe('（2023）浙01<em>民初12</em>34号');
  });

  it('finds a patent number in every spelling, through the stored patent’s other numbers too', async () => {
    for (const spelling of [
      P1_AN,
      `${P1_DIGITS}.${P1_CHECK}`,
      `${P1_DIGITS}${P1_CHECK}`,
      P1_DIGITS,
      `cn ${P1_DIGITS.slice(0, 4)} ${P1_DIGITS.slice(4, 8)} ${P1_DIGITS.slice(8)}.${P1_CHECK}`,
      `ZL${P1_DIGITS}.${P1_CHECK}`,
      'CN116595400A',
      'CN 116595400 B',
      '116595400',
    ]) {
      const d = await search({ keyword: spelling, field: 'patent' });
      expect(caseNos(d.list), spelling).toEqual([C1, C4].sort());
      expect(d.total, spelling).toBe(2);
    }
    const d = await search({ keyword: 'CN116595400A', field: 'patent' });
    expect(d.list.find((c: { case_no: string }) => c.case_no === C4).matched_patents).toEqual(['CN116595400A']);
    expect(caseNos((await search({ keyword: 'CN218751475U', field: 'patent' })).list)).toEqual([C3]);
    expect((await search({ keyword: 'CN218751476U', field: 'patent' })).total).toBe(0);
    // Part of a number.
    expect(caseNos((await search({ keyword: '2187514', field: 'patent' })).list)).toEqual([C3]);
  });

  it('answers a wrong check digit with a clear Chinese error, not an empty result', async () => {
    const res = await api('search', company, { keyword: `${P1_DIGITS}.${WRONG_CHECK}`, field: 'patent' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toContain(`校验位错误：应为 ${P1_CHECK}`);
  });

  it('pages with an exact total, and searches every field by default', async () => {
    const first = await search({ keyword: '恒远电子', page_size: 1, sort: 'filing_asc' });
    expect(first.total).toBe(2);
    expect(first.list.map((c: { case_no: string }) => c.case_no)).toEqual([C1]);
    const second = await search({ keyword: '恒远电子', page_size: 1, page: 2, sort: 'filing_asc' });
    expect(second).toMatchObject({ total: 2, page: 2 });
    expect(second.list.map((c: { case_no: string }) => c.case_no)).toEqual([C4]);
    expect((await search({ keyword: '恒远电子', page: 3, page_size: 1 })).list).toEqual([]);
    expect(caseNos((await search({ keyword: '维持原判' })).list)).toEqual([C4]);
    expect((await search({ keyword: '维持原判', status: '审理中' })).total).toBe(0);
  });

  it('finds Chinese words inside the case text through the text index, exactly as the LIKE scan did (ADR 0037)', async () => {
    expect(caseNos((await search({ keyword: '良品率', field: 'text' })).list)).toEqual([C1]);
    expect(caseNos((await search({ keyword: '经济损失', field: 'text' })).list)).toEqual([C1]);
    expect(caseNos((await search({ keyword: '维持', field: 'text' })).list)).toEqual([C2, C4].sort());
    expect(caseNos((await search({ keyword: '驳', field: 'text' })).list)).toEqual([C2, C4].sort());
    expect(caseNos((await search({ keyword: '型号为HY_200', field: 'text' })).list)).toEqual([C1]);
    // Every token present, but not side by side: the LIKE on the index's candidates says no.
    expect((await search({ keyword: '原判维持', field: 'text' })).total).toBe(0);
    expect((await search({ keyword: '损失五十万', field: 'text' })).total).toBe(0);
    // The summary, cause and court too, through 全部字段.
    expect(caseNos((await search({ keyword: '侵害发明专利权' })).list)).toContain(C1);
    expect(caseNos((await search({ keyword: '杭州市中级' })).list)).toEqual([C1]);
    // Every case is indexed, each at its stored version.
    const indexed = await t.db.db.selectFrom('litigation_search').select(['case_id', 'content_hash']).execute();
    const stored = await t.db.db.selectFrom('litigation_cases').select(['id', 'content_hash']).execute();
    expect(indexed.map((r) => [Number(r.case_id), r.content_hash]).sort()).toEqual(
      stored.map((r) => [Number(r.id), r.content_hash]).sort(),
    );
  });

  it('a case written past the import (an older version, a direct insert) is indexed before the next search', async () => {
    const now = new Date().toISOString();
    const row = await t.db.db
      .insertInto('litigation_cases')
      .values({
        case_no: '（2025）沪73知民初999号',
        court: '上海知识产权法院',
        cause: '侵害实用新型专利权纠纷',
        trial_level: '一审',
        status: '审理中',
        filing_date: '2025-01-02',
        filing_year: 2025,
        summary: '',
        judgment_text: '本案涉及一种柔性光伏组件的层压工艺。',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect((await search({ keyword: '层压工艺', field: 'text' })).list.map((c: { id: number }) => c.id)).toEqual([
        Number(row.id),
      ]);
    } finally {
      await t.db.db.deleteFrom('litigation_cases').where('id', '=', row.id).execute();
    }
    expect((await search({ keyword: '层压工艺', field: 'text' })).total).toBe(0);
    expect(
      await t.db.db.selectFrom('litigation_search').select('case_id').where('case_id', '=', row.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('is open to a trial user (read only: no follow marks)', async () => {
    const d = await search({ keyword: '示例科技', field: 'party' }, trial);
    expect(d.total).toBe(2);
    expect(d.can_follow).toBe(false);
  });
});

describe('detail and download', () => {
  it('shows parties, patents linked to the stored patent, documents and the judgment', async () => {
    const res = await api('detail', company, { id: ids[C1] });
    const d = res.body.data;
    expect(d).toMatchObject({
      case_no: C1,
      court: '浙江省杭州市中级人民法院',
      status: '已判决',
      own: true,
      can_download: true,
      can_follow: true,
    });
    expect(d.judgment_text).toBe(JUDGMENT_C1);
    expect(d.patents).toEqual([
      expect.objectContaining({ patent_id: p1Id, title: '一种人员聚集发现算法', an: P1_AN, type: '发明' }),
    ]);
    expect(d.documents.map((x: { title: string; has_text: boolean }) => [x.title, x.has_text])).toEqual([
      ['民事起诉状', true],
      ['民事判决书', false],
    ]);
    const c3 = (await api('detail', company, { id: ids[C3] })).body.data;
    expect(c3.patents).toEqual([expect.objectContaining({ number: 'CN218751475U', patent_id: null, title: null })]);
    expect(c3.can_download).toBe(false);
  });

  it('lets a trial user read but not download', async () => {
    const d = (await api('detail', trial, { id: ids[C1] })).body.data;
    expect(d).toMatchObject({ can_download: false, can_follow: false, followed: false });
    const res = await api('download', trial, { id: ids[C1] });
    expect(res.status).toBe(403);
    expect(res.body.msg).toMatch(/试用账号/);
  });

  it('downloads the judgment as a Word file named after the case', async () => {
    const res = await call(t.app, 'POST', '/v1/frontend/Iitigation/download', { token: company, body: { id: ids[C1] } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\x20-\x7e]+\.docx"; /);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`${C1}民事判决书.docx`)}`);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/v1/frontend/Iitigation/download',
      headers: { authorization: `Bearer ${company}` },
      payload: { id: ids[C1] },
    });
    const paragraphs = readDocxParagraphs(raw.rawPayload);
    expect(paragraphs.slice(0, 3)).toEqual(['浙江省杭州市中级人民法院', '民事判决书', C1]);
    expect(paragraphs).toContain('原告：示例科技有限公司');
    expect(paragraphs).toContain('被诉侵权产品的良品率达到100%，型号为HY_200，标注<b>加粗</b>字样。');
    // A document with text, by its index.
    const doc = await t.app.inject({
      method: 'POST',
      url: '/v1/frontend/Iitigation/download',
      headers: { authorization: `Bearer ${company}` },
      payload: { id: ids[C1], document: 0 },
    });
    expect(readDocxParagraphs(doc.rawPayload)).toContain('原告：示例科技有限公司。诉讼请求：停止侵权。');
  });

  it('answers 404 in Chinese for unknown cases, a case without a judgment, and a document without text', async () => {
    for (const [path, body, msg] of [
      ['detail', { id: 999999 }, '案件不存在或已删除'],
      ['download', { id: 999999 }, '案件不存在或已删除'],
      ['download', { id: ids[C3] }, '案件审理中，尚无裁判文书'],
      ['download', { id: ids[C1], document: 1 }, '《民事判决书》没有可下载的正文'],
      ['download', { id: ids[C1], document: 7 }, '该案件没有这份文书'],
    ] as const) {
      const res = await api(path, company, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(404);
      expect(res.body).toEqual({ code: 0, msg });
    }
  });
});

describe('access and bad input', () => {
  it('refuses administrators, enterprise-service accounts and anonymous callers on every call', async () => {
    const tokens = {
      admin: await loginAs(t.app, 'admin'),
      main: await loginAs(t.app, 'main'),
      staff: await loginAs(t.app, 'staff'),
    };
    for (const path of ['index', 'search', 'detail', 'shoucang', 'download']) {
      for (const token of Object.values(tokens)) {
        const res = await api(path, token, { id: ids[C1], keyword: '示例', follow: true });
        expect(res.status, path).toBe(403);
        expect(res.body.code).toBe(0);
        expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
      }
      expect((await api(path, undefined, { id: ids[C1] })).status).toBe(401);
    }
  });

  it('answers missing fields, wrong types and huge strings with a Chinese {code:0,msg} and changes nothing', async () => {
    const before = {
      cases: await t.db.db.selectFrom('litigation_cases').select(['id', 'updated_at']).orderBy('id').execute(),
      follows: await t.db.db.selectFrom('litigation_follows').selectAll().execute(),
    };
    const huge = 'x'.repeat(5 * 1024 * 1024);
    const cases: [string, unknown, number, RegExp][] = [
      ['search', {}, 400, /请输入检索词/],
      ['search', { keyword: '   ' }, 400, /请输入检索词/],
      ['search', { keyword: 123 }, 400, /检索词|类型/],
      ['search', { keyword: '示例', field: 'title' }, 400, /检索字段无效/],
      ['search', { keyword: '示例', page: 'x' }, 400, /页码须为整数/],
      ['search', { keyword: '示例', page_size: 1000 }, 400, /每页最多 100 条/],
      ['search', { keyword: 'x'.repeat(201) }, 400, /不能超过 200 个字/],
      ['search', { keyword: huge }, 413, /过大/],
      ['index', { status: '已结案' }, 400, /案件状态无效/],
      ['index', { year: '二〇二三' }, 400, /年份须为整数/],
      ['index', { relation: 'mine' }, 400, /案件范围无效/],
      ['detail', {}, 400, /请选择案件/],
      ['detail', { id: true }, 400, /案件编号须为整数/],
      ['detail', { id: -3 }, 400, /案件编号不正确/],
      ['shoucang', { id: ids[C1] }, 400, /follow/],
      ['shoucang', { id: ids[C1], follow: 'yes' }, 400, /follow/],
      ['shoucang', { id: [ids[C1]], follow: true }, 400, /案件编号须为整数/],
      ['shoucang', { id: ids[C1], follow: true, pad: huge }, 413, /过大/],
      ['download', { id: ids[C1], document: 'a' }, 400, /文书序号须为整数/],
    ];
    for (const [path, body, status, msg] of cases) {
      const res = await api(path, company, body);
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
      expect(res.body.code).toBe(0);
      expect(res.body.msg).toMatch(msg);
    }
    expect(await t.db.db.selectFrom('litigation_cases').select(['id', 'updated_at']).orderBy('id').execute()).toEqual(
      before.cases,
    );
    expect(await t.db.db.selectFrom('litigation_follows').selectAll().execute()).toEqual(before.follows);
  });
});
