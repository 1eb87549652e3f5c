import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Bitset } from './bitset';
import { MAX_PATCH_CHANGES, SqliteStore } from './sqlite-store';
import { parseExpression } from '../expression';

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

/** The tables a store reads (patents, applicants, the change log), in memory. */
function storeTables(): Database.Database {
  const db = new Database(':memory:');
  db.exec(`
    CREATE TABLE patents (id INTEGER PRIMARY KEY, ad TEXT, pd TEXT, gd TEXT, app_year INTEGER, type TEXT,
      legal_status TEXT, ipc_main TEXT);
    CREATE TABLE patent_applicants (patent_id INTEGER, name TEXT);
    CREATE TABLE search_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, patent_id INTEGER NOT NULL);
  `);
  return db;
}

describe('SqliteStore applicants', () => {
  // Patents whose applicant lists change again and again: each patent's codes in the store, the first and those kept
  // in the pool, name the same applicants as the table, also after the pool has been compacted.
  const db = storeTables();
  const add = db.prepare("INSERT INTO patents VALUES (?, '2024-01-02', '2024-07-01', NULL, 2024, '发明', '审中', NULL)");
  for (let id = 1; id <= 40; id++) add.run(id);
  const store = new SqliteStore(db);
  store.loadSync();
  afterAll(() => db.close());
  const names = (id: number) => {
    const first = store.rec[id * 4 + 2];
    const codes = first < 0 ? [] : [first, ...store.moreApplicantsOf(id)];
    return codes.map((c) => store.applicantDict.values[c]).sort();
  };
  const stored = (id: number) =>
    (db.prepare('SELECT name FROM patent_applicants WHERE patent_id = ?').pluck().all(id) as string[]).sort();

  it('keeps every patent’s applicants through 400 changes', () => {
    let seed = 11;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    const compactions = new Set<Int32Array>();
    for (let round = 0; round < 400; round++) {
      const id = 1 + rand(40);
      db.prepare('DELETE FROM patent_applicants WHERE patent_id = ?').run(id);
      const n = rand(9);
      for (let i = 0; i < n; i++) db.prepare('INSERT INTO patent_applicants VALUES (?, ?)').run(id, `公司${rand(30)}`);
      db.prepare('INSERT INTO search_changes (patent_id) VALUES (?)').run(id);
      expect(store.refresh()).toBe(true);
      compactions.add(store.morePool);
      expect(names(id), `round ${round}`).toEqual(stored(id));
    }
    for (let id = 1; id <= 40; id++) expect(names(id), `patent ${id}`).toEqual(stored(id));
    expect(compactions.size).toBeGreaterThan(1);
    // The facet count over all patents agrees with the table.
    const all = new Bitset(store.live.size);
    store.live.forEach((id) => all.add(id));
    const top = store.facets(all, 100).applicant;
    const want = db
      .prepare('SELECT name AS value, count(*) AS count FROM patent_applicants GROUP BY name ORDER BY count DESC, name')
      .all();
    expect([...top].sort((a, b) => a.value.localeCompare(b.value))).toEqual(
      [...(want as { value: string; count: number }[])].sort((a, b) => a.value.localeCompare(b.value)),
    );
  });
});

describe('SqliteStore.firstByDate', () => {
  // 3,000 patents over 20 years, ids not in date order, every 10th without a publication date.
  const db = storeTables();
  const add = db.prepare("INSERT INTO patents VALUES (?, ?, ?, NULL, 2020, '发明', '审中', 'H01M10/0525')");
  const day = (id: number) => (id * 7919) % 7300;
  const iso = (d: number) => new Date(Date.UTC(2005, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);
  const addPatent = (id: number) => add.run(id, iso(day(id)), id % 10 === 0 ? null : iso(day(id) + (id % 400)));
  for (let id = 1; id <= 3000; id++) addPatent(id);
  const store = new SqliteStore(db);
  store.loadSync();
  afterAll(() => db.close());

  const setOf = (test: (id: number) => boolean) => {
    const b = new Bitset(store.live.size);
    for (let id = 1; id <= 3000; id++) if (test(id)) b.add(id);
    return b;
  };
  const sets: [string, Bitset][] = [
    ['every 3rd', setOf((id) => id % 3 === 0)],
    ['the oldest tenth (a walk from the newest passes the rest first)', setOf((id) => day(id) < 730)],
    ['the newest tenth', setOf((id) => day(id) >= 6570)],
    ['seven patents', setOf((id) => id % 431 === 0)],
    ['none', setOf(() => false)],
  ];
  const sorts = ['date_desc', 'date_asc', 'ad_desc', 'ad_asc'] as const;

  it('gives the same page by walking, by sorting, and when the walk runs out of steps', () => {
    for (const [name, set] of sets)
      for (const sort of sorts)
        for (const k of [1, 20, 80, 500]) {
          const bySort = store.firstByDate(set, sort, k, 0);
          expect(bySort.length, name).toBe(Math.min(k, set.count()));
          for (const steps of [undefined, 50, 400, 1e9])
            expect(store.firstByDate(set, sort, k, steps), `${name} ${sort} ${k} ${steps}`).toEqual(bySort);
        }
  });

  it('patches its date orders when patents change, come and go', () => {
    const all = () => setOf((id) => store.live.has(id));
    store.firstByDate(all(), 'date_desc', 10, 1e9);
    store.firstByDate(all(), 'ad_asc', 10, 1e9);
    db.prepare("UPDATE patents SET pd = '2030-01-01', ad = '2001-01-01' WHERE id IN (5, 6)").run();
    db.prepare('UPDATE patents SET pd = NULL WHERE id = 7').run();
    db.prepare("UPDATE patents SET pd = '2012-03-04' WHERE id = 20").run();
    db.prepare('DELETE FROM patents WHERE id IN (8, 9)').run();
    db.prepare("INSERT INTO patents VALUES (2999 + 2, '2015-05-05', '2016-06-06', NULL, 2015, '发明', '审中', NULL)").run();
    db.prepare('INSERT INTO search_changes (patent_id) VALUES (5), (6), (7), (20), (8), (9), (3001)').run();
    expect(store.refresh()).toBe(true);
    expect(store.live.has(8)).toBe(false);
    expect(store.live.has(3001)).toBe(true);
    const set = new Bitset(store.live.size);
    store.live.forEach((id) => set.add(id));
    for (const sort of sorts) {
      const bySort = store.firstByDate(set, sort, 3000, 0);
      expect(store.firstByDate(set, sort, 3000, 1e9), sort).toEqual(bySort);
    }
    expect(store.firstByDate(set, 'date_desc', 2, 1e9)).toEqual([6, 5]);
    expect(store.firstByDate(set, 'ad_asc', 2, 1e9)).toEqual([5, 6]);
    // Back as they were, for the next test.
    db.prepare('DELETE FROM patents WHERE id IN (3001, 5, 6, 7, 20)').run();
    for (const id of [5, 6, 7, 8, 9, 20]) addPatent(id);
    db.prepare('INSERT INTO search_changes (patent_id) VALUES (3001), (5), (6), (7), (20), (8), (9)').run();
    expect(store.refresh()).toBe(true);
  });

  it('puts the newest first, patents without the date last, ties by id', () => {
    const page = store.firstByDate(
      setOf(() => true),
      'date_desc',
      3000,
      1e9,
    );
    const pd = (id: number) => (id % 10 === 0 ? -1 : day(id) + (id % 400));
    const want = Array.from({ length: 3000 }, (_, i) => i + 1).sort((a, b) => pd(b) - pd(a) || b - a);
    expect(page).toEqual(want);
  });
});

describe('SqliteStore.titleAmong', () => {
  // A relevance page checks its first candidates against the title by id; the next page and the same search again
  // check the same ones first. Each is looked up once per title query, until the data changes.
  const db = storeTables();
  db.exec("CREATE VIRTUAL TABLE patents_ti USING fts5(ti, content='', contentless_delete=1, tokenize='ascii', detail=full)");
  const add = db.prepare("INSERT INTO patents VALUES (?, '2024-01-02', '2024-07-01', NULL, 2024, '发明', '审中', NULL)");
  const title = db.prepare('INSERT INTO patents_ti (rowid, ti) VALUES (?, ?)');
  for (let id = 1; id <= 10; id++) {
    add.run(id);
    title.run(id, id % 2 ? '一种 种电 电池 池装 装置' : '一种 种电 电机');
  }
  const store = new SqliteStore(db);
  store.loadSync();
  afterAll(() => db.close());
  const q = '(ti : "电池")';
  const among = (ids: number[]) => [...store.titleAmong(ids, q)].sort((a, b) => a - b);

  it('looks up each candidate once, and again after a change', () => {
    expect(among([1, 2, 3, 4])).toEqual([1, 3]);
    expect(store.titleSeeks).toBe(4);
    expect(among([1, 2, 3, 4, 5, 6])).toEqual([1, 3, 5]);
    expect(store.titleSeeks).toBe(6);
    expect(among([4, 3, 2, 1])).toEqual([1, 3]);
    expect(store.titleSeeks).toBe(6);
    // Another title query has its own.
    expect([...store.titleAmong([1, 2], '(ti : "电机")')]).toEqual([2]);
    expect(store.titleSeeks).toBe(8);
    // Patent 2's title changes (with its change-log entry, as every write makes one).
    db.prepare('DELETE FROM patents_ti WHERE rowid = 2').run();
    title.run(2, '电池');
    db.prepare('INSERT INTO search_changes (patent_id) VALUES (2)').run();
    expect(store.refresh()).toBe(true);
    expect(among([1, 2, 3, 4])).toEqual([1, 2, 3]);
    expect(store.titleSeeks).toBe(12);
  });
});

describe('SqliteStore AND of an IPC code and a date within candidates', () => {
  // 1,000 patents under H01M10, one in ten filed in 2024. Within 600 candidates (a text condition's), the date goes
  // first and leaves 60: few enough to look up by patent, so the code's whole range is not read.
  const db = storeTables();
  db.exec('CREATE TABLE patent_ipc (patent_id INTEGER, code TEXT, is_main INTEGER)');
  const add = db.prepare("INSERT INTO patents VALUES (?, ?, '2024-07-01', NULL, 2024, '发明', '审中', 'H01M10/0525')");
  const code = db.prepare("INSERT INTO patent_ipc VALUES (?, 'H01M10/0525', 1)");
  for (let id = 1; id <= 1000; id++) {
    add.run(id, id % 10 === 0 ? '2024-03-01' : '2019-03-01');
    code.run(id);
  }
  const store = new SqliteStore(db);
  store.loadSync();
  afterAll(() => db.close());
  const ast = parseExpression('IPC=H01M AND AD>=2024');

  it('filters by the date first and looks the rest up by patent', () => {
    const cand = new Bitset(store.live.size);
    for (let id = 1; id <= 600; id++) cand.add(id);
    const got = store.evaluate(ast, cand);
    expect(Array.from(got.toArray())).toEqual(Array.from({ length: 60 }, (_, i) => (i + 1) * 10));
    expect(store.ipcRangeReads).toBe(0);
    // Without candidates the code comes first, read whole once (and kept).
    expect(store.evaluate(ast).count()).toBe(100);
    expect(store.ipcRangeReads).toBe(1);
  });
});
