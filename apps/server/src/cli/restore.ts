// npm run restore -- FILE [--force]
//
// Replaces the database the server uses with a backup made by `npm run backup`. Stop the server first: restore
// refuses while it runs (SQLite: DATA_DIR/server.pid names a live process; PostgreSQL: other connections to the
// database) unless --force. SQLite: the file is checked, then swapped in with one rename; the replaced database is
// kept in DATA_DIR/backups. PostgreSQL: pg_restore --clean in one transaction (all or nothing).
import { restoreDatabase } from '../db/backup';
import { CliError, runCli, serverConfig, userPath } from './common';

runCli(async () => {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0].startsWith('-')) throw new CliError('用法：npm run restore -- 备份文件 [--force]');
  const file = userPath(files[0]);
  const config = serverConfig();
  const t0 = Date.now();
  try {
    const r = await restoreDatabase(config, file, { force });
    console.log(
      `已从 ${file} 恢复数据库，用时 ${((Date.now() - t0) / 1000).toFixed(1)} 秒${r.previous ? `；原数据库保存在 ${r.previous}` : ''}`,
    );
  } catch (err) {
    throw new CliError(`恢复失败，数据库未改动：${(err as Error).message}`);
  }
});
