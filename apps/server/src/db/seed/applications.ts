// Demo verification applications (ADR 0019), so /apply and the audit log have content on a fresh start: trial
// users 13800000011–15 (password Demo@2026) with pending, approved and rejected applications. Deterministic.
import { creditCodeCheckChar } from '@ip/contract';
import type { Deps } from '../../deps';
import { NEW_USER } from '../../modules/account/new-user';
import { hashPassword } from '../../modules/account/passwords';
import { ensureFileDirs } from '../../modules/common/file-store';
import { decideApplication } from '../../modules/users/applications';
import { DEMO_PASSWORD, demoCreditCode } from '../seed';
import { onePagePdf, solidPng, storeDemoFile } from '../seed-files';

/** A valid credit code that no demo company has (check character computed). */
function freshCreditCode(i: number): string {
  const first17 = `91330110MA2${String(7000 + i).padStart(4, '0')}00`;
  return first17 + (creditCodeCheckChar(first17) ?? '0');
}

interface DemoApplication {
  mobile: string;
  name: string;
  company_name: string;
  credit_code: string;
  contact: string;
  /** Days before the seed's time when the application came in. */
  daysAgo: number;
  /** 'legacy': a licence address from before ADR 0014 (/uploads/…), which no longer resolves. */
  licence: 'pdf' | 'png' | 'legacy';
  decision?: { status: 1 | 2; remark?: string };
}

export const DEMO_APPLICATIONS: DemoApplication[] = [
  {
    mobile: '13800000011',
    name: '陈晓',
    company_name: '智造未来科技有限公司',
    credit_code: freshCreditCode(1),
    contact: '陈晓',
    daysAgo: 1,
    licence: 'pdf',
  },
  // Matches a demo company by its credit code: approving links to it.
  {
    mobile: '13800000012',
    name: '林峰',
    company_name: '华芯半导体科技有限公司',
    credit_code: demoCreditCode(2),
    contact: '林峰',
    daysAgo: 2,
    licence: 'png',
  },
  {
    mobile: '13800000013',
    name: '郭敏',
    company_name: '北辰精密仪器有限公司',
    credit_code: freshCreditCode(3),
    contact: '郭敏',
    daysAgo: 4,
    licence: 'legacy',
  },
  {
    mobile: '13800000014',
    name: '黄磊',
    company_name: '绿源新能源科技有限公司',
    credit_code: demoCreditCode(3),
    contact: '黄磊',
    daysAgo: 9,
    licence: 'pdf',
    decision: { status: 1, remark: '资料齐全，同意认证' },
  },
  {
    mobile: '13800000015',
    name: '何静',
    company_name: '远航物流技术有限公司',
    credit_code: freshCreditCode(5),
    contact: '何静',
    daysAgo: 6,
    licence: 'png',
    decision: { status: 2, remark: '营业执照图片不清晰，请上传清晰完整的扫描件' },
  },
];

/** Creates the demo trial users and their applications, and decides two of them as the demo administrator. */
export async function seedDemoApplications(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const admin = await db.selectFrom('users').select('id').where('mobile', '=', '13800000000').executeTakeFirst();
  if (!admin) return;
  ensureFileDirs(deps.config);
  const password_hash = await hashPassword(DEMO_PASSWORD);
  const now = deps.clock().getTime();
  for (const a of DEMO_APPLICATIONS) {
    const at = new Date(now - a.daysAgo * 24 * 3600_000).toISOString();
    const user = await db
      .insertInto('users')
      .values({
        ...NEW_USER,
        type: '1',
        mobile: a.mobile,
        name: a.name,
        company_name: a.company_name,
        password_hash,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const license =
      a.licence === 'legacy'
        ? '/uploads/licence-2023-demo.jpg'
        : a.licence === 'pdf'
          ? await storeDemoFile(
              deps,
              user.id,
              'licence',
              `${a.company_name}营业执照.pdf`,
              'application/pdf',
              onePagePdf('Business licence (demo)'),
            )
          : await storeDemoFile(
              deps,
              user.id,
              'licence',
              `${a.company_name}营业执照.png`,
              'image/png',
              solidPng(240, [214, 228, 245]),
            );
    const row = await db
      .insertInto('verifications')
      .values({
        user_id: user.id,
        company_name: a.company_name,
        credit_code: a.credit_code,
        contact: a.contact,
        license,
        status: 0,
        remark: '',
        reviewer_id: null,
        created_at: at,
        reviewed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (a.decision) await decideApplication(deps, admin.id, { id: row.id, ...a.decision });
  }
}
