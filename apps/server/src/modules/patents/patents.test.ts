// The patent import on a fresh database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set): validation with
// line numbers, idempotent re-import, resuming after a kill, A/B publications as one patent, the real fixtures.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, runImportTool, type TestApp } from '../../../test/helpers';
import { REPO_ROOT } from '../../config';
import { applicationCheckDigit } from '../../search/patent-number';
import { allJobHandlers } from '../index';
import { createJob, drainJobs, getJob, jobStatus, runJob, claimNextJob } from '../jobs/jobs.service';
import { DemoPatentGenerator } from './demo-patents';
import { importJsonlFile } from './patent-import';
import { validateRecord } from './patent-record';
import { countPatents, findPatentIdByNumber, getPatent, upsertPatents } from './patents.repo';
import { parseExpression } from '../../search/expression';
import { searchIds } from '../search/search.service';
import { PATENT_IMPORT_JOB } from './patents.jobs';
import { indexWorkerStats } from '../../search/engine/index-files';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2026-01-15T08:00:00.000Z' });
});
afterEach(() => t.close());

const an = (digits12: string) => `CN${digits12}.${applicationCheckDigit(digits12)}`;
const line = (o: unknown) => JSON.stringify(o);
const now = () => t.now().toISOString();

function writeFile(name: string, lines: string[]): string {
  const file = path.join(t.dataDir, name);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const GOOD_A = {
  an: an('202310605823'),
  pn: 'CN116595400A',
  ad: '2023-05-23',
  pd: '2023-08-15',
  title: '一种人员聚集发现算法',
  abstract: '本发明公开了一种人员聚集发现算法，涉及聚类算法技术领域。',
  applicants: ['中科大数据研究院'],
  inventors: ['雍胜凯', '王元卓'],
  ipc: ['G06F18/2321'],
  type: '发明',
  lang: 'zh',
};
const GOOD_U = {
  an: an('202223220665'),
  pn: 'CN218751475U',
  ad: '20221202',
  pd: '2023.03.28',
  title: '一种无人机机载多功能盒',
  applicants: ['中科大数据研究院'],
  inventors: ['刘迪'],
  ipc: ['B64U20/80'],
  type: '实用新型',
};

/** Good, malformed and duplicate lines (and one empty line). */
function mixedFile(): string {
  return writeFile('mixed.jsonl', [
    line(GOOD_A), // 1
    '{"pn": "CN1", "title": ', // 2 bad JSON
    line({ ...GOOD_U, an: 'CN202223220665.7' }), // 3 wrong check digit
    line({ ...GOOD_U, an: an('202223220666'), ad: '2022-02-30' }), // 4 no such date
    line({ ...GOOD_U, an: an('202223220667'), title: '' }), // 5 no title
    line({ ...GOOD_U, an: an('202223220668'), type: '集成电路布图设计' }), // 6 unknown type
    '', // 7
    line(GOOD_A), // 8 duplicate of line 1
    line(GOOD_U), // 9
  ]);
}

const EXPECTED_ERRORS = [
  { line: 2, reason: expect.stringMatching(/^不是有效的 JSON/) },
  { line: 3, reason: '申请号（an）申请号“CN202223220665.7”的校验位错误：应为 2，不是 7' },
  { line: 4, reason: '申请日（ad）“2022-02-30”不是有效日期，应为 YYYY-MM-DD 格式的真实日期' },
  { line: 5, reason: '缺少专利名称（title）' },
  { line: 6, reason: '专利类型（type）“集成电路布图设计”无法识别，应为发明、实用新型或外观设计' },
];

async function allRows() {
  return t.db.db.selectFrom('patents').select(['id', 'doc_key', 'content_hash', 'updated_at']).orderBy('id').execute();
}

describe('importJsonlFile', () => {
  it('imports good lines, reports every bad line with its number and a Chinese reason, counts duplicates as unchanged', async () => {
    const rejected: string[] = [];
    const r = await importJsonlFile(t.db, mixedFile(), {
      now,
      onRejected: (l, reason) => rejected.push(`mixed.jsonl:${l} ${reason}`),
    });
    expect(r).toMatchObject({ line: 9, read: 8, inserted: 2, updated: 0, unchanged: 1, rejected: 5 });
    expect(r.errors).toEqual(EXPECTED_ERRORS);
    expect(rejected.map((s) => s.split(' ')[0])).toEqual([
      'mixed.jsonl:2',
      'mixed.jsonl:3',
      'mixed.jsonl:4',
      'mixed.jsonl:5',
      'mixed.jsonl:6',
    ]);
    expect(await countPatents(t.db)).toBe(2);

    const u = await getPatent(t.db, (await findPatentIdByNumber(t.db, '202223220665'))!);
    expect(u).toMatchObject({
      an: 'CN202223220665.2',
      ad: '2022-12-02',
      pn: 'CN218751475U',
      pd: '2023-03-28',
      gn: 'CN218751475U',
      gd: '2023-03-28',
      type: '实用新型',
      legal_status: '有权',
      expiry_date: '2032-12-01',
      app_year: 2022,
      first_applicant: '中科大数据研究院',
      source: 'mixed.jsonl',
      is_demo: false,
    });
    const a = await getPatent(t.db, (await findPatentIdByNumber(t.db, 'CN116595400A'))!);
    expect(a).toMatchObject({
      legal_status: '审中',
      ipc: ['G06F18/2321'],
      ipc_main: 'G06F18/2321',
      publications: [{ pn: 'CN116595400A', kind: 'A', date: '2023-08-15' }],
    });
    const ipc = await t.db.db.selectFrom('patent_ipc').select(['code', 'is_main']).where('patent_id', '=', a!.id).execute();
    expect(ipc).toEqual([{ code: 'G06F18/2321', is_main: 1 }]);
    const applicants = await t.db.db.selectFrom('patent_applicants').select('name').where('patent_id', '=', a!.id).execute();
    expect(applicants).toEqual([{ name: '中科大数据研究院' }]);
  });

  it('changes nothing the second time: every record unchanged, no row rewritten', async () => {
    const file = mixedFile();
    await importJsonlFile(t.db, file, { now });
    const before = await allRows();
    t.advance(60_000);
    const again = await importJsonlFile(t.db, file, { now });
    expect(again).toMatchObject({ read: 8, inserted: 0, updated: 0, unchanged: 3, rejected: 5 });
    expect(await allRows()).toEqual(before);
  });

  it('resumes a killed import without duplicates', async () => {
    const gen = new DemoPatentGenerator(42);
    const file = writeFile(
      'many.jsonl',
      Array.from({ length: 1200 }, () => line({ ...gen.next(), is_demo: false })),
    );
    // The "kill": the third batch's transaction fails midway, after two batches were committed.
    let batches = 0;
    await expect(
      importJsonlFile(t.db, file, {
        now,
        batchSize: 300,
        onBatch: async () => {
          if (++batches === 3) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await countPatents(t.db)).toBe(600);

    const r = await importJsonlFile(t.db, file, { now, batchSize: 300 });
    expect(r).toMatchObject({ read: 1200, inserted: 600, unchanged: 600, updated: 0, rejected: 0 });
    expect(await countPatents(t.db)).toBe(1200);
    const distinct = await t.db.db
      .selectFrom('patents')
      .select((eb) => eb.fn.count<number>('an').distinct().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(distinct.n)).toBe(1200);
    const pubs = await t.db.db
      .selectFrom('patent_pubs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const expectedPubs = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .reduce((n, l) => n + (JSON.parse(l).gn ? 2 : 1), 0);
    expect(Number(pubs.n)).toBe(expectedPubs);
  });
});

describe('upsertPatents: one patent per application', () => {
  const A = {
    an: an('202010123456'),
    pn: 'CN111504366A',
    ad: '2020-04-20',
    pd: '2020-08-07',
    title: '基于人工智能的流体输送系统精确计量方法',
    abstract: '摘要A',
    type: '发明',
  };
  const B = {
    pn: 'CN111504366B',
    pd: '2022-03-01',
    title: '基于人工智能的流体输送系统精确计量方法及计量装置',
    claims: '1.一种计量方法……',
    type: '发明',
  };
  const rec = (o: unknown, source = 'ab.jsonl') => {
    const v = validateRecord(o, 1, { source });
    if (!v.ok) throw new Error(v.reason);
    return v.record;
  };

  it('merges the A and B publications: grant number and date from B, the earliest publication date, B’s text over A’s', async () => {
    expect(await upsertPatents(t.db, [rec(A)], now())).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
    expect(await upsertPatents(t.db, [rec(B)], now())).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    expect(await countPatents(t.db)).toBe(1);
    const id = (await findPatentIdByNumber(t.db, 'CN111504366B'))!;
    expect(await findPatentIdByNumber(t.db, 'CN111504366A')).toBe(id);
    expect(await findPatentIdByNumber(t.db, A.an)).toBe(id);
    expect(await findPatentIdByNumber(t.db, 'cn 111504366')).toBe(id);
    const p = (await getPatent(t.db, id))!;
    expect(p).toMatchObject({
      an: A.an,
      pn: 'CN111504366A',
      pd: '2020-08-07',
      gn: 'CN111504366B',
      gd: '2022-03-01',
      title: B.title,
      abstract: '摘要A',
      claims: B.claims,
      legal_status: '有权',
      expiry_date: '2040-04-19',
    });
    expect(p.publications).toEqual([
      { pn: 'CN111504366A', kind: 'A', date: '2020-08-07' },
      { pn: 'CN111504366B', kind: 'B', date: '2022-03-01' },
    ]);
    const pubs = await t.db.db.selectFrom('patent_pubs').select(['pn', 'stem']).orderBy('pn').execute();
    expect(pubs).toEqual([
      { pn: 'CN111504366A', stem: 'CN111504366' },
      { pn: 'CN111504366B', stem: 'CN111504366' },
    ]);
    // Both again, in one batch and in the other order: nothing changes.
    const before = await allRows();
    expect(await upsertPatents(t.db, [rec(B), rec(A)], now())).toEqual({ inserted: 0, updated: 0, unchanged: 2 });
    expect(await allRows()).toEqual(before);
  });

  it('a B imported onto an A: the A stays pn with its dates, the B is the grant, the A’s 审中 text does not outlive it', async () => {
    // Issue 11 item 6, in both orders and in one batch.
    const A2 = { ...A, legal_status: '审中-实质审查', pd: undefined };
    const B2 = { ...B, an: A.an, ad: A.ad, type: '发明' };
    for (const [label, batches] of [
      ['A then B', [[A2], [B2]]],
      ['B then A', [[B2], [A2]]],
      ['one batch', [[A2, B2]]],
      ['A with its date', [[A], [B2]]],
    ] as const) {
      await t.db.db.deleteFrom('patents').execute();
      for (const batch of batches)
        await upsertPatents(
          t.db,
          batch.map((r) => rec(r)),
          now(),
        );
      const p = (await getPatent(t.db, (await findPatentIdByNumber(t.db, 'CN111504366A'))!))!;
      expect(p, label).toMatchObject({
        an: A.an,
        ad: A.ad,
        pn: 'CN111504366A',
        gn: 'CN111504366B',
        gd: '2022-03-01',
        legal_status: '有权',
      });
      const a = batches.flat().includes(A as never);
      expect(p.pd, label).toBe(a ? A.pd : '2022-03-01');
      expect(
        p.publications.map((x) => x.pn),
        label,
      ).toEqual(['CN111504366A', 'CN111504366B']);
    }
  });

  it('the same records from a file of another name are unchanged (change detection is by content)', async () => {
    // Issue 11 item 6: the source name was part of the content hash, so a renamed file counted every line as updated.
    const file = writeFile('first.jsonl', [line(A), line(B), line(GOOD_U)]);
    expect(await importJsonlFile(t.db, file, { now })).toMatchObject({ inserted: 2, updated: 1, unchanged: 0 });
    const before = await allRows();
    t.advance(60_000);
    const renamed = writeFile('renamed.jsonl', fs.readFileSync(file, 'utf8').split('\n').filter(Boolean));
    expect(await importJsonlFile(t.db, renamed, { now })).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect(await importJsonlFile(t.db, file, { now, source: 'upload-123.jsonl' })).toMatchObject({ unchanged: 3 });
    // Nothing rewritten: the patents keep the name of the file they came from.
    expect(await allRows()).toEqual(before);
    // A real change still counts as one.
    const changed = writeFile('changed.jsonl', [line({ ...GOOD_U, title: '一种无人机机载多功能盒及其控制方法' })]);
    expect(await importJsonlFile(t.db, changed, { now })).toMatchObject({ updated: 1, unchanged: 0 });
  });

  it('stores the same content whatever the order (B first, or both in one batch)', async () => {
    await upsertPatents(t.db, [rec(A)], now());
    await upsertPatents(t.db, [rec(B)], now());
    const [one] = await allRows();
    await t.db.db.deleteFrom('patents').execute();
    expect(await upsertPatents(t.db, [rec(B), rec(A)], now())).toEqual({ inserted: 1, updated: 1, unchanged: 0 });
    const [two] = await allRows();
    expect(two.content_hash).toBe(one.content_hash);
  });

  it('a real record displaces a demo patent with the same number; a demo record yields to a real one', async () => {
    await upsertPatents(t.db, [rec({ ...A, is_demo: true, title: '演示' })], now());
    await upsertPatents(t.db, [rec(A)], now());
    const rows = await t.db.db.selectFrom('patents').select(['title', 'is_demo']).execute();
    expect(rows).toEqual([{ title: A.title, is_demo: 0 }]);
    expect(await upsertPatents(t.db, [rec({ ...A, is_demo: true, title: '演示' })], now())).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 1,
    });
    expect((await t.db.db.selectFrom('patents').select('title').executeTakeFirstOrThrow()).title).toBe(A.title);
  });

  it('rewrites the text index when the text changes, and keeps it when only other fields change', async () => {
    const ids = async (expr: string) => (await searchIds(t.deps, parseExpression(expr), { limit: 10 })).ids;
    await upsertPatents(t.db, [rec(A)], now());
    const id = (await findPatentIdByNumber(t.db, A.an))!;
    expect(await ids('TI=流体输送')).toEqual([id]);
    // Only legal events: the row changes, the indexed text does not.
    expect(
      await upsertPatents(t.db, [rec({ ...A, legal_events: [{ date: '2020-08-07', code: 'PB01', text: '公开' }] })], now()),
    ).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    expect(await ids('TI=流体输送')).toEqual([id]);
    expect(await ids('AB=摘要A')).toEqual([id]);
    // The grant document's title and claims win: the index follows.
    await upsertPatents(t.db, [rec(B)], now());
    expect(await ids('TI=计量装置')).toEqual([id]);
    expect(await ids('CL=计量方法')).toEqual([id]);
    await upsertPatents(t.db, [rec({ ...B, pd: '2022-05-01', title: '一种全新名称', claims: '' })], now());
    expect(await ids('TI=计量装置')).toEqual([]);
    expect(await ids('TI=全新名称')).toEqual([id]);
    expect(await ids('CL=计量方法')).toEqual([id]);
  });

  it('legal events decide the status and are merged across documents', async () => {
    await upsertPatents(t.db, [rec({ ...A, legal_events: [{ date: '2020-08-07', code: 'PB01', text: '公开' }] })], now());
    expect((await getPatent(t.db, (await findPatentIdByNumber(t.db, A.an))!))!.legal_status).toBe('审中');
    await upsertPatents(
      t.db,
      [
        rec({
          ...B,
          legal_events: [
            { date: '2022-03-01', code: 'GR01', text: '授权' },
            { date: '2024-10-20', code: 'PC01', text: '未缴年费专利权终止' },
          ],
        }),
      ],
      now(),
    );
    const p = (await getPatent(t.db, (await findPatentIdByNumber(t.db, A.an))!))!;
    expect(p.legal_events.map((e) => e.code)).toEqual(['PB01', 'GR01', 'PC01']);
    expect(p.legal_status).toBe('无权');
  });
});

describe('the real records', () => {
  const fixtures = path.resolve(REPO_ROOT, '../shared/data/patents/cn_full_fields_fixtures.jsonl');
  it.skipIf(!fs.existsSync(fixtures))('imports cn_full_fields_fixtures.jsonl: 53 records, 53 patents', async () => {
    const r = await importJsonlFile(t.db, fixtures, { now });
    expect(r).toMatchObject({ read: 53, inserted: 53, updated: 0, unchanged: 0, rejected: 0 });
    expect(await countPatents(t.db)).toBe(53);
    const ab = (await getPatent(t.db, (await findPatentIdByNumber(t.db, 'CN115883397B'))!))!;
    expect(ab).toMatchObject({
      an: 'CN202211359874.7',
      gn: 'CN115883397B',
      gd: '2024-04-05',
      legal_status: '有权',
      type: '发明',
    });
    expect(ab.publications.map((p) => p.pn)).toEqual(['CN115883397A', 'CN115883397B']);
    const pending = (await getPatent(t.db, (await findPatentIdByNumber(t.db, 'CN116245100A'))!))!;
    expect(pending).toMatchObject({ legal_status: '审中', gn: null, gd: null, address: expect.stringContaining('郑州市') });
    expect((await importJsonlFile(t.db, fixtures, { now })).unchanged).toBe(53);
  });
});

describe('the import as a job', () => {
  it('resumes after an interruption from its checkpoint, with the counts of an uninterrupted run', async () => {
    const gen = new DemoPatentGenerator(9);
    const file = writeFile(
      'job.jsonl',
      Array.from({ length: 700 }, () => line({ ...gen.next(), is_demo: false })),
    );
    const id = await createJob(
      t.db,
      { kind: PATENT_IMPORT_JOB, ownerId: 1, params: { files: [{ path: file, name: 'job.jsonl' }] }, total: 700 },
      now(),
    );
    // Stop after the first batch (250 lines) is committed: the second batch's transaction is rolled back.
    let checks = 0;
    const job = (await claimNextJob(t.db, now()))!;
    await runJob(t.deps, allJobHandlers(), job, () => ++checks > 2);
    const stopped = (await getJob(t.db, id))!;
    expect(stopped.status).toBe('queued');
    expect(jobStatus(stopped)).toMatchObject({ done: 250, total: 700, percent: 35, result: { inserted: 250 } });
    expect(await countPatents(t.db)).toBe(250);

    expect(await drainJobs(t.deps, allJobHandlers())).toBe(1);
    const done = jobStatus((await getJob(t.db, id))!);
    expect(done).toMatchObject({
      status: 'done',
      done: 700,
      total: 700,
      percent: 100,
      result: { read: 700, inserted: 700, updated: 0, unchanged: 0, rejected: 0, errors: [] },
    });
    expect(await countPatents(t.db)).toBe(700);
  });
});

describe('the import job of several files', () => {
  it('imports them as one bulk import: on SQLite the index workers start once, and index every patent', async () => {
    const gen = new DemoPatentGenerator(19);
    const files = ['j1.jsonl', 'j2.jsonl'].map((name) => ({
      name,
      path: writeFile(
        name,
        Array.from({ length: 300 }, () => line({ ...gen.next(), is_demo: false })),
      ),
    }));
    const before = indexWorkerStats.imports;
    await createJob(t.db, { kind: PATENT_IMPORT_JOB, ownerId: 1, params: { files }, total: 600 }, now());
    expect(await drainJobs(t.deps, allJobHandlers())).toBe(1);
    expect(await countPatents(t.db)).toBe(600);
    if (t.db.dialect !== 'sqlite') return;
    expect(indexWorkerStats.imports - before).toBe(1);
    const raw = t.db.sqlite!;
    for (const table of ['patents_fts', 'patents_ti', 'patents_tx'])
      expect(raw.prepare(`SELECT count(*) FROM ${table}_docsize`).pluck().get()).toBe(600);
    expect(raw.prepare('SELECT count(*) FROM index_pending').pluck().get()).toBe(0);
  });
});

describe('npm run import (tools/import.ts)', () => {
  const runTool = (args: string[]) => runImportTool(t, args).done;

  it('prints every rejected line as 文件名:行号 原因, a summary, and exits 0', async () => {
    mixedFile();
    const r = await runTool(['mixed.jsonl']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('mixed.jsonl:2 不是有效的 JSON');
    expect(r.stderr).toContain('mixed.jsonl:3 申请号（an）申请号“CN202223220665.7”的校验位错误：应为 2，不是 7');
    expect(r.stderr).toContain('mixed.jsonl:4 申请日（ad）“2022-02-30”不是有效日期');
    expect(r.stderr).toContain('mixed.jsonl:5 缺少专利名称（title）');
    expect(r.stderr).toContain('mixed.jsonl:6 专利类型（type）“集成电路布图设计”无法识别');
    expect(r.stdout).toMatch(/读取 8 行，新增 2，更新 0，未变化 1，拒绝 5，用时 [\d.]+ 秒，[\d,]+ 条\/秒/);
    expect(await countPatents(t.db)).toBe(2);
  }, 60_000);

  it('exits non-zero when a file cannot be read', async () => {
    const r = await runTool(['missing.jsonl']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('missing.jsonl：无法读取（文件不存在）');
  }, 60_000);
});
