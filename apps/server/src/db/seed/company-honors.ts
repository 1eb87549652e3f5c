import type { Deps } from '../../deps';

// Demo honours (ADR 0041): every third enterprise of the demo office (13800000003), by id, gets one to three
// honours chosen by its position, so /honor and the honours tab of /workEnterprisevisit have content on a fresh start.

const HONORS: [name: string, level: string, issuer: string][] = [
  ['国家高新技术企业', '国家级', '科学技术部火炬高技术产业开发中心'],
  ['专精特新“小巨人”企业', '国家级', '工业和信息化部'],
  ['省级专精特新中小企业', '省级', '省经济和信息化厅'],
  ['省级企业技术中心', '省级', '省发展和改革委员会'],
  ['省科技型中小企业', '省级', '省科学技术厅'],
  ['市级知识产权示范企业', '市级', '市市场监督管理局（知识产权局）'],
  ['市级工程技术研究中心', '市级', '市科学技术局'],
  ['市级瞪羚企业', '市级', '市科学技术局'],
  ['区级创新型企业', '区级', '示例高新区管理委员会'],
  ['区级纳税十强企业', '区级', '示例高新区管理委员会'],
];

export async function seedDemoCompanyHonors(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const main = await db.selectFrom('users').select('id').where('mobile', '=', '13800000003').executeTakeFirst();
  if (!main) return;
  const ownerId = Number(main.id);
  const companies = await db.selectFrom('companies').select('id').where('service_owner_id', '=', ownerId).orderBy('id').execute();
  const now = deps.clock().toISOString();
  const rows = companies.flatMap((c, i) => {
    if (i % 3 !== 0) return [];
    const count = 1 + ((i / 3) % 3);
    return Array.from({ length: count }, (_, k) => {
      const [name, level, issuer] = HONORS[(i * 7 + k * 3) % HONORS.length];
      return {
        company_id: Number(c.id),
        name,
        level,
        issuer,
        year: 2018 + ((i + k * 2) % 8),
        created_by: ownerId,
        created_at: now,
        updated_at: now,
      };
    });
  });
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('company_honors')
      .values(rows.slice(i, i + 200))
      .execute();
}
