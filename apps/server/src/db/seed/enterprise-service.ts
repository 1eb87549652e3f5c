// Demo data of the enterprise service (issue 12, ADR 0038, ADR 0049): the demo district's streets, 300 enterprises named
// after patent applicants (so their patent counts are real), company and demand labels of the demo main account
// (13800000003), and the demo staff member's (13800000004) streets and enterprises. Deterministic: it reads the
// applicants by patent count then name, and decides every attribute from the enterprise's position.
// The enterprises, in this order (ADR 0049): the existing demo companies; the company applicants of the demo patents
// (their pool holds ~210 names whatever DEMO_PATENTS is); the Chinese enterprise applicants of the shared real records
// (PATENT_DATA_DIR, linked when the background import has stored them); then the applicants of a second, small set of
// demo patents generated from another seed whose applicants are all new names, so no earlier enterprise's count moves.
import fs from 'node:fs';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { DEFAULT_DEMO_SEED } from '../../modules/patents/demo-patents';
import { jsonlFiles, seedDemoPatents } from '../../modules/patents/patent-seed';
import { linkCompanyPatents, refreshCompanyNames } from '../../modules/company/company-link';
import { demoCreditCode } from '../seed';
import { writeTransaction } from '../write';

export const DEMO_REGION = '示例高新区';
export const DEMO_STREETS = [
  '高新街道',
  '科创街道',
  '东城街道',
  '西湖街道',
  '滨江街道',
  '南湖街道',
  '北苑街道',
  '梅林街道',
  '金桥街道',
  '龙山街道',
];
/** Enterprises the demo office serves (the existing demo companies included). */
export const DEMO_ENTERPRISES = 300;
/** The seed of the second set of demo patents (its own number lane, its own applicant pool). */
export const DISTRICT_PATENT_SEED = DEFAULT_DEMO_SEED + 1;
/** How many of them at most: enough for ~120 new applicants, of which the district takes what it lacks. */
export const DISTRICT_EXTRA_PATENTS = 360;

/** The enterprise applicants (names ending in 公司 or 厂) of the real records in the JSON Lines files of `dir`. */
export function realEnterpriseApplicants(dir: string | null): string[] {
  if (!dir) return [];
  const names = new Set<string>();
  for (const file of jsonlFiles(dir)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      // most records have no applicants: skip them without parsing
      if (!line.includes('"applicants": ["') && !line.includes('"applicants":["')) continue;
      try {
        const r = JSON.parse(line) as { applicants?: unknown };
        if (!Array.isArray(r.applicants)) continue;
        for (const a of r.applicants)
          if (typeof a === 'string' && /[\u4e00-\u9fff]/.test(a) && /(公司|厂)$/.test(a.trim())) names.add(a.trim());
      } catch {
        // a malformed line is the importer's to report
      }
    }
  }
  return [...names].sort();
}

async function companyApplicants(deps: Deps, source?: string): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    SELECT pa.name AS name FROM patent_applicants pa
    ${source ? sql`JOIN patents p ON p.id = pa.patent_id WHERE p.source = ${source} AND` : sql`WHERE`} pa.name LIKE '%公司'
    GROUP BY pa.name ORDER BY count(*) DESC, pa.name ASC LIMIT ${DEMO_ENTERPRISES * 2}`.execute(deps.db.db);
  return rows.rows.map((r) => r.name);
}

const COMPANY_LABELS: [string, string][] = [
  ['高新技术企业', 'blue'],
  ['专精特新', 'purple'],
  ['规上企业', 'green'],
  ['科技型中小企业', 'cyan'],
  ['瞪羚企业', 'orange'],
  ['重点培育', 'red'],
];
const DEMAND_LABELS: [string, string][] = [
  ['融资需求', 'gold'],
  ['人才招聘', 'blue'],
  ['知识产权', 'purple'],
  ['政策咨询', 'green'],
  ['用地厂房', 'orange'],
  ['市场拓展', 'cyan'],
];

const INDUSTRY_BY_WORD: [RegExp, string][] = [
  [/半导体|芯|电子|光电|显示|照明/, '计算机、通信和其他电子设备制造业'],
  [/软件|信息|网络|数据|智能科技|物联网|通信/, '软件和信息技术服务业'],
  [/医药|生物|医疗|健康|中药/, '医药制造业'],
  [/汽车|电驱|动力/, '汽车制造业'],
  [/电池|能源|电力|储能/, '电气机械和器材制造业'],
  [/机械|装备|机床|精密|制造/, '专用设备制造业'],
  [/材料|化工|高分子/, '化学原料和化学制品制造业'],
  [/食品/, '食品制造业'],
  [/建筑|建设|建材/, '建筑业'],
  [/环保|环境|水务/, '生态保护和环境治理业'],
  [/航空|无人机/, '铁路、船舶、航空航天和其他运输设备制造业'],
];
const SIZES = ['微型', '小型', '小型', '中型', '中型', '大型'];

export const industryOf = (name: string) => INDUSTRY_BY_WORD.find(([re]) => re.test(name))?.[1] ?? '科学研究和技术服务业';

/** Seeds the demo district; does nothing without the demo main account. */
export async function seedDemoEnterpriseService(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const main = await db.selectFrom('users').select('id').where('mobile', '=', '13800000003').executeTakeFirst();
  const staff = await db.selectFrom('users').select('id').where('mobile', '=', '13800000004').executeTakeFirst();
  if (!main) return;
  const ownerId = Number(main.id);
  const now = deps.clock().toISOString();

  // The names, before the transaction (the second set of demo patents is stored in transactions of its own).
  const existingNames = new Set((await db.selectFrom('companies').select('company_name').execute()).map((c) => c.company_name));
  const first = (await companyApplicants(deps)).filter((n) => !existingNames.has(n));
  const real = realEnterpriseApplicants(deps.config.patentDataDir).filter((n) => !existingNames.has(n) && !first.includes(n));
  let second: string[] = [];
  const lacking = DEMO_ENTERPRISES - existingNames.size - first.length - real.length;
  if (lacking > 0 && first.length > 0) {
    // Only records whose applicants are all new names: the demo company, the seed companies and the first pool keep
    // exactly the patents they had.
    const known = new Set([...existingNames, ...first, ...real]);
    await seedDemoPatents(deps.db, DISTRICT_EXTRA_PATENTS, {
      seed: DISTRICT_PATENT_SEED,
      now: () => now,
      batchSize: DISTRICT_EXTRA_PATENTS,
      accept: (r) => r.applicants.some((a) => a.endsWith('公司')) && r.applicants.every((a) => !known.has(a)),
    });
    second = await companyApplicants(deps, `demo:${DISTRICT_PATENT_SEED}`);
  }

  await writeTransaction(deps.db, { what: 'seed demo enterprise service' }, async (trx) => {
    const streetIds = new Map<string, number>();
    for (const [i, name] of DEMO_STREETS.entries()) {
      const row = await trx
        .insertInto('streets')
        .values({ region: DEMO_REGION, name, sort: i + 1, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      streetIds.set(name, Number(row.id));
    }
    const streetOf = (i: number) => DEMO_STREETS[(i * 7 + Math.floor(i / 10)) % DEMO_STREETS.length];

    // The existing demo companies keep their street name; they get its id and join the office.
    const existing = await trx.selectFrom('companies').select(['id', 'company_name', 'street_name']).orderBy('id').execute();
    const taken = new Set(existing.map((c) => c.company_name));
    const companyIds: number[] = [];
    for (const c of existing) {
      const street = streetIds.has(c.street_name) ? c.street_name : streetOf(companyIds.length);
      await trx
        .updateTable('companies')
        .set({ service_owner_id: ownerId, street_id: streetIds.get(street)!, street_name: street })
        .where('id', '=', Number(c.id))
        .execute();
      companyIds.push(Number(c.id));
    }

    // Then the applicants: the demo patents' with the most patents, the real records', the second set's.
    let i = 0;
    for (const name of [...first, ...real, ...second]) {
      if (companyIds.length >= DEMO_ENTERPRISES) break;
      if (taken.has(name)) continue;
      taken.add(name);
      const street = streetOf(companyIds.length);
      const row = await trx
        .insertInto('companies')
        .values({
          company_name: name,
          credit_code: demoCreditCode(1000 + i),
          street_id: streetIds.get(street)!,
          street_name: street,
          patent_num: 0,
          address: `示例市高新区${street}科技大道 ${200 + i * 3} 号`,
          contact: ['周经理', '吴女士', '郑先生', '孙女士', '钱先生'][i % 5],
          contact_phone: `0571-8${String(7000000 + i * 2311).padStart(7, '0')}`,
          industry: industryOf(name),
          size: SIZES[(i * 5 + 3) % SIZES.length],
          service_owner_id: ownerId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      await refreshCompanyNames(trx, id);
      await linkCompanyPatents(trx, now, id);
      companyIds.push(id);
      i++;
    }

    const labelIds: number[] = [];
    for (const [k, [name, color]] of COMPANY_LABELS.entries()) {
      const row = await trx
        .insertInto('service_labels')
        .values({ owner_id: ownerId, kind: 'company', name, color, sort: k + 1, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      labelIds.push(Number(row.id));
    }
    for (const [k, [name, color]] of DEMAND_LABELS.entries()) {
      await trx
        .insertInto('service_labels')
        .values({ owner_id: ownerId, kind: 'demand', name, color, sort: k + 1, created_at: now, updated_at: now })
        .execute();
    }
    // 0–2 labels per enterprise (every third has none).
    const links: { owner_id: number; company_id: number; label_id: number; created_by: number; created_at: string }[] = [];
    for (const [k, company_id] of companyIds.entries()) {
      if (k % 3 === 2) continue;
      const first = labelIds[(k * 5) % labelIds.length];
      links.push({ owner_id: ownerId, company_id, label_id: first, created_by: ownerId, created_at: now });
      const second = labelIds[(k * 5 + 2) % labelIds.length];
      if (k % 4 === 0 && second !== first)
        links.push({ owner_id: ownerId, company_id, label_id: second, created_by: ownerId, created_at: now });
    }
    for (let k = 0; k < links.length; k += 200)
      await trx
        .insertInto('company_labels')
        .values(links.slice(k, k + 200))
        .execute();

    // The demo staff member: 高新街道 and 科创街道, and every tenth enterprise elsewhere.
    if (staff) {
      const staffId = Number(staff.id);
      for (const name of ['高新街道', '科创街道']) {
        await trx
          .insertInto('staff_streets')
          .values({ owner_id: ownerId, staff_id: staffId, street_id: streetIds.get(name)!, created_at: now })
          .execute();
      }
      const direct = companyIds.filter((_, k) => k % 10 === 5);
      if (direct.length)
        await trx
          .insertInto('staff_companies')
          .values(direct.map((company_id) => ({ owner_id: ownerId, staff_id: staffId, company_id, created_at: now })))
          .execute();
    }
  });
}
