import { sql, type RawBuilder } from 'kysely';

/**
 * `column` contains `keyword` literally and case-insensitively, the same on SQLite and PostgreSQL:
 * LIKE wildcards in the keyword are escaped, and both sides are lower-cased.
 */
export function containsText(column: string, keyword: string): RawBuilder<boolean> {
  const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
