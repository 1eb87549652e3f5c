import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Deps } from '../deps';
import { NEW_USER, type NewUser } from '../modules/account/new-user';
import { hashPassword } from '../modules/account/passwords';
import { seedDemoFiles } from './seed-files';
import { creditCodeCheckChar } from '@ip/contract';
import { refreshCompanyNames } from '../modules/company/company-link';

export const DEMO_PASSWORD = 'Demo@2026';

/** The demo accounts of DOMAIN §1 / the walking-skeleton issue, all with password Demo@2026. */
export const DEMO_ACCOUNTS: (Partial<NewUser> & { mobile: string; name: string })[] = [
  { mobile: '13800000000', name: '系统管理员', is_admin: 1, company_name: '区知识产权局' },
  {
    mobile: '13800000001',
    name: '张经理',
    company_name: '示例科技有限公司',
    street_id: 1,
    street_name: '高新街道',
    introduction: '负责公司知识产权管理',
  },
  { mobile: '13800000002', name: '李试用', type: '1', company_name: '试用创新科技有限公司' },
  {
    mobile: '13800000003',
    name: '企业服务中心',
    is_news: 1,
    company_name: '区企业服务中心',
    street_id: 1,
    street_name: '高新街道',
  },
  { mobile: '13800000004', name: '王专员', is_news: 1, company_name: '区企业服务中心', street_id: 1, street_name: '高新街道' },
];

const DEMO_COMPANIES: [string, number, string][] = [
  ['示例科技有限公司', 128, '高新街道'],
  ['示例新材料股份有限公司', 86, '高新街道'],
  ['华芯半导体科技有限公司', 342, '科创街道'],
  ['绿源新能源科技有限公司', 215, '科创街道'],
  ['智联物联网技术有限公司', 97, '东城街道'],
  ['康宁生物医药有限公司', 64, '东城街道'],
  ['精工智能装备有限公司', 153, '西湖街道'],
  ['云图信息技术有限公司', 41, '西湖街道'],
  ['海川环保科技有限公司', 29, '滨江街道'],
  ['星辰航空零部件有限公司', 77, '滨江街道'],
  ['恒信汽车电子有限公司', 118, '南湖街道'],
  ['鼎盛机械制造有限公司', 55, '南湖街道'],
  ['博远光电科技有限公司', 190, '高新街道'],
  ['瑞丰食品科技有限公司', 12, '北苑街道'],
  ['天工建筑科技有限公司', 33, '北苑街道'],
  ['示例医疗器械有限公司', 48, '科创街道'],
];

/** Inserts the demo accounts (the employee's com_id is the main account's id) and demo companies. */
export async function seedDemo(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const now = deps.clock().toISOString();
  const password_hash = await hashPassword(DEMO_PASSWORD);
  let mainId = 0;
  for (const account of DEMO_ACCOUNTS) {
    const values = { ...NEW_USER, ...account, password_hash, created_at: now, updated_at: now };
    if (account.mobile === '13800000004') values.com_id = mainId;
    const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
    if (account.mobile === '13800000003') mainId = row.id;
  }
  let i = 0;
  for (const [company_name, patent_num, street_name] of DEMO_COMPANIES) {
    const industry = DEMO_INDUSTRIES[i % DEMO_INDUSTRIES.length];
    const row = await db
      .insertInto('companies')
      .values({
        company_name,
        patent_num,
        street_name,
        street_id: 0,
        credit_code: demoCreditCode(i),
        address: `示例市高新区${street_name}创新路 ${100 + i * 8} 号`,
        contact: ['张经理', '刘女士', '陈先生', '赵女士'][i % 4],
        contact_phone: `0571-8${String(6000000 + i * 1379).padStart(7, '0')}`,
        industry,
        size: ['小型', '中型', '大型', '微型'][i % 4],
        former_names: i === 0 ? JSON.stringify(['示例电子科技有限公司']) : '[]',
        fee_reduction: i % 3 === 0 ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await refreshCompanyNames(db, row.id);
    if (company_name === '示例科技有限公司') {
      await db.updateTable('users').set({ company_id: row.id }).where('mobile', '=', '13800000001').execute();
    }
    i++;
  }
}

const DEMO_INDUSTRIES = [
  '计算机、通信和其他电子设备制造业',
  '专用设备制造业',
  '医药制造业',
  '软件和信息技术服务业',
  '汽车制造业',
];

/** A valid unified social credit code for the i-th demo company (deterministic; check character computed). */
export function demoCreditCode(i: number): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  let org = '';
  let n = 7_340_000 + i * 7919;
  for (let k = 0; k < 9; k++) {
    org = chars[n % 31] + org;
    n = Math.floor(n / 31);
  }
  const first17 = `91330106${org}`;
  return first17 + (creditCodeCheckChar(first17) ?? '0');
}

/** Where the first administrator's password is written in production (readable by the owner only). */
export const INITIAL_ADMIN_PASSWORD_FILE = 'initial-admin-password.txt';

/** A random password that passes the password rules (letters and digits, 14 characters). */
export function randomPassword(): string {
  return `${crypto.randomBytes(9).toString('base64url')}a1`;
}

/**
 * On an empty database: outside production, the demo accounts and data; in production, one administrator with a
 * random password written to DATA_DIR/initial-admin-password.txt (mode 0600). Only the file's path is logged: a log
 * line is read by more people, and kept longer, than a password should be.
 */
export async function seedOnEmpty(deps: Deps): Promise<boolean> {
  const { db } = deps.db;
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  if (!deps.config.production) {
    if (!deps.config.seedDemo) return false;
    await seedDemo(deps);
    await seedDemoFiles(deps);
    deps.log.info(
      `已创建演示账号（密码 ${DEMO_PASSWORD}）：13800000000 管理员，13800000001 企业用户，13800000002 试用用户，13800000003 企业服务主账号，13800000004 企业服务员工`,
    );
    return true;
  }
  const mobile = '13800000000';
  const password = randomPassword();
  const file = path.join(deps.config.dataDir, INITIAL_ADMIN_PASSWORD_FILE);
  fs.mkdirSync(deps.config.dataDir, { recursive: true });
  fs.rmSync(file, { force: true });
  fs.writeFileSync(
    file,
    `管理员手机号：${mobile}\n初始密码：${password}\n登录后请立即修改密码，并删除本文件。忘记密码时：npm run admin:password -- ${mobile}\n`,
    { mode: 0o600, flag: 'wx' },
  );
  const now = deps.clock().toISOString();
  await db
    .insertInto('users')
    .values({
      ...NEW_USER,
      mobile,
      name: '系统管理员',
      is_admin: 1,
      password_hash: await hashPassword(password),
      created_at: now,
      updated_at: now,
    })
    .execute();
  deps.log.warn(`首次启动：已创建管理员账号 ${mobile}，初始密码在 ${file}（仅文件所有者可读）；登录后请立即修改密码并删除该文件`);
  return false;
}
