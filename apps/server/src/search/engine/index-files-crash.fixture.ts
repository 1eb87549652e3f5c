// A child process of index-files.test.ts: imports demo patents with the index workers until it is killed (the test
// kills it with SIGKILL in the middle, to leave what a crash leaves). Not part of the product.
import { openDb } from '../../db';
import { migrate } from '../../db/migrate';
import { seedDemoPatents } from '../../modules/patents/patent-seed';

const db = openDb({ dataDir: process.argv[2], databaseUrl: undefined });
await migrate(db.db as never, db.dialect);
await seedDemoPatents(db, 30_000, { seed: 424242, batchSize: 300 });
await db.close();
