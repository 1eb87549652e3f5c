import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SelectQueryNode, TableNode, type KyselyPlugin } from 'kysely';
import { MONITOR_TRIAL_REFUSED } from '@ip/contract';
import { call, createTestApp, DEMO, login, loginAs, runImportTool, type TestApp } from '../../../test/helpers';
import { shanghaiDate } from '../company/home.routes';
import { companyUser, demoPortfolio, otherCompany } from '../../../test/company-records';
import { applicationCheckDigit } from '../../search/patent-number';
import { allJobHandlers } from '../index';
import { createJob, drainJobs } from '../jobs/jobs.service';
import { PATENT_IMPORT_JOB } from '../patents/patents.jobs';
import { MONITOR_JOB, runMonitoring } from './monitoring.run';

// /v1/frontend/monitor/*: monitoring rules, their runs after an import, hits and messages (ADR 0029),
// on SQLite and PostgreSQL.

let t: TestApp;
let token: string;
let companyId: number;
let other: { companyId: number; userId: number; token: string };

const TODAY = '2026-03-15';
const post = (url: string, body: unknown = {}, tok = token) =>
  call(t.app, 'POST', `/v1/frontend/monitor/${url}`, { token: tok, body });
const an = (digits12: string) => `CN${digits12}.${applicationCheckDigit(digits12)}`;

const RIVAL = '甲竞争科技有限公司';
const R1 = {
  an: an('202610000001'),
  pn: 'CN120000001A',
  ad: '2025-09-01',
  pd: '2026-03-10',
  title: '一种图像识别方法',
  applicants: [RIVAL],
  ipc: ['G06F18/24'],
  type: '发明',
};
const R2 = {
  an: an('202610000002'),
  pn: 'CN120000002A',
  ad: '2025-09-02',
  pd: '2026-03-11',
  title: '一种固态电池的制备方法',
  applicants: ['丙材料有限公司'],
  ipc: ['C01B33/00'],
  type: '发明',
};
const R3 = {
  an: an('202620000003'),
  pn: 'CN220000003U',
  ad: '2025-10-02',
  pd: '2026-03-12',
  title: '一种散热装置',
  applicants: ['丙材料有限公司'],
  ipc: ['H01M10/0525'],
  type: '实用新型',
};
const R4 = {
  an: an('201910000004'),
  pn: 'CN110000004A',
  ad: '2019-01-02',
  pd: '2019-07-01',
  title: '一种旧的方法',
  applicants: ['丁公司'],
  ipc: ['A01B1/00'],
  type: '发明',
  legal_events: [{ date: '2026-03-01', code: 'TR01', text: '专利申请权、专利权的转移' }],
};
const R5 = {
  an: an('201910000005'),
  pn: 'CN110000005A',
  ad: '2019-01-05',
  pd: '2019-08-01',
  title: '一种老方法',
  applicants: [RIVAL],
  ipc: ['B01B1/00'],
  type: '发明',
};

async function importRecords(name: string, records: unknown[]): Promise<void> {
  const file = path.join(t.dataDir, name);
  fs.writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
  await createJob(
    t.db,
    { kind: PATENT_IMPORT_JOB, ownerId: 1, params: { files: [{ path: file, name }] } },
    t.now().toISOString(),
  );
  await drainJobs(t.deps, allJobHandlers());
}

async function hitsOf(ruleId: number) {
  const res = await post('hits', { rule_id: ruleId, page_size: 100 });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return (res.body.data.list as { detail: string; event: string; event_date: string }[])
    .map((h) => `${h.detail.split(' ').at(-1)}:${h.event}:${h.event_date}`)
    .sort();
}

const rules: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ now: `${TODAY}T04:00:00Z` });
  token = await loginAs(t.app, 'company');
  ({ companyId } = await demoPortfolio(t, 100));
  other = await otherCompany(t);
});
afterAll(() => t.close());

describe('monitoring rules', () => {
  it('refuses trial users with the reason, the administrator (wrong role), and invalid values, creating nothing', async () => {
    const trial = await loginAs(t.app, 'trial');
    const r = await post('rule/create', { name: '对手', kind: 'applicant', value: RIVAL }, trial);
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe(MONITOR_TRIAL_REFUSED);
    expect((await post('rule/index', {}, trial)).body.msg).toBe(MONITOR_TRIAL_REFUSED);
    const admin = await loginAs(t.app, 'admin');
    expect((await post('rule/create', { name: '对手', kind: 'applicant', value: RIVAL }, admin)).status).toBe(403);

    const bad = await post('rule/create', { name: '坏检索式', kind: 'expression', value: 'TI=(电池 AND' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(0);
    expect(typeof bad.body.position).toBe('number');
    expect(bad.body.msg).toMatch(/第 ?\d+ ?个字符|位置|括号/);
    const ipc = await post('rule/create', { name: '坏分类', kind: 'ipc', value: 'XYZ' });
    expect(ipc.status).toBe(400);
    expect(ipc.body.msg).toContain('IPC 分类号');
    const num = await post('rule/create', { name: '坏号码', kind: 'patents', value: 'CN202310605823.9' });
    expect(num.status).toBe(400);
    expect(num.body.msg).toContain('校验位');
    expect((await post('rule/index')).body.data.list).toHaveLength(0);
  });

  it('creates one rule of each kind, values in canonical form', async () => {
    for (const [key, kind, value] of [
      ['applicant', 'applicant', ` ${RIVAL} `],
      ['expression', 'expression', 'TI=电池'],
      ['ipc', 'ipc', 'h01m'],
      ['patents', 'patents', `${R4.an}\nCN999999999A`],
    ] as const) {
      const res = await post('rule/create', { name: `规则-${key}`, kind, value });
      expect(res.body.code, JSON.stringify(res.body)).toBe(1);
      rules[key] = res.body.data.id;
    }
    const list = (await post('rule/index')).body.data;
    expect(list.max).toBe(50);
    const byId = new Map(list.list.map((r: { id: number; value: string }) => [r.id, r.value]));
    expect(byId.get(rules.applicant)).toBe(RIVAL);
    expect(byId.get(rules.ipc)).toBe('H01M');
    expect(byId.get(rules.patents)).toBe(`${R4.an}\nCN999999999`);
  });

  it("refuses another company's rule ids on every call", async () => {
    const id = rules.applicant;
    for (const url of ['rule/detail', 'rule/delete', 'rule/run', 'rule/timeline', 'rule/compare']) {
      const res = await post(url, { id }, other.token);
      expect(res.status, url).toBe(404);
    }
    const upd = await post('rule/update', { id, name: 'x', kind: 'applicant', value: '乙' }, other.token);
    expect(upd.status).toBe(404);
    expect((await post('hits', { rule_id: id }, other.token)).body.data.total).toBe(0);
    expect((await post('hit/read', { rule_id: id }, other.token)).status).toBe(404);
    expect((await post('rule/detail', { id })).body.data.name).toBe('规则-applicant');
  });
});

describe('runs', () => {
  it('an import queues a run: each rule finds what it should and nothing else, with one message per rule', async () => {
    t.advance(60_000);
    await importRecords('new.jsonl', [R1, R2, R3, R4, R5]);
    expect(await hitsOf(rules.applicant)).toEqual(['CN120000001A:publication:2026-03-10']);
    expect(await hitsOf(rules.expression)).toEqual(['CN120000002A:publication:2026-03-11']);
    // A utility model is granted when it is published (kind U).
    expect(await hitsOf(rules.ipc)).toEqual(['CN220000003U:grant:2026-03-12']);
    expect(await hitsOf(rules.patents)).toEqual(['专利申请权、专利权的转移:status:2026-03-01']);

    const user = await t.db.db.selectFrom('users').select('id').where('mobile', '=', DEMO.company).executeTakeFirstOrThrow();
    const msgs = await t.db.db
      .selectFrom('messages')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('kind', '=', 'monitor')
      .execute();
    expect(msgs).toHaveLength(4);
    expect(msgs.map((m) => m.link).sort()).toEqual(
      Object.values(rules)
        .map((id) => `/compdetail?id=${id}`)
        .sort(),
    );
    expect(msgs.find((m) => m.link === `/compdetail?id=${rules.applicant}`)!.title).toContain('1 条新动态');
    const otherMsgs = await t.db.db.selectFrom('messages').select('id').where('company_id', '=', other.companyId).execute();
    expect(otherMsgs).toHaveLength(0);
  });

  it('runs again (nightly, run now, the same file again) add no hit and no message', async () => {
    const count = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('monitor_hits')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    t.advance(60_000);
    expect((await runMonitoring(t.deps)).hits).toBe(0);
    expect((await post('rule/run', { id: rules.applicant })).body.data).toEqual({ rules: 1, hits: 0 });
    await importRecords('again.jsonl', [R1, R2, R3, R4, R5]);
    // A run whose window covers the same patents again (a lost last_run_at) still adds nothing.
    await t.db.db
      .updateTable('monitor_rules')
      .set({ last_run_at: `${TODAY}T00:00:00.000Z` })
      .execute();
    expect((await runMonitoring(t.deps)).hits).toBe(0);
    expect(await count()).toBe(before);
    expect(
      (
        await t.db.db
          .selectFrom('messages')
          .select('id')
          .where('kind', '=', 'monitor')
          .where('company_id', '=', companyId)
          .execute()
      ).length,
    ).toBe(
      4 *
        (await t.db.db.selectFrom('users').select('id').where('company_id', '=', companyId).where('status', '=', 1).execute())
          .length,
    );
  });

  it('a grant of a monitored competitor imported later is a new hit and a new message', async () => {
    t.advance(3600_000);
    await importRecords('grant.jsonl', [{ ...R1, gn: 'CN120000001B', gd: '2026-03-14' }]);
    expect(await hitsOf(rules.applicant)).toEqual(['CN120000001A:publication:2026-03-10', 'CN120000001B:grant:2026-03-14']);
    const last = await t.db.db
      .selectFrom('messages')
      .selectAll()
      .where('kind', '=', 'monitor')
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.title).toContain('规则-applicant');
    expect(last.body).toContain('新授权 1 件');
  });
});

describe('hits', () => {
  it('lists unread first, filters, marks read, shows one hit; another company sees none of it', async () => {
    const all = (await post('hits', { page_size: 100 })).body.data;
    expect(all.total).toBe(5);
    expect(all.unread).toBe(5);
    const first = all.list[0];
    expect((await post('hit/read', { ids: [first.id] })).body.data.updated).toBe(1);
    const after = (await post('hits', { page_size: 100 })).body.data;
    expect(after.unread).toBe(4);
    expect(after.list.at(-1).id).toBe(first.id);
    expect((await post('hits', { event: 'grant' })).body.data.total).toBe(2);
    expect((await post('hits', { date_from: '2026-03-11', date_to: '2026-03-12' })).body.data.total).toBe(2);
    expect((await post('hits', { unread: true })).body.data.total).toBe(4);
    expect((await post('hits', { page: 2, page_size: 2 })).body.data.list).toHaveLength(2);
    expect((await post('hits', { date_from: '2026-02-30' })).status).toBe(400);

    const detail = (await post('hit/detail', { id: first.id })).body.data;
    expect(detail).toMatchObject({ id: first.id, read: true });
    expect((await post('hit/detail', { id: first.id }, other.token)).status).toBe(404);
    expect((await post('hit/read', { ids: [first.id] }, other.token)).status).toBe(404);
    expect((await post('hits', {}, other.token)).body.data.total).toBe(0);
    expect((await post('hit/read', { all: true })).body.data.updated).toBe(4);
  });

  it('timeline by month and event; the competitor beside the company', async () => {
    const tl = (await post('rule/timeline', { id: rules.applicant })).body.data;
    expect(tl.months).toEqual([{ month: '2026-03', publication: 1, grant: 1, status: 0 }]);
    const cmp = await post('rule/compare', { id: rules.applicant });
    expect(cmp.body.code, JSON.stringify(cmp.body)).toBe(1);
    expect(cmp.body.data.competitor).toEqual({ name: RIVAL, total: 2 });
    expect(cmp.body.data.company.total).toBeGreaterThan(0);
    expect(cmp.body.data.years.find((r: { key: string }) => r.key === '2019')).toMatchObject({ competitor: 1 });
    expect((await post('rule/compare', { id: rules.ipc })).status).toBe(400);
  });

  it('updates and deletes a rule (its hits go with it); the per-company limit', async () => {
    const upd = await post('rule/update', { id: rules.ipc, name: '电池分类', kind: 'ipc', value: 'H01M10/', enabled: false });
    expect(upd.body.data).toMatchObject({ name: '电池分类', value: 'H01M10/', enabled: false });
    expect((await post('rule/run', { id: rules.ipc })).status).toBe(400);
    expect((await post('rule/delete', { id: rules.ipc })).body.code).toBe(1);
    expect((await post('rule/detail', { id: rules.ipc })).status).toBe(404);
    expect((await post('hits', { page_size: 100 })).body.data.total).toBe(4);
    const now = t.now().toISOString();
    await t.db.db
      .insertInto('monitor_rules')
      .values(
        Array.from({ length: 47 }, (_, i) => ({
          company_id: companyId,
          name: `r${i}`,
          kind: 'ipc',
          value: 'A01',
          created_at: now,
          updated_at: now,
          watch_from: TODAY,
          last_run_at: now,
        })),
      )
      .execute();
    const full = await post('rule/create', { name: '第51条', kind: 'ipc', value: 'A01' });
    expect(full.status).toBe(409);
    expect(full.body.msg).toContain('最多设置 50 条');
  });
});

describe('hits and their messages: one read state (ADR 0033)', () => {
  const RIVAL2 = '戊同步科技有限公司';
  const rec = (n: number, pd: string) => ({
    an: an(`20261050000${n}`),
    pn: `CN12500000${n}A`,
    ad: '2025-10-01',
    pd,
    title: `一种同步方法${n}`,
    applicants: [RIVAL2],
    ipc: ['G06F9/00'],
    type: '发明',
  });
  const otherPost = (url: string, body: unknown = {}) => post(url, body, other.token);
  const msgCall = (url: string, body: unknown, tok: string) =>
    call(t.app, 'POST', `/v1/frontend/message/${url}`, { token: tok, body });
  const monitorMessages = async () =>
    t.db.db
      .selectFrom('messages')
      .select(['id', 'user_id', 'read_at', 'delivery_key'])
      .where('company_id', '=', other.companyId)
      .where('kind', '=', 'monitor')
      .orderBy('id')
      .execute();
  const home = async () =>
    (await call(t.app, 'POST', '/v1/frontend/home/summary', { token: other.token, body: {} })).body.data.monitor_unread;

  it('marking the hits read marks their message read (for every user), not before the last of them', async () => {
    const second = await companyUser(t, other.companyId, '13911110009');
    const rule = await otherPost('rule/create', { name: '戊同步', kind: 'applicant', value: RIVAL2 });
    expect(rule.body.code, JSON.stringify(rule.body)).toBe(1);
    t.advance(60_000);
    await importRecords('sync-1.jsonl', [rec(1, '2026-03-13'), rec(2, '2026-03-14')]);
    const hits = (await otherPost('hits', { rule_id: rule.body.data.id })).body.data;
    expect(hits).toMatchObject({ total: 2, unread: 2 });
    expect(await home()).toBe(2);
    let msgs = await monitorMessages();
    expect(msgs.map((m) => m.user_id).sort()).toEqual([other.userId, second.userId].sort());
    expect(msgs.every((m) => m.read_at === null)).toBe(true);

    // One of the two hits read: the message still announces an unread one.
    expect((await otherPost('hit/read', { ids: [hits.list[0].id] })).body.data.updated).toBe(1);
    expect((await monitorMessages()).every((m) => m.read_at === null)).toBe(true);
    expect(await home()).toBe(1);
    // Another company marking its hits changes nothing here.
    await post('hit/read', { all: true });
    expect((await monitorMessages()).every((m) => m.read_at === null)).toBe(true);
    // The last one: both users' copies are read, the badge drops.
    expect((await otherPost('hit/read', { ids: [hits.list[1].id] })).body.data.updated).toBe(1);
    msgs = await monitorMessages();
    expect(msgs.every((m) => m.read_at !== null)).toBe(true);
    expect((await msgCall('unread_count', {}, second.token)).body.data.by_kind.monitor).toBe(0);
    expect(await home()).toBe(0);
  });

  it('reading the message marks its hits read (and the other users’ copies), by opening it, 标为已读 or 全部已读', async () => {
    const second = await t.db.db.selectFrom('users').select('id').where('mobile', '=', '13911110009').executeTakeFirstOrThrow();
    const cases: [string, (id: number) => Promise<unknown>][] = [
      ['detail', (id) => msgCall('detail', { id }, other.token)],
      ['read', (id) => msgCall('read', { ids: [id] }, other.token)],
      ['read_all', () => msgCall('read_all', { kind: 'monitor' }, other.token)],
    ];
    let n = 3;
    for (const [how, read] of cases) {
      t.advance(60_000);
      await importRecords(`sync-${how}.jsonl`, [rec(n, '2026-03-15')]);
      n++;
      expect(await home(), how).toBe(1);
      const mine = (await monitorMessages()).filter((m) => m.user_id === other.userId && m.read_at === null);
      expect(mine, how).toHaveLength(1);
      await read(mine[0]!.id);
      expect(await home(), how).toBe(0);
      expect((await otherPost('hits', { unread: true })).body.data.total, how).toBe(0);
      const copies = (await monitorMessages()).filter((m) => m.user_id === second.id);
      expect(
        copies.every((m) => m.read_at !== null),
        how,
      ).toBe(true);
    }
    // Reading another kind of message touches no hit; another company's message ids are refused.
    const own = (await monitorMessages())[0]!;
    expect((await msgCall('read', { ids: [own.id] }, token)).status).toBe(404);
  });
});

describe('demo data', () => {
  it('gives the demo company rules on real competitors with hits, some unread', async () => {
    const d = await createTestApp({ now: `${TODAY}T04:00:00Z` });
    try {
      await demoPortfolio(d, 2000);
      const { seedDemoMonitoring } = await import('../../db/seed-monitoring');
      expect(await seedDemoMonitoring(d.deps)).toBeGreaterThan(0);
      const tok = await loginAs(d.app, 'company');
      const rulesList = (await call(d.app, 'POST', '/v1/frontend/monitor/rule/index', { token: tok, body: {} })).body.data.list;
      expect(rulesList.length).toBeGreaterThanOrEqual(2);
      expect(rulesList.some((r: { kind: string; hits: number }) => r.kind === 'applicant' && r.hits > 0)).toBe(true);
      const hits = (await call(d.app, 'POST', '/v1/frontend/monitor/hits', { token: tok, body: {} })).body.data;
      expect(hits.unread).toBeGreaterThan(0);
      expect(hits.unread).toBeLessThan(hits.total);
      const applicant = rulesList.find((r: { kind: string }) => r.kind === 'applicant');
      const cmp = (await call(d.app, 'POST', '/v1/frontend/monitor/rule/compare', { token: tok, body: { id: applicant.id } }))
        .body.data;
      expect(cmp.competitor.total).toBeGreaterThan(0);
      expect(await seedDemoMonitoring(d.deps)).toBe(0);
    } finally {
      await d.close();
    }
  }, 120_000);
});

describe('one run, rules sharing their work (ADR 0032)', () => {
  it('rules of two companies with the same expression and applicant, last run at different times, each find the patent once', async () => {
    // A third company (the demo company is at its rule limit after the tests above).
    const third = await otherCompany(t, '己储能监控测试有限公司', '13911113333');
    const mine: Record<string, number> = {};
    for (const [key, kind, value] of [
      ['expression', 'expression', 'TI=电池'],
      ['applicant', 'applicant', '戊储能科技有限公司'],
    ] as const) {
      const a = await post('rule/create', { name: `共享-${key}`, kind, value }, third.token);
      const b = await post('rule/create', { name: `共享-${key}`, kind, value }, other.token);
      expect(a.body.code, JSON.stringify(a.body)).toBe(1);
      expect(b.body.code, JSON.stringify(b.body)).toBe(1);
      mine[key] = a.body.data.id;
      mine[`other-${key}`] = b.body.data.id;
    }
    await runMonitoring(t.deps);
    // The demo company's two rules ran a minute ago; the other company's have never run (they start at watch_from).
    await t.db.db
      .updateTable('monitor_rules')
      .set({ last_run_at: null })
      .where('id', 'in', [mine['other-expression']!, mine['other-applicant']!])
      .execute();
    t.advance(60_000);
    const R6 = {
      an: an('202610000006'),
      pn: 'CN120000006A',
      ad: '2025-12-01',
      pd: '2026-03-15',
      title: '一种储能电池的控制方法',
      applicants: ['戊储能科技有限公司'],
      ipc: ['H02J3/32'],
      type: '发明',
    };
    await importRecords('shared.jsonl', [R6]);
    // Read from the table: the hits call answers the caller's company only (tested above).
    for (const [key, id] of Object.entries(mine)) {
      const rows = await t.db.db
        .selectFrom('monitor_hits')
        .select(['patent_id', 'event', 'event_date'])
        .where('rule_id', '=', id)
        .where('event_date', '=', R6.pd)
        .execute();
      expect(
        rows.map((r) => `${r.event}:${r.event_date}`),
        key,
      ).toEqual(['publication:2026-03-15']);
    }
    // The other company's rules had never run: they also find the earlier battery publication (R2) since watch_from.
    const older = await t.db.db
      .selectFrom('monitor_hits')
      .select('id')
      .where('rule_id', '=', mine['other-expression']!)
      .execute();
    expect(older).toHaveLength(2);
    expect((await runMonitoring(t.deps)).hits).toBe(0);
  });

  it('reads the changed patents a page at a time (an import of a million must not be held at once), finding the same hits', async () => {
    const snapshot = async () =>
      (await t.db.db.selectFrom('monitor_hits').select(['rule_id', 'patent_id', 'event', 'event_date']).execute())
        .map((h) => `${h.rule_id}:${h.patent_id}:${h.event}:${h.event_date}`)
        .sort();
    // Every rule again from its watch_from: all the patents of this file are "changed" since.
    const reset = async () => {
      await t.db.db.deleteFrom('monitor_hits').execute();
      await t.db.db.updateTable('monitor_rules').set({ last_run_at: null }).execute();
    };
    await reset();
    const whole = await runMonitoring(t.deps);
    const expected = await snapshot();
    expect(whole.hits).toBe(expected.length);
    expect(whole.hits).toBeGreaterThan(3);

    // The rows each select from `patents` returns, through a plugin on the run's own Kysely.
    const patentQueries = new Set<string>();
    const rowsRead: number[] = [];
    const counting: KyselyPlugin = {
      transformQuery(args) {
        const n = args.node;
        if (SelectQueryNode.is(n) && n.from?.froms.some((f) => TableNode.is(f) && f.table.identifier.name === 'patents'))
          patentQueries.add(args.queryId.queryId);
        return n;
      },
      async transformResult(args) {
        if (patentQueries.has(args.queryId.queryId)) rowsRead.push(args.result.rows.length);
        return args.result;
      },
    };
    const changed = Number(
      (
        await t.db.db
          .selectFrom('patents')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    t.advance(1000);
    await reset();
    const paged = await runMonitoring(
      { ...t.deps, db: { ...t.deps.db, db: t.deps.db.db.withPlugin(counting) } },
      { pageSize: 3 },
    );
    expect(paged.hits).toBe(whole.hits);
    expect(await snapshot()).toEqual(expected);
    // Many pages, none more than 3 patents: reading every changed patent's row at once would show here.
    expect(rowsRead.length).toBeGreaterThan(changed / 3);
    expect(Math.max(...rowsRead)).toBeLessThanOrEqual(3);
  });
});

// Last in the file: it moves the test clock to the real one, which later tests' fixed dates would not expect.
describe('the command-line import (ADR 0033)', () => {
  it('queues a monitoring run after it imports, as the web import does; the worker finds the hit', async () => {
    // The tool runs on the real clock: the test's clock moves there so the run sees what it wrote.
    t.setNow(new Date(Date.now() + 1000).toISOString());
    const tok = await login(t.app, '13911110000');
    const rule = await call(t.app, 'POST', '/v1/frontend/monitor/rule/create', {
      token: tok,
      body: { name: '己命令行', kind: 'applicant', value: '己命令行科技有限公司' },
    });
    expect(rule.body.code, JSON.stringify(rule.body)).toBe(1);
    const day = shanghaiDate(new Date());
    const file = path.join(t.dataDir, 'cli.jsonl');
    const rec = { ...R1, an: an('202610600001'), pn: 'CN126000001A', pd: day, applicants: ['己命令行科技有限公司'] };
    fs.writeFileSync(file, `${JSON.stringify(rec)}\n`);
    const run = await runImportTool(t, ['cli.jsonl']).done;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/专利监控：已排队运行（任务 #\d+）/);
    const queued = await t.db.db
      .selectFrom('jobs')
      .select(['id', 'status'])
      .where('kind', '=', MONITOR_JOB)
      .where('status', '=', 'queued')
      .execute();
    expect(queued).toHaveLength(1);
    t.setNow(new Date(Date.now() + 1000).toISOString());
    await drainJobs(t.deps, allJobHandlers());
    const hits = await call(t.app, 'POST', '/v1/frontend/monitor/hits', { token: tok, body: { rule_id: rule.body.data.id } });
    expect(hits.body.data.list.map((h: { event: string; event_date: string }) => `${h.event}:${h.event_date}`)).toEqual([
      `publication:${day}`,
    ]);
    // Nothing new imported (the same file again): no run is queued.
    const again = await runImportTool(t, ['cli.jsonl']).done;
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('专利监控');
  }, 240_000);
});
