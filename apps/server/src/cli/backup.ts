// npm run backup -- [FILE]
//
// Backs up the database the server uses (same DATA_DIR / DATABASE_URL settings as `npm start`): SQLite through the
// online backup API (safe while the server runs), PostgreSQL through pg_dump -Fc. The default file is
// DATA_DIR/backups/app-<UTC timestamp>.db (SQLite) or .dump (PostgreSQL); the file is readable by its owner only.
import fs from 'node:fs';
import { backupDatabase, defaultBackupFile } from '../db/backup';
import { CliError, runCli, serverConfig, userPath } from './common';

runCli(async () => {
  const args = process.argv.slice(2);
  if (args.length > 1 || args.some((a) => a.startsWith('-'))) throw new CliError('用法：npm run backup -- [备份文件]');
  const file = args[0] ? userPath(args[0]) : undefined;
  const config = serverConfig();
  const target = file ?? defaultBackupFile(config);
  const t0 = Date.now();
  await backupDatabase(config, target);
  const mb = fs.statSync(target).size / 1024 / 1024;
  console.log(
    `已备份${config.databaseUrl ? ' PostgreSQL 数据库' : ' SQLite 数据库'}到 ${target}（${mb.toFixed(1)} MB，用时 ${((Date.now() - t0) / 1000).toFixed(1)} 秒）`,
  );
});
