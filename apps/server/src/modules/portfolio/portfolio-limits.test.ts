import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTFOLIO_EXPORT_MAX } from '@ip/contract';
import { call, createTestApp, DEMO, login, loginAs, type TestApp } from '../../../test/helpers';

// ADR 0020's limits without tests until ADR 0031: the export refuses more than PORTFOLIO_EXPORT_MAX rows, and a
// sub-account deletes only its own 研判 notes. The portfolio is built with plain multi-row INSERTs (no demo
// generator, no search index: the list and the export read only patents and company_patents). Runs on SQLite, and on
// PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let owner: string;
let companyId: number;

const P = (path: string) => `/v1/frontend/patent/${path}`;
const post = (path: string, token: string, body: unknown = {}) => call(t.app, 'POST', P(path), { token, body });

function exportAs(token: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: P('export'),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/** `count` minimal patents, the first `inventions` of them 发明, all the company's own ('manual'). */
async function buildPortfolio(count: number, inventions: number, year = 2020): Promise<number[]> {
  const now = t.now().toISOString();
  const ids: number[] = [];
  const CHUNK = 500; // SQLite allows 32,766 parameters per statement: 500 rows × 38 columns fits.
  for (let start = 0; start < count; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - start) }, (_, k) => {
      const i = start + k;
      const an = `${year}${i < inventions ? '1' : '2'}${String(i).padStart(7, '0')}`;
      return {
        doc_key: `limits:${an}`,
        an: `CN${an}`,
        ad: `${year}-${String((i % 12) + 1).padStart(2, '0')}-15`,
        pn: `CN${an}A`,
        pd: null,
        gn: null,
        gd: null,
        publications: '[]',
        title: `测试专利${i}`,
        abstract: '',
        claims: '',
        description: '',
        applicants: '["示例科技有限公司"]',
        first_applicant: '示例科技有限公司',
        inventors: '[]',
        address: '',
        agency: '',
        ipc: '[]',
        ipc_main: '',
        type: i < inventions ? '发明' : '实用新型',
        legal_status: '审中',
        legal_events: '[]',
        family: '[]',
        citations: '[]',
        drawings: '[]',
        pdf: '',
        country: 'CN',
        lang: 'zh',
        app_year: year,
        is_demo: 0,
        source: 'test',
        extra: '{}',
        content_hash: an,
        term_adjustment_days: 0,
        expiry_date: null,
        created_at: now,
        updated_at: now,
      };
    });
    const inserted = await t.db.db.insertInto('patents').values(rows).returning('id').execute();
    const chunkIds = inserted.map((r) => Number(r.id));
    await t.db.db
      .insertInto('company_patents')
      .values(
        chunkIds.map((patent_id) => ({ company_id: companyId, patent_id, source: 'manual', created_at: now, updated_at: now })),
      )
      .execute();
    ids.push(...chunkIds);
  }
  return ids;
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-01T08:00:00.000Z' });
  owner = await loginAs(t.app, 'company');
  const u = await t.db.db.selectFrom('users').select('company_id').where('mobile', '=', DEMO.company).executeTakeFirstOrThrow();
  companyId = Number(u.company_id);
  expect(companyId).toBeGreaterThan(0);
});
afterAll(() => t.close());

describe('frontend/patent/export above PORTFOLIO_EXPORT_MAX rows', () => {
  it('refuses a list of 5,001 rows with a Chinese 400 asking to narrow it, and exports 5,000', async () => {
    const started = Date.now();
    await buildPortfolio(PORTFOLIO_EXPORT_MAX + 1, PORTFOLIO_EXPORT_MAX);
    const built = Date.now() - started;
    expect((await post('list', owner, { page_size: 1 })).body.data.total).toBe(PORTFOLIO_EXPORT_MAX + 1);

    const refused = await exportAs(owner, {});
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body)).toEqual({
      code: 0,
      msg: `筛选结果超过 ${PORTFOLIO_EXPORT_MAX} 件，超出单次导出上限，请缩小筛选范围后分批导出`,
    });
    // Narrowed to 5,000 (the inventions): the download (its rows are checked by portfolio.test.ts on a small list;
    // reading 5,000 back would only add seconds).
    const res = await exportAs(owner, { type: ['发明'] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    console.info(`portfolio of ${PORTFOLIO_EXPORT_MAX + 1} rows built in ${built} ms`);
  });
});

describe('del_yan by a sub-account', () => {
  it('deletes its own 研判 only; the main account deletes anyone’s', async () => {
    const [patentId] = await buildPortfolio(1, 0, 2021);
    const subs: string[] = [];
    for (const mobile of ['13900000771', '13900000772']) {
      const added = await call(t.app, 'POST', '/v1/frontend/visitor/add_visitor', {
        token: owner,
        body: { mobile, name: `子账号${mobile.slice(-1)}`, password: 'Start2026a' },
      });
      expect(added.body.code).toBe(1);
      // The initial password changed (ADR 0031 holds every other call back until then).
      await t.db.db.updateTable('users').set({ must_change_password: 0 }).where('mobile', '=', mobile).execute();
      subs.push(await login(t.app, mobile, 'Start2026a'));
    }
    const note = async (token: string, content: string) => {
      const res = await post('create-yan', token, { patent_id: patentId, content });
      expect(res.body.code).toBe(1);
      return res.body.data as { id: number; deletable: boolean };
    };
    const mine = await note(subs[0], '子账号一的研判');
    const owners = await note(owner, '主账号的研判');
    const colleague = await note(subs[1], '子账号二的研判');
    expect(mine.deletable).toBe(true);

    // What the sub-account sees: deletable only on its own note.
    const info = await post('info', subs[0], { id: patentId });
    const deletable = Object.fromEntries(
      (info.body.data.notes as { id: number; deletable: boolean }[]).map((n) => [n.id, n.deletable]),
    );
    expect(deletable).toEqual({ [mine.id]: true, [owners.id]: false, [colleague.id]: false });

    for (const id of [owners.id, colleague.id]) {
      const refused = await post('del_yan', subs[0], { id });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: 0, msg: '子账号只能删除自己写的研判' });
    }
    expect((await post('del_yan', subs[0], { id: mine.id })).body).toEqual({ code: 1, msg: 'ok', data: { id: mine.id } });
    expect((await post('del_yan', owner, { id: colleague.id })).body.code).toBe(1);
    const left = await t.db.db.selectFrom('patent_notes').select('id').where('patent_id', '=', patentId).execute();
    expect(left.map((r) => Number(r.id))).toEqual([owners.id]);
  });
});
