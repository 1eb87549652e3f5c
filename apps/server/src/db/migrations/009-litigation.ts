import type { Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/** Reserved for issue 9 (filled in by its part: 009-litigation). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {}
