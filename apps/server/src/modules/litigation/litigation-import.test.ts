// `npm run import:litigation` (tools/import-litigation.ts) on a fresh database (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set): per-line Chinese reasons, upsert by case number, an idempotent re-run, counts; and the
// demo generator: deterministic cases over the stored patents, the demo company on both sides, its --demo/--out mode.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, runImportTool, type TestApp } from '../../../test/helpers';
import { DEMO_COMPANY } from '../patents/demo-patents';
import { seedDemoPatents } from '../patents/patent-seed';
import { findPatentIdByNumber } from '../patents/patents.repo';
import { linkCompanyPatents } from '../company/company-link';
import { DemoLitigationGenerator, demoCases, loadDemoPool, seedDemoLitigation } from '../../db/seed/litigation';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-01-15T08:00:00.000Z' });
  await seedDemoPatents(t.db, 300, { now: () => t.now().toISOString() });
  await linkCompanyPatents(t.db.db, t.now().toISOString());
});
afterAll(() => t.close());

const GOOD = {
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
  patents: ['CN116595400A'],
  judgment_text: '判决如下：驳回原告的全部诉讼请求。',
};
const SECOND = { ...GOOD, case_no: '（2024）沪73民初5号', court: '上海知识产权法院', status: '审理中', judgment_date: undefined };

function writeLines(name: string, lines: string[]): string {
  fs.writeFileSync(path.join(t.dataDir, name), `\uFEFF${lines.join('\n')}\n`);
  return name;
}

const count = async (table: 'litigation_cases' | 'litigation_parties' | 'litigation_patents') =>
  (await t.db.db.selectFrom(table).selectAll().execute()).length;

describe('npm run import:litigation', () => {
  it(
    'imports good lines, rejects bad ones with their line number and a Chinese reason, and re-runs idempotently',
    { timeout: 180_000 },
    async () => {
      const file = writeLines('cases.jsonl', [
        JSON.stringify(GOOD),
        '',
        '{not json',
        JSON.stringify({ ...GOOD, case_no: '2023浙01民初1号' }),
        JSON.stringify({ ...GOOD, case_no: '（2023）浙01民初2号', status: '审理中' }),
        JSON.stringify({ ...GOOD, case_no: '（2023）浙01民初3号', parties: [{ role: '原告', name: '甲公司' }] }),
        JSON.stringify({ ...GOOD, case_no: '（2023）浙01民初4号', patents: ['CN202310605823.0'] }),
        JSON.stringify({ ...GOOD, case_no: '（2023）浙01民初5号', parties: [{ role: '法官', name: '甲' }] }),
        JSON.stringify({ ...GOOD, case_no: '（2023）浙01民初6号', filing_date: '2023-02-30' }),
        JSON.stringify(SECOND),
        '[1,2]',
      ]);
      const run = await runImportTool(t, [file], 'tools/import-litigation.ts').done;
      expect(run.code, run.stderr).toBe(0);
      const rejected = run.stderr.split('\n').filter((l) => l.startsWith('cases.jsonl:'));
      expect(rejected).toEqual([
        expect.stringMatching(/^cases\.jsonl:3 不是有效的 JSON/),
        expect.stringMatching(/^cases\.jsonl:4 案号（case_no）格式不对/),
        'cases.jsonl:5 审理中的案件不应有裁判日期（judgment_date）',
        'cases.jsonl:6 当事人（parties）中至少要有一个被告、被上诉人或被申请人',
        expect.stringMatching(/^cases\.jsonl:7 第 1 件涉案专利：申请号“CN202310605823\.0”的校验位错误：应为 \d，不是 0$/),
        expect.stringMatching(/^cases\.jsonl:8 第 1 个当事人的诉讼地位（role）应为 原告、被告/),
        expect.stringMatching(/^cases\.jsonl:9 立案日期（filing_date）不是有效日期/),
        'cases.jsonl:11 每行应为一个 JSON 对象（{...}），即一个案件',
      ]);
      expect(run.stdout).toMatch(/读取 10 行，新增 2，更新 0，未变化 0，拒绝 8/);
      expect(await count('litigation_cases')).toBe(2);

      // Again, with a corrected case: the file changes nothing; the correction (another spelling of the same case
      // number) updates the case in place (same id, the company's follow kept).
      const token = await loginAs(t.app, 'company');
      const id = Number(
        (await t.db.db.selectFrom('litigation_cases').select('id').where('case_no', '=', GOOD.case_no).executeTakeFirstOrThrow())
          .id,
      );
      expect(
        (await call(t.app, 'POST', '/v1/frontend/Iitigation/shoucang', { token, body: { id, follow: true } })).body.code,
      ).toBe(1);
      const fix = writeLines('fix.jsonl', [
        JSON.stringify({
          ...GOOD,
          case_no: '(2023)浙01民初 1234号',
          parties: [...GOOD.parties, { role: '第三人', name: '某某有限公司' }],
        }),
      ]);
      const again = await runImportTool(t, [file, fix], 'tools/import-litigation.ts').done;
      expect(again.stderr).toContain('cases.jsonl：读取 10 行，新增 0，更新 0，未变化 2，拒绝 8');
      expect(again.stderr).toContain('fix.jsonl：读取 1 行，新增 0，更新 1，未变化 0，拒绝 0');
      expect(again.stdout).toMatch(/读取 11 行，新增 0，更新 1，未变化 2，拒绝 8/);
      expect(await count('litigation_cases')).toBe(2);
      expect(await count('litigation_parties')).toBe(5);
      const detail = await call(t.app, 'POST', '/v1/frontend/Iitigation/detail', { token, body: { id } });
      expect(detail.body.data.parties.map((p: { name: string }) => p.name)).toEqual([
        '示例科技有限公司',
        '恒远电子有限公司',
        '某某有限公司',
      ]);
      expect(detail.body.data.followed).toBe(true);
    },
  );

  it('writes demo cases over the stored patents to a file that imports cleanly', { timeout: 120_000 }, async () => {
    const run = await runImportTool(t, ['--demo', '12', '--out', 'demo.jsonl'], 'tools/import-litigation.ts').done;
    expect(run.code, run.stderr).toBe(0);
    const lines = fs.readFileSync(path.join(t.dataDir, 'demo.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(12);
    // A missing file beside it: reported, the other imported, exit code 1.
    const imported = await runImportTool(t, ['demo.jsonl', 'no-such.jsonl'], 'tools/import-litigation.ts').done;
    expect(imported.stdout).toMatch(/读取 12 行，新增 12，更新 0，未变化 0，拒绝 0/);
    expect(imported.stderr).toContain('no-such.jsonl：无法导入（文件不存在）');
    expect(imported.code).toBe(1);
  });
});

describe('demo litigation', () => {
  it('is deterministic and every case names stored patents', async () => {
    const pool = await loadDemoPool(t.db);
    const a = new DemoLitigationGenerator(pool).generate(96);
    const b = new DemoLitigationGenerator(pool).generate(96);
    expect(a).toEqual(b);
    expect(new Set(a.map((c) => c.case_no)).size).toBe(96);
    for (const c of a) {
      expect(c.patents.length, c.case_no).toBeGreaterThan(0);
      for (const n of c.patents) expect(await findPatentIdByNumber(t.db, n), `${c.case_no} ${n}`).not.toBeNull();
    }
    const demo = a.filter((c) => c.parties.some((p) => p.name === DEMO_COMPANY));
    const roles = new Set(demo.flatMap((c) => c.parties.filter((p) => p.name === DEMO_COMPANY).map((p) => p.role)));
    expect(demo.length).toBeGreaterThanOrEqual(8);
    expect([...roles]).toEqual(expect.arrayContaining(['原告', '被告']));
    const { records } = await demoCases(t.db, 96);
    expect(records.every((r) => r.is_demo)).toBe(true);
  });

  it('seeds the fresh start: cases, the demo company’s own ones on /litigation, and a few it follows', async () => {
    await t.db.db.deleteFrom('litigation_follows').execute();
    await t.db.db.deleteFrom('litigation_parties').execute();
    await t.db.db.deleteFrom('litigation_patents').execute();
    await t.db.db.deleteFrom('litigation_cases').execute();
    expect(await seedDemoLitigation(t.deps)).toBe(96);
    expect(await seedDemoLitigation(t.deps)).toBe(0);
    const token = await loginAs(t.app, 'company');
    const d = (await call(t.app, 'POST', '/v1/frontend/Iitigation/index', { token, body: {} })).body.data;
    expect(d.counts.followed).toBe(5);
    expect(d.counts.own).toBeGreaterThanOrEqual(8);
    expect(d.counts.all).toBe(d.counts.own + 5);
    expect(d.list.some((c: { own_roles: string[] }) => c.own_roles.includes('原告'))).toBe(true);
    // The case under the former name is the company's own too.
    const former = await call(t.app, 'POST', '/v1/frontend/Iitigation/index', {
      token,
      body: { relation: 'own', keyword: '示例电子' },
    });
    expect(former.body.data.total).toBe(1);
    expect(former.body.data.list[0].parties[0]).toEqual({ role: '原告', name: '示例电子科技有限公司', is_self: true });
  });
});
