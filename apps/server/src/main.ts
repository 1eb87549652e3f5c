import { loadConfig } from './config';
import { openDb } from './db';
import { migrate } from './db/migrate';
import { seedOnEmpty } from './db/seed';
import { buildApp } from './app';

/** Reads config, migrates, seeds an empty database, listens. */
async function main() {
  const config = loadConfig();
  const db = openDb(config);
  await migrate(db.db as never, db.dialect);
  const app = await buildApp({ config, db });
  await seedOnEmpty(app.deps);
  const close = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`知识产权管理与专利检索平台 已启动：http://localhost:${config.port}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
