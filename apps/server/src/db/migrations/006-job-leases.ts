import type { Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * Jobs: leases and heartbeats so several servers share one queue (issue 8, ADR 0015). A running job belongs to the
 * server named in lease_owner until lease_until (an ISO time the heartbeat pushes forward); a job whose lease ran
 * out is taken over by another server. Existing running jobs have no lease: any server may take them.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('lease_owner', 'varchar(100)').execute();
  await db.schema.alterTable('jobs').addColumn('lease_until', 'varchar(30)').execute();
  // The fair claim order looks up each owner's running jobs and when the owner was last served.
  await db.schema.createIndex('jobs_owner_started').on('jobs').columns(['owner_id', 'started_at']).execute();
}
