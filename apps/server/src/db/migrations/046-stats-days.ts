import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * The administrator's statistics' stored counts (/dataShow, issue 13, speed; ADR 0063). Each search_history row is
 * an event of kind 'search', each activity_log row one of its kind ('login' | 'export'), on the China day of its
 * created_at.
 * - stats_days: events per kind × China day — the per-day series and the totals of searches, logins and exports.
 * - stats_company_days, stats_company_months: events per company × China day (month), as logins, searches, exports
 *   and actions (all events), the company being the event's user's users.company_id now (> 0; an event whose user
 *   is missing counts for no company) — the active companies. A range reads its whole months from the months.
 * - stats_user_days: users per account kind (DOMAIN §1, stats.service kindOf) × China day of created_at.
 * Kept right by triggers in the writer's statement, whoever writes: an event inserted, deleted or changed (user,
 * kind, time) moves its counts; a user inserted, deleted or moved to another company moves the company counts of all
 * the user's events (the delete before the row goes, so that the cascade to search_history, which then finds no
 * user, counts nothing twice); a user inserted, deleted or changed in created_at or a kind flag moves its user count.
 * A count can drop to 0 (the row stays; readers use counts > 0).
 * Covering indexes for the figures still read from the rows: search_history (created_at, expression, user_id) for
 * the distinct searchers and the terms, activity_log (kind, created_at, user_id) for the distinct users who logged
 * in, and activity_log (user_id, created_at) for the user triggers.
 */
const SEARCH = `'search'`;

/** stats.service kindOf over the users row `u` (NEW, OLD or an alias), as it stood when this migration was written. */
const kindOf = (u: string) =>
  `CASE WHEN ${u}.is_news = 1 AND ${u}.com_id = 0 THEN 'main' WHEN ${u}.is_news = 1 THEN 'staff' WHEN ${u}.is_admin = 1 THEN 'admin' WHEN ${u}.type = '1' THEN 'trial' ELSE 'company' END`;

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db);
  const day = (col: string) =>
    dialect === 'postgres'
      ? `to_char(${col}::timestamptz AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`
      : `strftime('%Y-%m-%d', ${col}, '+8 hours')`;
  const month = (col: string) => `substr(${day(col)}, 1, 7)`;
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
    .createTable('stats_user_days')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_user_days_pk', ['day', 'kind'])
    .$call(clustered)
    .execute();
  for (const [table, period] of [
    ['stats_company_days', 'day'],
    ['stats_company_months', 'month'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(period, 'varchar(10)', (c) => c.notNull())
      .addColumn('company_id', 'integer', (c) => c.notNull())
      .addColumn('logins', 'integer', (c) => c.notNull())
      .addColumn('searches', 'integer', (c) => c.notNull())
      .addColumn('exports', 'integer', (c) => c.notNull())
      .addColumn('actions', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [period, 'company_id'])
      .$call(clustered)
      .execute();
  }
  await run(`CREATE INDEX search_history_time_term_user ON search_history (created_at, expression, user_id)`);
  await run(`CREATE INDEX activity_log_kind_time_user ON activity_log (kind, created_at, user_id)`);
  await run(`CREATE INDEX activity_log_user ON activity_log (user_id, created_at)`);

  /** The company columns of events of kind `kind` counted `n` times. */
  const counts = (kind: string, n: string) =>
    `case when ${kind} = 'login' then ${n} else 0 end, case when ${kind} = ${SEARCH} then ${n} else 0 end,
    case when ${kind} = 'export' then ${n} else 0 end, ${n}`;
  /** The same summed over grouped events, negated when `sign` is '-'. */
  const sums = (kind: string, sign: string) =>
    `${sign}sum(case when ${kind} = 'login' then 1 else 0 end), ${sign}sum(case when ${kind} = ${SEARCH} then 1 else 0 end),
    ${sign}sum(case when ${kind} = 'export' then 1 else 0 end), ${sign}count(*)`;
  const companyCols = 'company_id, logins, searches, exports, actions';
  const companyUpsert = (table: string, period: string) =>
    `ON CONFLICT (${period}, company_id) DO UPDATE SET logins = ${table}.logins + excluded.logins,
    searches = ${table}.searches + excluded.searches, exports = ${table}.exports + excluded.exports,
    actions = ${table}.actions + excluded.actions`;
  const companyTables: [string, string, (col: string) => string][] = [
    ['stats_company_days', 'day', day],
    ['stats_company_months', 'month', month],
  ];
  const countUpsert = (table: string, key: string) => `ON CONFLICT (${key}) DO UPDATE SET n = ${table}.n + excluded.n`;

  // What the rows hold now.
  const events = `SELECT user_id, ${SEARCH} AS kind, created_at FROM search_history
    UNION ALL SELECT user_id, kind, created_at FROM activity_log`;
  await run(`INSERT INTO stats_days (kind, day, n)
    SELECT kind, ${day('created_at')}, count(*) FROM (${events}) e GROUP BY kind, ${day('created_at')}`);
  for (const [table, period, of] of companyTables) {
    await run(`INSERT INTO ${table} (${period}, ${companyCols})
      SELECT ${of('e.created_at')}, u.company_id, ${sums('e.kind', '')}
      FROM (${events}) e JOIN users u ON u.id = e.user_id
      WHERE u.company_id > 0 GROUP BY ${of('e.created_at')}, u.company_id`);
  }
  await run(`INSERT INTO stats_user_days (kind, day, n)
    SELECT ${kindOf('u')}, ${day('u.created_at')}, count(*) FROM users u GROUP BY ${kindOf('u')}, ${day('u.created_at')}`);

  /** One event (`v` is NEW or OLD of a table whose kind is `kind`) counted `sign` times. */
  const eventDelta = (v: string, kind: string, sign: string) => [
    `INSERT INTO stats_days (kind, day, n) VALUES (${kind}, ${day(`${v}.created_at`)}, ${sign}) ${countUpsert('stats_days', 'kind, day')}`,
    ...companyTables.map(
      ([table, period, of]) => `INSERT INTO ${table} (${period}, ${companyCols})
      SELECT ${of(`${v}.created_at`)}, u.company_id, ${counts(kind, sign)} FROM users u
      WHERE u.id = ${v}.user_id AND u.company_id > 0 ${companyUpsert(table, period)}`,
    ),
  ];
  /** All events of one user (`u` is NEW or OLD of users) counted `sign` times for the user's company. */
  const userEvents = (u: string, sign: string) =>
    companyTables.map(
      ([table, period, of]) => `INSERT INTO ${table} (${period}, ${companyCols})
      SELECT e.period, ${u}.company_id, ${sums('e.kind', sign)}
      FROM (SELECT ${of('created_at')} AS period, ${SEARCH} AS kind FROM search_history WHERE user_id = ${u}.id
        UNION ALL SELECT ${of('created_at')} AS period, kind FROM activity_log WHERE user_id = ${u}.id) e
      WHERE ${u}.company_id > 0 GROUP BY e.period ${companyUpsert(table, period)}`,
    );
  /** One user (`u` is NEW or OLD) counted `sign` times in stats_user_days. */
  const userDelta = (u: string, sign: string) =>
    `INSERT INTO stats_user_days (kind, day, n) VALUES (${kindOf(u)}, ${day(`${u}.created_at`)}, ${sign})
    ${countUpsert('stats_user_days', 'day, kind')}`;
  const MOVED = 'OLD.company_id <> NEW.company_id';
  const KIND_COLUMNS = 'created_at, is_admin, is_news, com_id, type';

  const sources: [string, string, string][] = [
    ['search_history', SEARCH, 'user_id, created_at'],
    ['activity_log', '', 'user_id, kind, created_at'],
  ];
  const list = (qs: string[]) => qs.map((q) => `${q};`).join('\n');
  if (dialect === 'sqlite') {
    for (const [table, kind, cols] of sources) {
      const k = (v: string) => kind || `${v}.kind`;
      await run(`CREATE TRIGGER ${table}_stats_ins AFTER INSERT ON ${table} BEGIN ${list(eventDelta('NEW', k('NEW'), '1'))} END`);
      await run(
        `CREATE TRIGGER ${table}_stats_del AFTER DELETE ON ${table} BEGIN ${list(eventDelta('OLD', k('OLD'), '-1'))} END`,
      );
      await run(`CREATE TRIGGER ${table}_stats_upd AFTER UPDATE OF ${cols} ON ${table}
        BEGIN ${list([...eventDelta('OLD', k('OLD'), '-1'), ...eventDelta('NEW', k('NEW'), '1')])} END`);
    }
    await run(
      `CREATE TRIGGER users_stats_ins AFTER INSERT ON users BEGIN ${list([...userEvents('NEW', ''), userDelta('NEW', '1')])} END`,
    );
    await run(
      `CREATE TRIGGER users_stats_del BEFORE DELETE ON users BEGIN ${list([...userEvents('OLD', '-'), userDelta('OLD', '-1')])} END`,
    );
    await run(`CREATE TRIGGER users_stats_upd AFTER UPDATE OF company_id ON users WHEN ${MOVED}
      BEGIN ${list([...userEvents('OLD', '-'), ...userEvents('NEW', '')])} END`);
    await run(`CREATE TRIGGER users_stats_kind_upd AFTER UPDATE OF ${KIND_COLUMNS} ON users
      BEGIN ${list([userDelta('OLD', '-1'), userDelta('NEW', '1')])} END`);
    return;
  }
  for (const [table, kind, cols] of sources) {
    const k = (v: string) => kind || `${v}.kind`;
    await run(`CREATE FUNCTION ${table}_stats() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN ${list(eventDelta('OLD', k('OLD'), '-1'))} END IF;
        IF TG_OP <> 'DELETE' THEN ${list(eventDelta('NEW', k('NEW'), '1'))} END IF;
        RETURN NULL;
      END $$`);
    await run(`CREATE TRIGGER ${table}_stats AFTER INSERT OR DELETE OR UPDATE OF ${cols} ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${table}_stats()`);
  }
  await run(`CREATE FUNCTION users_stats() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN ${list([...userEvents('OLD', '-'), userDelta('OLD', '-1')])} RETURN OLD; END IF;
      IF TG_OP = 'INSERT' THEN ${list([...userEvents('NEW', ''), userDelta('NEW', '1')])} RETURN NULL; END IF;
      IF ${MOVED} THEN ${list([...userEvents('OLD', '-'), ...userEvents('NEW', '')])} END IF;
      IF (OLD.created_at, OLD.is_admin, OLD.is_news, OLD.com_id, OLD.type) IS DISTINCT FROM
        (NEW.created_at, NEW.is_admin, NEW.is_news, NEW.com_id, NEW.type) THEN
        ${list([userDelta('OLD', '-1'), userDelta('NEW', '1')])}
      END IF;
      RETURN NULL;
    END $$`);
  await run(`CREATE TRIGGER users_stats_del BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_stats()`);
  await run(`CREATE TRIGGER users_stats AFTER INSERT OR UPDATE OF company_id, ${KIND_COLUMNS} ON users
    FOR EACH ROW EXECUTE FUNCTION users_stats()`);
}
