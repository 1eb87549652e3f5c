// npm run admin:password -- MOBILE
//
// Sets a new random password for the administrator with this mobile, ends all their sessions, and prints the password
// on this terminal (never to the server log). For a lost password, and for the first administrator once the
// initial-admin-password.txt file is gone.
import { openDb } from '../db';
import { migrate } from '../db/migrate';
import { resetAdminPassword } from '../modules/account/admin-password';
import { CliError, runCli, serverConfig } from './common';

runCli(async () => {
  const mobile = process.argv[2]?.trim();
  if (!mobile || process.argv.length > 3 || !/^1\d{10}$/.test(mobile)) {
    throw new CliError('用法：npm run admin:password -- 管理员手机号');
  }
  const config = serverConfig();
  const db = openDb(config);
  try {
    await migrate(db.db as never, db.dialect);
    const password = await resetAdminPassword(db, mobile, new Date().toISOString());
    if (!password) throw new CliError(`没有手机号为 ${mobile} 的管理员账号`);
    console.log(`管理员 ${mobile} 的新密码：${password}\n（已退出该账号的所有登录；请登录后立即修改密码）`);
  } finally {
    await db.close();
  }
});
