import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTFOLIO_INSERT_MAX } from '@ip/contract';
import { call, createTestApp, DEMO_PASSWORD, login, loginAs, type TestApp } from '../../../test/helpers';
import { seedDemoData } from '../../db/seed-demo-data';
import { applicationCheckDigit } from '../../search/patent-number';
import { hashPassword } from '../account/passwords';
import { NEW_USER } from '../account/new-user';
import { linkCompanyPatents, refreshCompanyNames } from '../company/company-link';
import { seedDemoPatents } from '../patents/patent-seed';

// The portfolio calls (ADR 0020) on a fresh database with 600 demo patents (every 25th is 示例科技有限公司's), the
// demo portfolio seeded, and a second company with its own user for the IDOR checks.

let t: TestApp;
let company: string; // 13800000001, 示例科技有限公司
let other: string; // 13900000009, 另一家测试有限公司
let companyId: number;
let otherCompanyId: number;

const P = (path: string) => `/v1/frontend/patent/${path}`;
const post = (path: string, token: string | undefined, body: unknown = {}) =>
  call(t.app, 'POST', path.startsWith('/v1') ? path : P(path), { token, body });

/** Everything a portfolio call may change, to prove a refused call changed nothing. */
async function snapshot() {
  const db = t.db.db;
  return {
    cats: await db.selectFrom('patent_categories').selectAll().orderBy('id').execute(),
    rows: await db.selectFrom('company_patents').selectAll().orderBy('company_id').orderBy('patent_id').execute(),
    notes: await db.selectFrom('patent_notes').selectAll().orderBy('id').execute(),
  };
}

async function ownIds(cid = companyId): Promise<number[]> {
  const rows = await t.db.db
    .selectFrom('company_patents')
    .select('patent_id')
    .where('company_id', '=', cid)
    .where('removed', '=', 0)
    .where('source', '<>', 'collect')
    .orderBy('patent_id')
    .execute();
  return rows.map((r) => Number(r.patent_id));
}

async function cate(token = company) {
  const res = await post('cate', token);
  expect(res.body.code).toBe(1);
  return res.body.data as {
    tree: { id: number; name: string; count: number; total: number; children: { id: number; name: string; total: number }[] }[];
    uncategorized: number;
    all: number;
    core: number;
    collected: number;
    removed: number;
  };
}

async function list(body: Record<string, unknown> = {}, token = company) {
  const res = await post('list', token, { page_size: 100, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { total: number; list: Record<string, unknown>[] };
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-01T08:00:00.000Z' });
  const now = t.now().toISOString();
  await seedDemoPatents(t.db, 600, { now: () => now, batchSize: 600 });
  await linkCompanyPatents(t.db.db, now);
  await seedDemoData(t.deps);
  companyId = Number(
    (await t.db.db.selectFrom('companies').select('id').where('company_name', '=', '示例科技有限公司').executeTakeFirstOrThrow())
      .id,
  );
  // A second company and its user: the patents of one of the seed companies' names become its own.
  const c = await t.db.db
    .insertInto('companies')
    .values({
      company_name: '另一家测试有限公司',
      credit_code: '',
      street_id: 0,
      street_name: '',
      patent_num: 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherCompanyId = Number(c.id);
  await refreshCompanyNames(t.db.db, otherCompanyId);
  await t.db.db
    .insertInto('users')
    .values({
      ...NEW_USER,
      mobile: '13900000009',
      name: '李四',
      company_name: '另一家测试有限公司',
      company_id: otherCompanyId,
      password_hash: await hashPassword(DEMO_PASSWORD),
      created_at: now,
      updated_at: now,
    })
    .execute();
  const theirs = await t.db.db
    .selectFrom('patents')
    .select('id')
    .where('id', 'not in', await ownIds())
    .orderBy('id')
    .limit(5)
    .execute();
  await t.db.db
    .insertInto('company_patents')
    .values(
      theirs.map((p) => ({
        company_id: otherCompanyId,
        patent_id: Number(p.id),
        source: 'manual',
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  company = await loginAs(t.app, 'company');
  other = await login(t.app, '13900000009');
}, 120_000);
afterAll(() => t?.close());

describe('demo portfolio and frontend/patent/cate', () => {
  it('files most of the demo company’s patents in a tree with counts, 未分类, 全部, core, collected', async () => {
    const own = await ownIds();
    expect(own.length).toBeGreaterThanOrEqual(20);
    const c = await cate();
    expect(c.tree.map((n) => n.name)).toEqual(['电池技术', '图像识别', '物联网', '无人机', '其他技术']);
    expect(c.tree[0].children.map((n) => n.name)).toEqual(['正极材料', '电解液']);
    expect(c.all).toBe(own.length);
    expect(c.uncategorized + c.tree.reduce((s, n) => s + n.total, 0)).toBe(c.all);
    expect(c.uncategorized).toBeGreaterThan(0);
    expect(c.uncategorized).toBeLessThan(c.all / 2);
    expect(c.core).toBeGreaterThan(0);
    expect(c.core).toBeLessThanOrEqual(20);
    expect(c.collected).toBeGreaterThan(0);
    const collectOnly = await t.db.db
      .selectFrom('company_patents')
      .select('patent_id')
      .where('company_id', '=', companyId)
      .where('source', '=', 'collect')
      .execute();
    expect(collectOnly.length).toBeGreaterThan(0);
    const notes = await t.db.db.selectFrom('patent_notes').selectAll().where('company_id', '=', companyId).execute();
    expect(notes.length).toBeGreaterThan(0);
    // A parent's total includes its children.
    const battery = c.tree[0];
    expect(battery.total).toBe(battery.count + battery.children.reduce((s, k) => s + k.total, 0));
  });

  it('shows another company only its own (empty) tree and counts', async () => {
    const c = await cate(other);
    expect(c.tree).toEqual([]);
    expect(c.all).toBe(5);
    expect(c.uncategorized).toBe(5);
  });
});

describe('categories: create, update, delete', () => {
  it('creates, renames, moves and deletes; a deleted category’s patents (and its children’s) go to 未分类', async () => {
    const made = await post('create', company, { name: '  测试分类  ' });
    expect(made.body).toMatchObject({ code: 1, data: { name: '测试分类', parent_id: 0 } });
    const parent = made.body.data.id as number;
    const child = (await post('create', company, { name: '子分类', parent_id: parent })).body.data.id as number;
    const renamed = await post('update', company, { id: child, name: '子分类甲', sort: 5 });
    expect(renamed.body).toMatchObject({ code: 1, data: { id: child, name: '子分类甲', sort: 5, parent_id: parent } });
    const ids = (await ownIds()).slice(0, 3);
    expect((await post('update-patent-category', company, { patent_ids: ids, category_id: child })).body.data).toEqual({
      updated: 3,
    });
    let c = await cate();
    const node = c.tree.find((n) => n.id === parent)!;
    expect(node.total).toBe(3);
    expect((await list({ category_id: parent })).total).toBe(3);
    const before = c.uncategorized;
    const del = await post('delete', company, { id: parent });
    expect(del.body).toMatchObject({ code: 1, data: { categories: 2, moved: 3 } });
    c = await cate();
    expect(c.tree.find((n) => n.id === parent)).toBeUndefined();
    expect(c.uncategorized).toBe(before + 3);
    const cats = await t.db.db.selectFrom('patent_categories').select('id').where('id', 'in', [parent, child]).execute();
    expect(cats).toEqual([]);
  });

  it('refuses a duplicate name among siblings (any case or width) but allows it under another parent', async () => {
    const a = (await post('create', company, { name: 'Alpha组' })).body.data.id as number;
    const before = await snapshot();
    const dup = await post('create', company, { name: 'ＡＬＰＨＡ组' });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe(0);
    expect(dup.body.msg).toContain('已有名为“Alpha组”的分类');
    expect(await snapshot()).toEqual(before);
    const under = await post('create', company, { name: 'Alpha组', parent_id: a });
    expect(under.body.code).toBe(1);
    const b = (await post('create', company, { name: 'Beta组' })).body.data.id as number;
    const rename = await post('update', company, { id: b, name: 'alpha组' });
    expect(rename.status).toBe(409);
    await post('delete', company, { id: a });
    await post('delete', company, { id: b });
  });

  it('keeps the tree at most three levels deep and refuses moving a category under itself', async () => {
    const l1 = (await post('create', company, { name: '一级' })).body.data.id as number;
    const l2 = (await post('create', company, { name: '二级', parent_id: l1 })).body.data.id as number;
    const l3 = (await post('create', company, { name: '三级', parent_id: l2 })).body.data.id as number;
    const l4 = await post('create', company, { name: '四级', parent_id: l3 });
    expect(l4.status).toBe(400);
    expect(l4.body.msg).toContain('最多 3 级');
    const loop = await post('update', company, { id: l1, parent_id: l3 });
    expect(loop.status).toBe(400);
    expect(loop.body.msg).toBe('不能把分类移到它自己或它的子分类下');
    const top = (await post('create', company, { name: '另一顶级' })).body.data.id as number;
    const tooDeep = await post('update', company, { id: top, parent_id: l3 });
    expect(tooDeep.status).toBe(400);
    const ok = await post('update', company, { id: l3, parent_id: 0 });
    expect(ok.body).toMatchObject({ code: 1, data: { parent_id: 0 } });
    await post('delete', company, { id: l1 });
    await post('delete', company, { id: l3 });
    await post('delete', company, { id: top });
  });

  it('refuses reserved names, empty and over-long names, unknown parents and ids', async () => {
    const before = await snapshot();
    for (const [body, msg] of [
      [{}, '请输入分类名称'],
      [{ name: '   ' }, '请输入分类名称'],
      [{ name: '未分类' }, '系统分类'],
      [{ name: '全部' }, '系统分类'],
      [{ name: 'x'.repeat(31) }, '不能超过 30 个字'],
      [{ name: 123 }, '请输入分类名称'],
      [{ name: '好名字', parent_id: 'a' }, '分类编号须为数字'],
      [{ name: '好名字', parent_id: -1 }, '分类编号不正确'],
      [{ name: '好名字', sort: 1.5 }, '排序须为整数'],
    ] as const) {
      const res = await post('create', company, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(0);
      expect(res.body.msg).toContain(msg);
    }
    const unknownParent = await post('create', company, { name: '好名字', parent_id: 999999 });
    expect(unknownParent.status).toBe(404);
    expect(unknownParent.body.msg).toBe('上级分类不存在或已被删除');
    expect((await post('update', company, { id: 999999, name: 'x' })).status).toBe(404);
    expect((await post('update', company, { id: 1 })).body.msg).toBe('请提供要修改的名称、上级分类或排序');
    expect((await post('delete', company, { id: 999999 })).body.msg).toBe('分类不存在或已被删除');
    expect((await post('delete', company, {})).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('frontend/patent/list', () => {
  it('pages the company’s own patents with category names, marks and note counts', async () => {
    const all = await ownIds();
    const page1 = await list({ page: 1, page_size: 10 });
    expect(page1.total).toBe(all.length);
    expect(page1.list).toHaveLength(10);
    const page2 = await list({ page: 2, page_size: 10 });
    expect(page2.list.map((r) => r.id)).not.toContain(page1.list[0].id);
    const row = page1.list[0];
    for (const k of [
      'id',
      'an',
      'pn',
      'title',
      'type',
      'legal_status',
      'ad',
      'gd',
      'category_id',
      'category_name',
      'is_core',
      'is_collected',
      'note_count',
    ])
      expect(row).toHaveProperty(k);
    const everything = await list();
    expect(everything.list.some((r) => (r.note_count as number) > 0)).toBe(true);
    expect(everything.list.some((r) => String(r.category_name).includes(' / '))).toBe(true);
    expect(everything.list.every((r) => all.includes(r.id as number))).toBe(true);
    const beyond = await list({ page: 1000 });
    expect(beyond).toMatchObject({ total: all.length, list: [] });
  });

  it('sorts by application date (empty last), grant date, title and core', async () => {
    const ads = (await list({ sort: 'ad_desc' })).list.map((r) => r.ad as string);
    expect([...ads].sort().reverse()).toEqual(ads);
    const asc = (await list({ sort: 'ad_asc' })).list.map((r) => r.ad as string);
    expect([...asc].sort()).toEqual(asc);
    const gds = (await list({ sort: 'gd_desc' })).list.map((r) => r.gd as string | null);
    const firstEmpty = gds.findIndex((g) => !g);
    if (firstEmpty >= 0) expect(gds.slice(firstEmpty).every((g) => !g)).toBe(true);
    const titlesAsc = (await list({ sort: 'title_asc' })).list.map((r) => r.id);
    const titlesDesc = (await list({ sort: 'title_desc' })).list.map((r) => r.id);
    expect(titlesDesc).toEqual([...titlesAsc].reverse());
    const core = (await list({ sort: 'core_desc' })).list.map((r) => r.is_core);
    expect(core).toEqual([...core].sort().reverse());
  });

  it('filters by category (with sub-categories), 未分类, type, legal status, year, core, collected and keyword', async () => {
    const c = await cate();
    const battery = c.tree[0];
    expect((await list({ category_id: battery.id })).total).toBe(battery.total);
    expect((await list({ category_id: battery.children[0].id })).total).toBe(battery.children[0].total);
    expect((await list({ category_id: 0 })).total).toBe(c.uncategorized);
    expect((await list({ is_core: 1 })).total).toBe(c.core);
    const collected = await list({ collected: 1 });
    expect(collected.total).toBe(c.collected);
    expect(collected.list.some((r) => r.source === 'collect')).toBe(true);
    const all = (await list()).list;
    const inv = await list({ type: ['发明'] });
    expect(inv.total).toBe(all.filter((r) => r.type === '发明').length);
    expect(inv.list.every((r) => r.type === '发明')).toBe(true);
    const granted = await list({ legal_status: ['有权', '审中'] });
    expect(granted.total).toBe(all.filter((r) => r.legal_status === '有权' || r.legal_status === '审中').length);
    const year = Number(String(all[0].ad).slice(0, 4));
    const byYear = await list({ app_year: [year] });
    expect(byYear.total).toBe(all.filter((r) => String(r.ad).startsWith(String(year))).length);
    // Keyword: part of a title, and an application number in another spelling (no CN, no dot, spaces).
    const target = all[3];
    const word = String(target.title).slice(0, 4);
    const byTitle = await list({ keyword: word });
    expect(byTitle.list.map((r) => r.id)).toContain(target.id);
    expect(byTitle.list.every((r) => String(r.title).includes(word))).toBe(true);
    const an = String(target.an).replace(/^CN/, '').replace('.', ' . ');
    const byNumber = await list({ keyword: an });
    expect(byNumber.list.map((r) => r.id)).toEqual([target.id]);
    expect((await list({ keyword: '%' })).total).toBe(0);
  });

  it('refuses bad filters and paging with a Chinese message', async () => {
    for (const [body, msg] of [
      [{ page: 0 }, '页码从 1 开始'],
      [{ page_size: 101 }, '每页最多 100 条'],
      [{ sort: 'random' }, '排序方式无效'],
      [{ type: ['软件'] }, '专利类型应为'],
      [{ legal_status: '有权' }, '类型不正确'],
      [{ app_year: ['x'] }, '申请年份须为数字'],
      [{ keyword: 'x'.repeat(201) }, '关键词不能超过 200 个字'],
      [{ category_id: 'a' }, '分类编号须为数字'],
    ] as const) {
      const res = await post('list', company, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(0);
      expect(res.body.msg).toContain(msg);
    }
  });
});

describe('moving, core, collecting', () => {
  it('moves patents to a category and back to 未分类 with default_cate', async () => {
    const c = await cate();
    const target = c.tree[2].id;
    const ids = (await list({ category_id: 0 })).list.slice(0, 2).map((r) => r.id as number);
    const moved = await post('update-patent-category', company, { patent_ids: ids, category_id: target });
    expect(moved.body).toMatchObject({ code: 1, data: { updated: 2 } });
    const bucket = await post('default_cate', company);
    expect(bucket.body.data).toEqual({ id: 0, name: '未分类', count: c.uncategorized - 2 });
    const back = await post('default_cate', company, { patent_ids: ids });
    expect(back.body.data).toEqual({ id: 0, name: '未分类', count: c.uncategorized });
  });

  it('marks and unmarks core patents in bulk', async () => {
    const ids = (await list({ is_core: 0 })).list.slice(0, 3).map((r) => r.id as number);
    const before = (await cate()).core;
    expect((await post('core', company, { patent_ids: ids, is_core: 1 })).body.data).toEqual({ updated: 3 });
    expect((await cate()).core).toBe(before + 3);
    expect((await post('core', company, { patent_ids: ids, is_core: false })).body.code).toBe(1);
    expect((await cate()).core).toBe(before);
  });

  it('collects the company’s own patents and anyone’s; uncollecting someone else’s patent drops the row', async () => {
    const own = (await list({ collected: 0 })).list[0].id as number;
    const foreign = await t.db.db
      .selectFrom('patents')
      .select('id')
      .where('id', 'not in', (eb) => eb.selectFrom('company_patents').select('patent_id').where('company_id', '=', companyId))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const res = await post('collage', company, { patent_ids: [own, Number(foreign.id)], collected: 1 });
    expect(res.body.code).toBe(1);
    const row = await t.db.db
      .selectFrom('company_patents')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('patent_id', '=', Number(foreign.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'collect', is_collected: 1, removed: 0 });
    const marks = await post('marks', company, { patent_ids: [own, Number(foreign.id)] });
    expect(marks.body.data[String(own)]).toEqual({ owned: true, collected: true, removed: false });
    expect(marks.body.data[String(foreign.id)]).toEqual({ owned: false, collected: true, removed: false });
    // Collected-only patents are not the company's: not in 全部, not in patent_num.
    expect((await list()).list.map((r) => r.id)).not.toContain(Number(foreign.id));
    await post('collage', company, { patent_ids: [own, Number(foreign.id)], collected: 0 });
    const gone = await t.db.db
      .selectFrom('company_patents')
      .select('patent_id')
      .where('company_id', '=', companyId)
      .where('patent_id', '=', Number(foreign.id))
      .executeTakeFirst();
    expect(gone).toBeUndefined();
    const ownRow = await t.db.db
      .selectFrom('company_patents')
      .select(['is_collected', 'source'])
      .where('company_id', '=', companyId)
      .where('patent_id', '=', own)
      .executeTakeFirstOrThrow();
    expect(ownRow.is_collected).toBe(0);
    expect(ownRow.source).not.toBe('collect');
    const unknown = await post('collage', company, { patent_ids: [99999999], collected: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('未找到该专利');
  });
});

describe('frontend/patent/insert and frontend/user/save', () => {
  it('reports each pasted line: added, already in, not found, invalid (a wrong check digit is named)', async () => {
    const foreign = await t.db.db
      .selectFrom('patents')
      .select(['id', 'an', 'pn'])
      .where('id', 'not in', (eb) => eb.selectFrom('company_patents').select('patent_id').where('company_id', '=', companyId))
      .where('an', 'like', 'CN%')
      .orderBy('id')
      .limit(3)
      .execute();
    const [a, b, c] = foreign;
    const digits = String(a.an).slice(2, 14);
    const wrong = (Number(applicationCheckDigit(digits) === 'X' ? 0 : applicationCheckDigit(digits)) + 1) % 10;
    const own = (await list()).list[0];
    const unknownDigits = '202310999999';
    const text = [
      String(a.an), // CN202310123456.7
      `${String(b.an).slice(2, 6)} ${String(b.an).slice(6, 14)}`, // no CN, no check digit, a space
      String(c.pn).toLowerCase(),
      String(own.an),
      `${digits}.${wrong}`,
      `${unknownDigits}.${applicationCheckDigit(unknownDigits)}`,
      '不是号码',
      String(a.an).replace('CN', 'cn '), // the same patent again
    ].join('\n');
    const res = await post('insert', company, { numbers: text });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const lines = res.body.data.lines as { status: string; msg: string; patent_id?: number }[];
    expect(lines.map((l) => l.status)).toEqual([
      'added',
      'added',
      'added',
      'exists',
      'invalid',
      'not_found',
      'invalid',
      'exists',
    ]);
    expect(lines[4].msg).toContain('校验位错误');
    expect(lines[4].msg).toContain(`应为 ${applicationCheckDigit(digits)}`);
    expect(lines[0].patent_id).toBe(Number(a.id));
    expect(res.body.data).toMatchObject({ added: 3, exists: 2, not_found: 1, invalid: 2 });
    const rows = await t.db.db
      .selectFrom('company_patents')
      .select(['source', 'created_by'])
      .where('company_id', '=', companyId)
      .where('patent_id', 'in', [Number(a.id), Number(b.id), Number(c.id)])
      .execute();
    expect(rows.map((r) => r.source)).toEqual(['manual', 'manual', 'manual']);
    await post('remove', company, { patent_ids: [Number(a.id), Number(b.id), Number(c.id)] });
  });

  it('files added patents in the chosen category; refuses an unknown category, empty and too many lines', async () => {
    const target = (await cate()).tree[3].id;
    const foreign = await t.db.db
      .selectFrom('patents')
      .select(['id', 'an'])
      .where('id', 'not in', (eb) => eb.selectFrom('company_patents').select('patent_id').where('company_id', '=', companyId))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const before = await snapshot();
    const badCat = await post('insert', company, { numbers: String(foreign.an), category_id: 999999 });
    expect(badCat.status).toBe(404);
    expect(badCat.body.msg).toBe('分类不存在或已被删除');
    for (const [body, msg] of [
      [{}, '请输入申请号或公开号'],
      [{ numbers: ' \n ,; ' }, '请输入申请号或公开号'],
      [{ numbers: 42 }, '请输入申请号或公开号'],
      [
        { numbers: Array.from({ length: PORTFOLIO_INSERT_MAX + 1 }, (_, i) => `CN10000${i}A`).join('\n') },
        '一次最多添加 200 个号码',
      ],
    ] as const) {
      const res = await post('insert', company, body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    expect(await snapshot()).toEqual(before);
    const ok = await post('insert', company, { numbers: String(foreign.an), category_id: target });
    expect(ok.body.data.added).toBe(1);
    expect((await list({ category_id: target })).list.map((r) => r.id)).toContain(Number(foreign.id));
    await post('remove', company, { patent_ids: [Number(foreign.id)] });
  });

  it('加入专利库 saves a search hit as a manual row, once', async () => {
    const foreign = await t.db.db
      .selectFrom('patents')
      .select('id')
      .where('id', 'not in', (eb) => eb.selectFrom('company_patents').select('patent_id').where('company_id', '=', companyId))
      .orderBy('id')
      .limit(1)
      .offset(10)
      .executeTakeFirstOrThrow();
    const id = Number(foreign.id);
    const target = (await cate()).tree[1].id;
    const first = await post('/v1/frontend/user/save', company, { patent_id: id, category_id: target });
    expect(first.body).toMatchObject({ code: 1, data: { status: 'added', msg: '已加入专利库' } });
    const again = await post('/v1/frontend/user/save', company, { patent_id: id });
    expect(again.body.data).toMatchObject({ status: 'exists', msg: '该专利已在本企业专利库中' });
    const row = await list({ keyword: '' });
    expect(row.list.find((r) => r.id === id)).toMatchObject({ source: 'manual', category_id: target });
    expect((await post('/v1/frontend/user/save', company, { patent_id: 99999999 })).status).toBe(404);
    expect((await post('/v1/frontend/user/save', company, { patent_id: '1' })).body.msg).toBe('专利编号须为数字');
    await post('remove', company, { patent_ids: [id] });
  });
});

describe('remove and restore', () => {
  it('takes a patent out (kept in search, not re-linked), lists it under 已移除 and restores it', async () => {
    const id = (await ownIds())[0];
    const before = Number(
      (await t.db.db.selectFrom('companies').select('patent_num').where('id', '=', companyId).executeTakeFirstOrThrow())
        .patent_num,
    );
    const res = await post('remove', company, { patent_ids: [id] });
    expect(res.body).toMatchObject({ code: 1, data: { updated: 1 } });
    expect((await list()).list.map((r) => r.id)).not.toContain(id);
    expect((await list({ removed: 1 })).list.map((r) => r.id)).toContain(id);
    const num = await t.db.db.selectFrom('companies').select('patent_num').where('id', '=', companyId).executeTakeFirstOrThrow();
    expect(Number(num.patent_num)).toBe(before - 1);
    // Still a patent of the search and detail pages.
    const detail = await call(t.app, 'POST', '/v1/patents/detail', { body: { id } });
    expect(detail.body.code).toBe(1);
    const search = await call(t.app, 'POST', '/v1/search/expression', {
      body: { expression: `申请号=(${detail.body.data.an})` },
    });
    expect(search.body.data.list.map((h: { id: number }) => h.id)).toContain(id);
    // Linking by applicant name after an import does not bring it back.
    await linkCompanyPatents(t.db.db, t.now().toISOString());
    expect((await list()).list.map((r) => r.id)).not.toContain(id);
    expect((await cate()).removed).toBeGreaterThanOrEqual(1);
    // Removing again or restoring something not removed: 404, nothing changed.
    const snap = await snapshot();
    expect((await post('remove', company, { patent_ids: [id] })).status).toBe(404);
    expect((await post('restore', company, { patent_ids: [(await ownIds())[0]] })).body.msg).toBe('该专利不在已移除列表中');
    expect(await snapshot()).toEqual(snap);
    expect((await post('restore', company, { patent_ids: [id] })).body.code).toBe(1);
    expect((await list()).list.map((r) => r.id)).toContain(id);
  });
});

describe('研判 notes and frontend/patent/info', () => {
  it('adds notes with author and time, lists them in info, deletes them', async () => {
    const id = (await ownIds())[1];
    const made = await post('create-yan', company, { patent_id: id, content: '  权利要求稳定，建议维持。 ' });
    expect(made.body).toMatchObject({
      code: 1,
      data: { patent_id: id, content: '权利要求稳定，建议维持。', author: '张经理', deletable: true },
    });
    expect(made.body.data.created_at).toBe('2026-03-01T08:00:00.000Z');
    const info = await post('info', company, { id });
    expect(info.body.data.entry).toMatchObject({ removed: 0 });
    expect(info.body.data.notes.map((n: { id: number }) => n.id)).toContain(made.body.data.id);
    expect((await list({ keyword: '' })).list.find((r) => r.id === id)!.note_count).toBeGreaterThanOrEqual(1);
    expect((await post('del_yan', company, { id: made.body.data.id })).body.code).toBe(1);
    expect((await post('del_yan', company, { id: made.body.data.id })).status).toBe(404);
  });

  it('refuses notes on patents outside the portfolio, empty and over-long notes', async () => {
    const before = await snapshot();
    const foreign = await t.db.db
      .selectFrom('patents')
      .select('id')
      .where('id', 'not in', (eb) => eb.selectFrom('company_patents').select('patent_id').where('company_id', '=', companyId))
      .executeTakeFirstOrThrow();
    const outside = await post('create-yan', company, { patent_id: Number(foreign.id), content: '看看' });
    expect(outside.status).toBe(404);
    expect(outside.body.msg).toBe('该专利不在本企业专利库中');
    expect((await post('create-yan', company, { patent_id: (await ownIds())[0], content: '   ' })).body.msg).toBe(
      '请输入研判内容',
    );
    expect(
      (await post('create-yan', company, { patent_id: (await ownIds())[0], content: '字'.repeat(2001) })).body.msg,
    ).toContain('不能超过 2000 个字');
    expect((await post('create-yan', company, { content: '看看' })).body.msg).toBe('专利编号须为数字');
    expect(await snapshot()).toEqual(before);
  });

  it('answers info for any patent (entry null when the company has none) and 404 for an unknown one', async () => {
    const foreign = await t.db.db
      .selectFrom('patents')
      .select('id')
      .where('id', 'not in', (eb) => eb.selectFrom('company_patents').select('patent_id').where('company_id', '=', companyId))
      .executeTakeFirstOrThrow();
    const res = await post('info', company, { id: Number(foreign.id) });
    expect(res.body.data).toMatchObject({ patent_id: Number(foreign.id), entry: null, notes: [] });
    expect((await post('info', company, { id: 99999999 })).status).toBe(404);
  });
});

describe('frontend/patent/export', () => {
  it('downloads the filtered list as an Excel sheet, one row per patent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: P('export'),
      headers: { authorization: `Bearer ${company}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ type: ['发明'], sort: 'ad_desc' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('专利库_20260301.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('专利库')!;
    const expected = await list({ type: ['发明'], sort: 'ad_desc' });
    expect(ws.rowCount).toBe(expected.total + 1);
    expect(ws.getRow(1).getCell(2).value).toBe('申请号');
    expect(ws.getRow(2).getCell(2).value).toBe(expected.list[0].an);
    expect(ws.getRow(2).getCell(12).value).toBe(expected.list[0].category_name);
  });
});

describe('IDOR: another company’s ids', () => {
  it('cannot see, rename, move, delete or file into the first company’s categories, nor touch its patents and notes', async () => {
    const c = await cate();
    const cat = c.tree[0].id;
    const theirPatent = (await ownIds())[0];
    const note = await t.db.db
      .selectFrom('patent_notes')
      .select('id')
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    const mine = (await ownIds(otherCompanyId))[0];
    const before = await snapshot();
    const attempts: [string, unknown, number][] = [
      ['update', { id: cat, name: '被改了' }, 404],
      ['delete', { id: cat }, 404],
      ['create', { name: '挂到别人下面', parent_id: cat }, 404],
      ['update-patent-category', { patent_ids: [mine], category_id: cat }, 404],
      ['update-patent-category', { patent_ids: [theirPatent], category_id: 0 }, 404],
      ['default_cate', { patent_ids: [theirPatent] }, 404],
      ['core', { patent_ids: [theirPatent], is_core: 1 }, 404],
      ['core', { patent_ids: [mine, theirPatent], is_core: 1 }, 404],
      ['remove', { patent_ids: [theirPatent] }, 404],
      ['restore', { patent_ids: [theirPatent] }, 404],
      ['del_yan', { id: Number(note.id) }, 404],
      ['create-yan', { patent_id: theirPatent, content: '偷看' }, 404],
      ['insert', { numbers: 'CN202310123456', category_id: cat }, 404],
      ['/v1/frontend/user/save', { patent_id: mine, category_id: cat }, 404],
    ];
    for (const [path, body, status] of attempts) {
      const res = await post(path, other, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(res.body.code).toBe(0);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await snapshot()).toEqual(before);
    // Reads show the other company only its own rows.
    expect((await list({}, other)).list.map((r) => r.id)).not.toContain(theirPatent);
    expect((await list({ category_id: cat }, other)).total).toBe(0);
    const info = await post('info', other, { id: theirPatent });
    expect(info.body.data).toMatchObject({ entry: null, notes: [] });
    const marks = await post('marks', other, { patent_ids: [theirPatent] });
    expect(marks.body.data).toEqual({});
  });
});

describe('who may call the portfolio', () => {
  const calls: [string, unknown][] = [
    ['cate', {}],
    ['list', {}],
    ['create', { name: '越权' }],
    ['core', { patent_ids: [1], is_core: 1 }],
    ['collage', { patent_ids: [1], collected: 1 }],
    ['insert', { numbers: 'CN108472367A' }],
    ['/v1/frontend/user/save', { patent_id: 1 }],
    ['export', {}],
  ];

  it('refuses administrators, enterprise-service accounts and visitors-without-login; a trial user is asked to verify', async () => {
    const before = await snapshot();
    for (const kind of ['admin', 'main', 'staff'] as const) {
      const token = await loginAs(t.app, kind);
      for (const [path, body] of calls) {
        const res = await post(path, token, body);
        expect(res.status, `${kind} ${path}`).toBe(403);
        expect(res.body.code).toBe(0);
      }
    }
    const trial = await loginAs(t.app, 'trial');
    for (const [path, body] of calls) {
      const res = await post(path, trial, body);
      expect(res.status, `trial ${path}`).toBe(403);
      expect(res.body.msg).toBe('企业认证通过后才能管理企业知识产权，请先到个人中心提交认证');
    }
    for (const [path, body] of calls) expect((await post(path, undefined, body)).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('works in an administrator’s admin view of the company user, and writes changes to the audit log', async () => {
    const admin = await loginAs(t.app, 'admin');
    const u = await t.db.db.selectFrom('users').select('id').where('mobile', '=', '13800000001').executeTakeFirstOrThrow();
    const view = (await call(t.app, 'POST', '/v1/user/admin-view', { token: admin, body: { user_id: u.id } })).body.data.token;
    expect((await post('cate', view)).body.code).toBe(1);
    const made = await post('create', view, { name: '管理员代建' });
    expect(made.body.code).toBe(1);
    const audit = await t.db.db.selectFrom('audit_log').select('action').where('user_id', '=', Number(u.id)).execute();
    const actions = audit.map((a) => a.action);
    expect(actions).toContain('POST /frontend/patent/create');
    expect(actions).not.toContain('POST /frontend/patent/cate');
    await post('delete', view, { id: made.body.data.id });
  });

  it('answers a 5 MB body with 413 and a wrong body type with a Chinese message, changing nothing', async () => {
    const before = await snapshot();
    const huge = await post('insert', company, { numbers: 'CN'.repeat(2_500_000) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ code: 0, msg: '请求内容过大' });
    const huge2 = await post('create', company, { name: '字'.repeat(5_000_000 / 3) });
    expect(huge2.status).toBe(413);
    const arr = await call(t.app, 'POST', P('core'), {
      token: company,
      body: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(arr.status).toBe(400);
    expect(arr.body.msg).toBe('请求内容须为 JSON 对象（{...}）');
    for (const body of [
      { patent_ids: 'abc', is_core: 1 },
      { patent_ids: [], is_core: 1 },
      { patent_ids: [1.5], is_core: 1 },
      { patent_ids: [1], is_core: 2 },
    ]) {
      const res = await post('core', company, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const many = await post('core', company, { patent_ids: Array.from({ length: 1001 }, (_, i) => i + 1), is_core: 1 });
    expect(many.body.msg).toBe('一次最多处理 1000 件专利');
    expect(await snapshot()).toEqual(before);
  });
});
