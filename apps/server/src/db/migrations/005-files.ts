import type { Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/** Files: which uploads are public, exports with an expiry (issue 8). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {}
