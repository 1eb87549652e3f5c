import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_PATCH_CHANGES, SqliteStore } from './sqlite-store';

// The in-memory search columns' refresh from the change log (search_changes): a few changes are patched in; a big
// import's millions of entries mean a full reload, decided without reading the log into memory. The log here is a
// view whose patent_id goes through a counting function: the count is how many entries refresh() read.

const raw = new Database(':memory:');
let read = 0;
raw.function('counted', (id: unknown) => {
  read++;
  return id;
});
raw.exec(`
  CREATE TABLE patents (id INTEGER PRIMARY KEY, ad TEXT, pd TEXT, gd TEXT, app_year INTEGER, type TEXT,
    legal_status TEXT, ipc_main TEXT);
  CREATE TABLE patent_applicants (patent_id INTEGER, name TEXT);
  CREATE TABLE change_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, patent_id INTEGER NOT NULL);
  CREATE VIEW search_changes AS SELECT seq, counted(patent_id) AS patent_id FROM change_log;
`);
const addPatent = raw.prepare(
  "INSERT INTO patents VALUES (?, '2024-01-02', '2024-07-01', NULL, 2024, '发明', '审中', 'H01M10/0525')",
);
for (let id = 1; id <= 10; id++) addPatent.run(id);
afterAll(() => raw.close());

describe('SqliteStore.refresh', () => {
  const store = new SqliteStore(raw);
  store.loadSync();

  it('patches a few changed patents, reading just their entries', () => {
    raw.prepare("UPDATE patents SET type = '实用新型' WHERE id IN (2, 3)").run();
    raw.prepare('INSERT INTO change_log (patent_id) VALUES (2), (3), (3)').run();
    read = 0;
    expect(store.refresh()).toBe(true);
    expect(read).toBe(3);
    expect(store.typeDict.lookup('实用新型')).toBeDefined();
    expect(store.refresh()).toBe(true);
  });

  it('asks for a full reload after a big import, reading no more than one entry past the most a patch takes', () => {
    raw
      .prepare(
        'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO change_log (patent_id) SELECT i % 10 + 1 FROM n',
      )
      .run(MAX_PATCH_CHANGES * 3);
    read = 0;
    expect(store.refresh()).toBe(false);
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThanOrEqual(MAX_PATCH_CHANGES + 1);
  });
});
