import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * The administrator's statistics' stored counts (/dataShow, issue 13, speed; ADR 0063). Each search_history row
 * counts as kind 'search', each activity_log row as its kind ('login' | 'export'), on the China day of its created_at.
 * - stats_days: rows per kind × China day — the per-day series and the totals of searches, logins and exports.
 * - stats_company_days: rows per company × China day × kind, the company being the row's user's users.company_id now
 *   (> 0; a row whose user is missing counts for no company) — the active-companies figures and table.
 * Kept right by triggers in the writer's statement, whoever writes: a search or activity row inserted, deleted or
 * changed (user, kind, time) moves its counts; a user inserted, deleted or moved to another company moves the
 * company counts of all the user's rows (the delete before the row goes, so that the cascade to search_history,
 * which then finds no user, counts nothing twice). A count can drop to 0 (the row stays; readers use n > 0).
 * Plus covering indexes for the figures still read from the rows: distinct users and the terms (search_history
 * (created_at, expression, user_id)), distinct users who logged in (activity_log (kind, created_at, user_id)), and
 * activity_log (user_id, created_at) for the user triggers.
 */
const KIND_SEARCH = `'search'`;

function chinaDay(dialect: MigrationDialect, col: string) {
  return dialect === 'postgres'
    ? `to_char(${col}::timestamptz AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`
    : `strftime('%Y-%m-%d', ${col}, '+8 hours')`;
}

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db);
  const day = (col: string) => chinaDay(dialect, col);
  // SQLite: the rows stored in their key's order (no rowid), so a range of days reads its counts from the key.
  const clustered = <T extends CreateTableBuilder<string, never>>(t: T) =>
    dialect === 'sqlite' ? (t.modifyEnd(sql`without rowid`) as T) : t;
  await db.schema
    .createTable('stats_days')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_days_pk', ['kind', 'day'])
    .$call(clustered)
    .execute();
  await db.schema
    .createTable('stats_company_days')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_company_days_pk', ['day', 'company_id', 'kind'])
    .$call(clustered)
    .execute();

  await run(`CREATE INDEX search_history_time_term_user ON search_history (created_at, expression, user_id)`);
  await run(`CREATE INDEX activity_log_kind_time_user ON activity_log (kind, created_at, user_id)`);
  await run(`CREATE INDEX activity_log_user ON activity_log (user_id, created_at)`);

  /** Every counted row: search_history and activity_log with their kind. */
  const events = `SELECT user_id, ${KIND_SEARCH} AS kind, created_at FROM search_history
    UNION ALL SELECT user_id, kind, created_at FROM activity_log`;
  await run(`INSERT INTO stats_days (kind, day, n)
    SELECT kind, ${day('created_at')}, count(*) FROM (${events}) e GROUP BY kind, ${day('created_at')}`);
  await run(`INSERT INTO stats_company_days (company_id, day, kind, n)
    SELECT u.company_id, ${day('e.created_at')}, e.kind, count(*) FROM (${events}) e JOIN users u ON u.id = e.user_id
    WHERE u.company_id > 0 GROUP BY u.company_id, ${day('e.created_at')}, e.kind`);

  const dayUpsert = `ON CONFLICT (kind, day) DO UPDATE SET n = stats_days.n + excluded.n`;
  const companyUpsert = `ON CONFLICT (day, company_id, kind) DO UPDATE SET n = stats_company_days.n + excluded.n`;
  /** One row (`v` is NEW or OLD of a table whose kind is `kind`) counted `sign` times. */
  const rowDelta = (v: string, kind: string, sign: string) => [
    `INSERT INTO stats_days (kind, day, n) VALUES (${kind}, ${day(`${v}.created_at`)}, ${sign}) ${dayUpsert}`,
    `INSERT INTO stats_company_days (company_id, day, kind, n)
      SELECT u.company_id, ${day(`${v}.created_at`)}, ${kind}, ${sign} FROM users u
      WHERE u.id = ${v}.user_id AND u.company_id > 0 ${companyUpsert}`,
  ];
  /** All rows of one user (`u` is NEW or OLD of users) counted `sign` times for the user's company. */
  const userDelta = (u: string, sign: string) => `INSERT INTO stats_company_days (company_id, day, kind, n)
    SELECT ${u}.company_id, e.day, e.kind, ${sign} count(*) FROM (
      SELECT ${day('created_at')} AS day, ${KIND_SEARCH} AS kind FROM search_history WHERE user_id = ${u}.id
      UNION ALL SELECT ${day('created_at')} AS day, kind FROM activity_log WHERE user_id = ${u}.id) e
    WHERE ${u}.company_id > 0 GROUP BY e.day, e.kind ${companyUpsert}`;
  const MOVED = 'OLD.company_id <> NEW.company_id';

  const sources: [string, string, string][] = [
    ['search_history', KIND_SEARCH, 'user_id, created_at'],
    ['activity_log', '', 'user_id, kind, created_at'],
  ];
  if (dialect === 'sqlite') {
    for (const [table, kind, cols] of sources) {
      const k = (v: string) => kind || `${v}.kind`;
      const body = (...qs: string[]) => `BEGIN ${qs.map((q) => `${q};`).join(' ')} END`;
      await run(`CREATE TRIGGER ${table}_stats_ins AFTER INSERT ON ${table} ${body(...rowDelta('NEW', k('NEW'), '1'))}`);
      await run(`CREATE TRIGGER ${table}_stats_del AFTER DELETE ON ${table} ${body(...rowDelta('OLD', k('OLD'), '-1'))}`);
      await run(`CREATE TRIGGER ${table}_stats_upd AFTER UPDATE OF ${cols} ON ${table}
        ${body(...rowDelta('OLD', k('OLD'), '-1'), ...rowDelta('NEW', k('NEW'), '1'))}`);
    }
    await run(`CREATE TRIGGER users_stats_ins AFTER INSERT ON users BEGIN ${userDelta('NEW', '')}; END`);
    await run(`CREATE TRIGGER users_stats_del BEFORE DELETE ON users BEGIN ${userDelta('OLD', '-')}; END`);
    await run(`CREATE TRIGGER users_stats_upd AFTER UPDATE OF company_id ON users WHEN ${MOVED}
      BEGIN ${userDelta('OLD', '-')}; ${userDelta('NEW', '')}; END`);
    return;
  }
  for (const [table, kind, cols] of sources) {
    const k = (v: string) => kind || `${v}.kind`;
    await run(`CREATE FUNCTION ${table}_stats() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN ${rowDelta('OLD', k('OLD'), '-1').join('; ')}; END IF;
        IF TG_OP <> 'DELETE' THEN ${rowDelta('NEW', k('NEW'), '1').join('; ')}; END IF;
        RETURN NULL;
      END $$`);
    await run(`CREATE TRIGGER ${table}_stats AFTER INSERT OR DELETE OR UPDATE OF ${cols} ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${table}_stats()`);
  }
  await run(`CREATE FUNCTION users_stats() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN ${userDelta('OLD', '-')}; RETURN OLD; END IF;
      IF TG_OP = 'INSERT' THEN ${userDelta('NEW', '')};
      ELSIF ${MOVED} THEN ${userDelta('OLD', '-')}; ${userDelta('NEW', '')};
      END IF;
      RETURN NULL;
    END $$`);
  await run(`CREATE TRIGGER users_stats_del BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_stats()`);
  await run(`CREATE TRIGGER users_stats AFTER INSERT OR UPDATE OF company_id ON users
    FOR EACH ROW EXECUTE FUNCTION users_stats()`);
}
