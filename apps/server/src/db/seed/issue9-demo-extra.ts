// Demo rows for the categories the first demo data left thin (issue 9, ADR 0037): every portfolio category, every
// certificate kind, every non-patent IP kind and status, every litigation status and trial level that /home and the
// portfolio pages show gets several rows on a fresh start. Runs after the other demo seeds (seedDemoData) and only
// adds: the demo company's 飞行控制 and 其他技术 categories (empty before) are filled from 无人机 and 未分类, a few
// in-force patents whose term ends this year join the portfolio (/home 本年届满), two more certificates of the
// kinds that had one, IP records for the statuses that had none or one, and follows of cases of the rarer statuses
// and levels. Deterministic: decided by ids in order and by today's date only, like the other demo seeds.
import { isoAddDays } from '@ip/contract';
import type { Deps } from '../../deps';
import { chinaToday } from '../../modules/common/records';
import { refreshPatentCounts } from '../../modules/company/company-link';
import { setFollow } from '../../modules/litigation/litigation.repo';
import { writeTransaction } from '../write';

const DEMO_MOBILE = '13800000001';

export async function seedIssue9DemoExtra(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const user = await db.selectFrom('users').select(['id', 'company_id']).where('mobile', '=', DEMO_MOBILE).executeTakeFirst();
  if (!user || !user.company_id) return;
  const companyId = Number(user.company_id);
  const userId = Number(user.id);
  const today = chinaToday(deps.clock());
  const year = Number(today.slice(0, 4));
  const now = deps.clock().toISOString();

  await writeTransaction(deps.db, { what: 'seed issue 9 demo extras' }, async (trx) => {
    // ─── portfolio categories ───────────────────────────────────────────────────────────────────────────────
    const cats = await trx.selectFrom('patent_categories').select(['id', 'name']).where('company_id', '=', companyId).execute();
    const cat = (name: string) => cats.find((c) => c.name === name)?.id;
    const own = (categoryId: number) =>
      trx
        .selectFrom('company_patents')
        .select('patent_id')
        .where('company_id', '=', companyId)
        .where('removed', '=', 0)
        .where('source', '<>', 'collect')
        .where('category_id', '=', categoryId)
        .orderBy('patent_id')
        .execute();
    const refile = async (from: number, to: number | undefined, every: number) => {
      if (to === undefined) return;
      const ids = (await own(from)).map((r) => Number(r.patent_id)).filter((_id, i) => i % every === 0);
      if (ids.length) {
        await trx
          .updateTable('company_patents')
          .set({ category_id: to, updated_at: now })
          .where('company_id', '=', companyId)
          .where('patent_id', 'in', ids)
          .execute();
      }
    };
    const drones = cat('无人机');
    const flight = cat('飞行控制');
    if (drones !== undefined && flight !== undefined && !(await own(flight)).length) await refile(drones, flight, 3);
    const other = cat('其他技术');
    if (other !== undefined && !(await own(other)).length) await refile(0, other, 3);

    // ─── /home 本年届满: in-force demo patents whose term ends this year join the portfolio ────────────────────
    const ending = await trx
      .selectFrom('patents')
      .select('id')
      .where('is_demo', '=', 1)
      .where('legal_status', '=', '有权')
      .where('expiry_date', '>=', `${year}-01-01`)
      .where('expiry_date', '<', `${year + 1}-01-01`)
      .where('id', 'not in', (eb) => eb.selectFrom('company_patents').select('patent_id').where('company_id', '=', companyId))
      .orderBy('id')
      .limit(4)
      .execute();
    for (const p of ending) {
      await trx
        .insertInto('company_patents')
        .values({
          company_id: companyId,
          patent_id: Number(p.id),
          source: 'manual',
          category_id: other ?? 0,
          created_by: userId,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    if (ending.length) await refreshPatentCounts(trx, companyId);

    // ─── certificates: three or more of every kind ─────────────────────────────────────────────────────────
    const certificates = [
      {
        kind: 'hightech',
        number: 'GR201933000871',
        name: '高新技术企业证书（上一周期）',
        issuer: '浙江省科学技术厅',
        issue_date: isoAddDays(today, -2600),
        expiry_date: isoAddDays(today, -1505),
        note: '已到期，已重新认定',
      },
      {
        kind: 'hightech',
        number: 'GR202633009912',
        name: '高新技术企业（子公司 示例智能）证书',
        issuer: '浙江省科学技术厅',
        issue_date: isoAddDays(today, -400),
        expiry_date: isoAddDays(today, 695),
        note: '',
      },
      {
        kind: 'other',
        number: 'CMA-201812345678',
        name: '检验检测机构资质认定证书',
        issuer: '浙江省市场监督管理局',
        issue_date: isoAddDays(today, -1800),
        expiry_date: isoAddDays(today, 25),
        note: '到期前三个月提交复查申请',
      },
      {
        kind: 'other',
        number: 'AAA-2025-0456',
        name: '企业信用等级 AAA 证书',
        issuer: '中国企业信用评价中心',
        issue_date: isoAddDays(today, -300),
        expiry_date: isoAddDays(today, 430),
        note: '',
      },
    ];
    for (const c of certificates) {
      await trx
        .insertInto('certificates')
        .values({ company_id: companyId, ...c, created_by: userId, created_at: now, updated_at: now })
        .execute();
    }

    // ─── non-patent IP: three or more of every kind, two or more of every status ──────────────────────────────
    const owner = '示例科技有限公司';
    const ip = [
      {
        kind: 'copyright',
        number: '国作登字-2022-F-00123456',
        name: '示例科技品牌吉祥物“小示”',
        nice_class: 0,
        application_date: '2022-03-01',
        registration_date: '2022-04-18',
        expiry_date: null,
        status: 'registered',
        note: '美术作品',
      },
      {
        kind: 'copyright',
        number: '国作登字-2026-A-00098765',
        name: '智能电池管理白皮书',
        nice_class: 0,
        application_date: isoAddDays(today, -20),
        registration_date: null,
        expiry_date: null,
        status: 'pending',
        note: '文字作品，登记审查中',
      },
      {
        kind: 'trademark',
        number: '23456790',
        name: '示例云',
        nice_class: 42,
        application_date: '2016-09-01',
        registration_date: isoAddDays(today, -3640),
        expiry_date: isoAddDays(today, -10),
        status: 'renewing',
        note: '宽展期内，已提交续展申请',
      },
      {
        kind: 'trademark',
        number: '23456791',
        name: 'SHILI',
        nice_class: 9,
        application_date: '2016-10-12',
        registration_date: isoAddDays(today, -3620),
        expiry_date: isoAddDays(today, 20),
        status: 'renewing',
        note: '续展申请已受理',
      },
      {
        kind: 'trademark',
        number: '60123458',
        name: '示例智联',
        nice_class: 38,
        application_date: isoAddDays(today, -500),
        registration_date: null,
        expiry_date: null,
        status: 'rejected',
        note: '驳回复审期已过',
      },
      {
        kind: 'software',
        number: '2019SR0456789',
        name: '示例电池检测软件 V1.0',
        nice_class: 0,
        application_date: '2019-05-06',
        registration_date: '2019-06-20',
        expiry_date: null,
        status: 'invalid',
        note: '产品停用，登记已注销',
      },
    ];
    for (const r of ip) {
      await trx
        .insertInto('ip_assets')
        .values({ company_id: companyId, ...r, owner, file_ids: '[]', created_by: userId, created_at: now, updated_at: now })
        .execute();
    }

    // ─── litigation: follow cases of the rarer statuses and levels, three of each in the company's list ───────
    const followed = new Set(
      (await trx.selectFrom('litigation_follows').select('case_id').where('company_id', '=', companyId).execute()).map((r) =>
        Number(r.case_id),
      ),
    );
    const pick = async (column: 'status' | 'trial_level', value: string, n: number) => {
      const rows = await trx
        .selectFrom('litigation_cases')
        .select('id')
        .where(column, '=', value)
        .orderBy('id')
        .limit(n + followed.size)
        .execute();
      let added = 0;
      for (const r of rows) {
        if (added >= n || followed.has(Number(r.id))) continue;
        await setFollow(trx, companyId, userId, Number(r.id), true, now);
        followed.add(Number(r.id));
        added++;
      }
    };
    await pick('status', '已调解', 2);
    await pick('status', '已撤诉', 1);
    await pick('trial_level', '二审', 2);
    await pick('trial_level', '再审', 2);
  });
}
