// Demo data of the portfolio (issue 9, ADR 0020): 示例科技有限公司's category tree, its patents filed by field,
// about 20 core patents, some collected patents (its own and others'), a few 研判 notes. Deterministic: it reads the
// demo patents in id order and decides by their IPC and title, so every fresh start shows the same portfolio.
import { refreshPatentCounts } from '../../modules/company/company-link';
import type { Deps } from '../../deps';
import { writeTransaction } from '../write';

export const DEMO_PORTFOLIO_COMPANY = '示例科技有限公司';

/** The demo tree: top-level categories and their children. */
const TREE: { name: string; children?: string[] }[] = [
  { name: '电池技术', children: ['正极材料', '电解液'] },
  { name: '图像识别', children: ['人脸识别', '缺陷检测'] },
  { name: '物联网' },
  { name: '无人机', children: ['飞行控制'] },
  { name: '其他技术' },
];

/** The category path a demo patent is filed under, from its main IPC and its title. */
function categoryFor(ipc: string, title: string): string {
  if (ipc.startsWith('H01M')) {
    if (title.includes('正极')) return '电池技术/正极材料';
    if (title.includes('电解液')) return '电池技术/电解液';
    return '电池技术';
  }
  if (/^G06[VTN]/.test(ipc)) {
    if (title.includes('人脸')) return '图像识别/人脸识别';
    if (title.includes('缺陷')) return '图像识别/缺陷检测';
    return '图像识别';
  }
  if (/^(H04L|H04W|G08C)/.test(ipc)) return '物联网';
  if (ipc.startsWith('B64')) return '无人机';
  if (ipc.startsWith('G05D')) return '无人机/飞行控制';
  return '其他技术';
}

const NOTES = [
  '核心权利要求保护范围较宽，竞争对手绕开难度大，建议维持并考虑在海外布局同族。',
  '与主营产品线直接相关，年费按期缴纳；可作为许可谈判的筹码。',
  '检索到两篇相近的在先文献，稳定性一般，建议补充从属权利要求的证据材料。',
  '技术已迭代，产品不再使用，下次缴费前评估是否放弃。',
];

/** Seeds the demo company's portfolio; does nothing when the company or its user is missing. */
export async function seedPortfolioDemo(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('company_name', '=', DEMO_PORTFOLIO_COMPANY)
    .executeTakeFirst();
  if (!company) return;
  const companyId = Number(company.id);
  const user = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('rid', '=', 0)
    .orderBy('id')
    .executeTakeFirst();
  const userId = user ? Number(user.id) : 0;
  const now = deps.clock().toISOString();
  await writeTransaction(deps.db, { what: 'seed demo portfolio' }, async (trx) => {
    const ids = new Map<string, number>();
    let sort = 0;
    for (const top of TREE) {
      const row = await trx
        .insertInto('patent_categories')
        .values({ company_id: companyId, parent_id: 0, name: top.name, sort: sort++, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(top.name, Number(row.id));
      let childSort = 0;
      for (const child of top.children ?? []) {
        const c = await trx
          .insertInto('patent_categories')
          .values({ company_id: companyId, parent_id: Number(row.id), name: child, sort: childSort++, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(`${top.name}/${child}`, Number(c.id));
      }
    }
    const own = await trx
      .selectFrom('company_patents as cp')
      .innerJoin('patents as p', 'p.id', 'cp.patent_id')
      .select(['p.id', 'p.ipc_main', 'p.title', 'p.legal_status'])
      .where('cp.company_id', '=', companyId)
      .where('cp.removed', '=', 0)
      .orderBy('p.id')
      .execute();
    let core = 0;
    for (const [i, p] of own.entries()) {
      // Every 8th stays 未分类, so the default bucket has content too.
      const category = i % 8 === 7 ? 0 : (ids.get(categoryFor(p.ipc_main, p.title)) ?? 0);
      const isCore = p.legal_status === '有权' && i % 3 === 0 && core < 20 ? 1 : 0;
      core += isCore;
      await trx
        .updateTable('company_patents')
        .set({ category_id: category, is_core: isCore, is_collected: i % 12 === 5 ? 1 : 0, created_by: userId, updated_at: now })
        .where('company_id', '=', companyId)
        .where('patent_id', '=', Number(p.id))
        .execute();
    }
    // Others' patents the company follows: a few granted ones in its fields.
    const others = await trx
      .selectFrom('patents')
      .select('id')
      .where('legal_status', '=', '有权')
      .where((eb) => eb.or([eb('ipc_main', 'like', 'H01M%'), eb('ipc_main', 'like', 'G06V%'), eb('ipc_main', 'like', 'B64%')]))
      .where('id', 'not in', (eb) => eb.selectFrom('company_patents').select('patent_id').where('company_id', '=', companyId))
      .orderBy('id')
      .limit(8)
      .execute();
    if (others.length) {
      await trx
        .insertInto('company_patents')
        .values(
          others.map((o) => ({
            company_id: companyId,
            patent_id: Number(o.id),
            source: 'collect',
            is_collected: 1,
            created_by: userId,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    const noted = own.filter((_p, i) => i % 9 === 0).slice(0, NOTES.length);
    for (const [i, p] of noted.entries()) {
      await trx
        .insertInto('patent_notes')
        .values({
          company_id: companyId,
          patent_id: Number(p.id),
          user_id: userId,
          author: user?.name ?? '',
          content: NOTES[i],
          created_at: now,
        })
        .execute();
    }
    await refreshPatentCounts(trx, companyId);
  });
}
