import type { CreateTableBuilder } from 'kysely';

export type MigrationDialect = 'sqlite' | 'postgres';

/** An auto-increment integer primary key named id, portable across SQLite and PostgreSQL. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: MigrationDialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
