import { loadConfig } from '../config';
import { openDb } from './index';
import { migrate } from './migrate';

/** `npm run db:migrate`: brings the configured database (DATABASE_URL or DATA_DIR) up to date and exits. */
const config = loadConfig();
const db = openDb(config);
migrate(db.db as never, db.dialect)
  .then(() => console.log(`数据库已是最新（${db.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}）`))
  .catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(() => db.close());
