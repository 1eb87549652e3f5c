// Groonga as the resolver of PostgreSQL's phrase conditions (issue 15, ADR 0086). At a million patents a text
// condition of two or more tokens (a CJK term of three or more characters, a phrase of several words) costs
// PostgreSQL hundreds of milliseconds: its GIN index has no positions, so every candidate's tsvector is read back
// (TOAST) to check them (ADR 0085). Groonga keeps positions in its index and answers the same ids in tens.
//
// What Groonga holds: per patent (its id as the key), the app's own main-stream tokens (search/tokenise.ts, the
// tokens PostgreSQL's tsvectors hold) of 名称 / 摘要 / 权利要求, space-separated, indexed by TokenDelimit with
// positions. A condition's phrase tokens (termMatch) are then a Groonga phrase query: the same ids as PostgreSQL's
// tsquery `a <-> b <-> c`, with no dictionary, normaliser or stemming of Groonga's own.
//
// Freshness (exact, never lagging the database): the index is consistent with one PostgreSQL snapshot. Patents
// changed since then (the `search_changes` log, migration 052: rows that snapshot could not see) are masked out of
// Groonga's answer and answered by PostgreSQL for those patents only; a catch-up in the background loads them into
// Groonga and moves the snapshot. When the log was pruned past that snapshot, or too much changed, the index is
// rebuilt while PostgreSQL answers alone. Each app server runs its own Groonga (a child process, HTTP on a loopback
// port), as each keeps its own in-memory columns (pg-store.ts): nothing to coordinate between servers.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../../db/schema';
import type { NearNode, TermNode } from '../expression/ast';
import { textLeafIds } from './compile-pg';
import { termMatch } from './text-query';
import { indexStreams } from '../tokenise';

/** The fields Groonga holds (patents' columns) and the text conditions it can answer (their field codes). */
const COLUMNS = { ti: 'title', ab: 'abstract', cl: 'claims' } as const;
const FIELDS: Partial<Record<TermNode['field'], string>> = { TI: 'ti', AB: 'ab', CL: 'cl', TX: 'ti||ab||cl' };
/** Patents per load request while building or catching up. */
const LOAD_CHUNK = 2000;
/** More changed patents than this since the index's snapshot: PostgreSQL answers alone until the catch-up ends. */
export const MASK_MAX = 5000;
/** More than this to catch up: a rebuild instead (Groonga builds a fresh index faster than it updates one). */
const REBUILD_CHANGES = 200_000;

export interface GroongaOptions {
  /** Where the Groonga databases go (each build a fresh subfolder; older ones are removed). */
  dir: string;
  /** The groonga executable (default: `groonga` on PATH). */
  bin?: string;
}

/** A Groonga server (`groonga -s --protocol http`) on a free loopback port, its database in `dbDir`. */
export class GroongaServer {
  private constructor(
    private child: ChildProcess,
    readonly port: number,
  ) {}

  static async start(dbDir: string, bin = 'groonga'): Promise<GroongaServer> {
    fs.mkdirSync(dbDir, { recursive: true });
    const db = path.join(dbDir, 'db');
    let lastErr: unknown = null;
    for (let attempt = 0; attempt < 5; attempt++) {
      const port = await freePort();
      const args = [
        '-s',
        '--protocol',
        'http',
        '--bind-address',
        '127.0.0.1',
        '--port',
        String(port),
        '--log-path',
        path.join(dbDir, 'groonga.log'),
      ];
      if (!fs.existsSync(db)) args.push('-n');
      args.push(db);
      const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let exited = false;
      let stderr = '';
      child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
      child.on('exit', () => (exited = true));
      child.on('error', (err) => {
        exited = true;
        lastErr = err;
      });
      const server = new GroongaServer(child, port);
      for (let wait = 10; !exited && wait < 20_000; wait *= 1.5) {
        try {
          await server.command('status');
          return server;
        } catch {
          await new Promise((ok) => setTimeout(ok, wait));
        }
      }
      server.stop();
      lastErr ??= new Error(`groonga 未能启动：${stderr.trim() || '无输出'}`);
      if (!exited) break;
    }
    throw lastErr instanceof Error ? lastErr : new Error(String(lastErr));
  }

  /** Runs a command; resolves with its body, rejects with Groonga's message. */
  async command(name: string, params: Record<string, string> = {}, body?: string): Promise<unknown> {
    const url = `http://127.0.0.1:${this.port}/d/${name}?${new URLSearchParams(params)}`;
    const res = await fetch(
      url,
      body === undefined ? {} : { method: 'POST', body, headers: { 'content-type': 'application/json' } },
    );
    const reply = (await res.json()) as [[number, number, number, string?], unknown];
    if (reply[0][0] !== 0) throw new Error(`groonga ${name}: ${reply[0][3] ?? reply[0][0]}`);
    return reply[1];
  }

  stop(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
  }

  /** Resolves when the process has ended. */
  exited(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((ok) => this.child.once('exit', () => ok()));
  }
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = net.createServer();
    s.unref();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => ok(port));
    });
  });
}

/** The phrase tokens and Groonga columns of a condition Groonga answers, or null (PostgreSQL answers it). */
export function groongaPhrase(node: TermNode | NearNode): { columns: string; query: string } | null {
  if (node.type !== 'term') return null;
  const columns = FIELDS[node.field];
  if (!columns) return null;
  const m = termMatch(node);
  // One token: GIN answers it without a recheck (ADR 0085). A prefix (`*`, or a term ending in one CJK character
  // after a word) is a tsquery prefix, which a Groonga phrase cannot express.
  if (m.kind !== 'phrase' || m.prefix || m.tokens.length < 2) return null;
  const quoted = m.tokens.map((t) => t.replace(/["\\]/g, (c) => `\\${c}`)).join(' ');
  return { columns, query: `"${quoted}"` };
}

/** The patents changed since a snapshot, as Groonga's answer needs them. */
export interface GroongaView {
  /** Changed since the index's snapshot (answered by PostgreSQL), sorted. */
  changed: number[];
}

type State = 'off' | 'building' | 'ready' | 'failed';

/** One app server's Groonga index of the PostgreSQL database behind `pool` (see the top of this file). */
export class GroongaIndex {
  private server: GroongaServer | null = null;
  private state: State = 'off';
  private snapshot = '';
  private building: Promise<void> | null = null;
  private catching: Promise<void> | null = null;
  private closed = false;
  /** Figures (logs, tests, benchmarks). */
  readonly stats = { builds: 0, catchUps: 0, loaded: 0, answered: 0, lastError: '' };

  constructor(
    private db: Kysely<Database>,
    private pool: pg.Pool,
    private opts: GroongaOptions,
  ) {}

  get ready(): boolean {
    return this.state === 'ready';
  }

  private async rows(text: string, values: unknown[] = []): Promise<unknown[][]> {
    return (await this.pool.query({ text, values, rowMode: 'array' })).rows as unknown[][];
  }

  /** Builds the index in the background (once); resolves when it is built. */
  start(): Promise<void> {
    if (!this.building) {
      this.state = 'building';
      this.building = this.build()
        .then(() => {
          if (!this.closed) this.state = 'ready';
        })
        .catch((err: unknown) => {
          this.state = 'failed';
          this.stats.lastError = err instanceof Error ? err.message : String(err);
          throw err;
        })
        .finally(() => {
          this.building = null;
        });
    }
    return this.building;
  }

  /** A fresh database: every patent's tokens loaded, then the positional index built over them (faster than online). */
  private async build(): Promise<void> {
    const dir = path.join(this.opts.dir, `db-${Date.now()}-${process.pid}`);
    const server = await GroongaServer.start(dir, this.opts.bin);
    try {
      const [[snap]] = await this.rows('SELECT pg_current_snapshot()::text');
      await server.command('table_create', { name: 'Patents', flags: 'TABLE_HASH_KEY', key_type: 'UInt32' });
      for (const c of Object.keys(COLUMNS)) {
        await server.command('column_create', { table: 'Patents', name: c, flags: 'COLUMN_SCALAR', type: 'LongText' });
      }
      for (let after = 0; !this.closed;) {
        const rows = await this.rows(
          `SELECT id, ${Object.values(COLUMNS).join(', ')} FROM patents WHERE id > $1 ORDER BY id LIMIT ${LOAD_CHUNK}`,
          [after],
        );
        if (!rows.length) break;
        await this.loadRows(server, rows);
        after = rows[rows.length - 1][0] as number;
      }
      await server.command('table_create', {
        name: 'Terms',
        flags: 'TABLE_PAT_KEY',
        key_type: 'ShortText',
        default_tokenizer: 'TokenDelimit',
      });
      await server.command('column_create', {
        table: 'Terms',
        name: 'idx',
        flags: 'COLUMN_INDEX|WITH_POSITION|WITH_SECTION',
        type: 'Patents',
        source: Object.keys(COLUMNS).join(','),
      });
      if (this.closed) throw new Error('closed');
      const old = this.server;
      this.server = server;
      this.snapshot = snap as string;
      this.stats.builds++;
      if (old) void this.retire(old);
      this.removeOthers(dir);
    } catch (err) {
      server.stop();
      await server.exited();
      fs.rmSync(dir, { recursive: true, force: true });
      throw err;
    }
  }

  private async retire(server: GroongaServer): Promise<void> {
    server.stop();
    await server.exited();
  }

  /** Removes the databases of earlier builds (and of earlier runs of the server). */
  private removeOthers(keep: string): void {
    for (const name of fs.existsSync(this.opts.dir) ? fs.readdirSync(this.opts.dir) : []) {
      const p = path.join(this.opts.dir, name);
      if (p !== keep && name.startsWith('db-')) fs.rmSync(p, { recursive: true, force: true });
    }
  }

  /** Loads [id, title, abstract, claims] rows (replacing what Groonga holds for those ids). */
  private async loadRows(server: GroongaServer, rows: unknown[][]): Promise<void> {
    const values = rows.map(([id, ...texts]) => {
      const rec: Record<string, unknown> = { _key: id };
      Object.keys(COLUMNS).forEach((c, i) => (rec[c] = indexStreams((texts[i] as string | null) ?? '').main.join(' ')));
      return rec;
    });
    await server.command('load', { table: 'Patents' }, JSON.stringify(values));
    this.stats.loaded += rows.length;
    // Tokenising is synchronous: let requests in between chunks.
    await new Promise((ok) => setImmediate(ok));
  }

  /**
   * The patents changed since the index's snapshot, or null when Groonga cannot answer now (not built, the log
   * pruned past its snapshot, or more than MASK_MAX changed): the caller asks PostgreSQL. Starts a catch-up when
   * something changed.
   */
  async view(): Promise<GroongaView | null> {
    if (this.state !== 'ready' || this.closed) return null;
    const snapshot = this.snapshot;
    const [[gap, ids]] = await this.rows(
      `SELECT coalesce((SELECT below > pg_snapshot_xmin(CAST($1 AS pg_snapshot)) FROM search_changes_pruned WHERE id = 1), false),
        ARRAY(SELECT DISTINCT patent_id FROM (SELECT patent_id FROM search_changes
          WHERE xid >= pg_snapshot_xmin(CAST($1 AS pg_snapshot)) AND NOT pg_visible_in_snapshot(xid, CAST($1 AS pg_snapshot))
          LIMIT $2) c)`,
      [snapshot, REBUILD_CHANGES + 1],
    );
    const changed = (ids as number[]).sort((a, b) => a - b);
    if (gap || changed.length > REBUILD_CHANGES) {
      this.rebuild();
      return null;
    }
    if (changed.length) this.catchUp();
    if (changed.length > MASK_MAX) return null;
    return { changed };
  }

  /** The ids of the patents a condition matches (any order), or null when Groonga does not answer it. */
  async leafIds(node: TermNode | NearNode, view: GroongaView): Promise<number[] | null> {
    const phrase = groongaPhrase(node);
    const server = this.server;
    if (!phrase || !server || this.state !== 'ready') return null;
    const [fromGroonga, fromPg] = await Promise.all([
      server.command('select', {
        table: 'Patents',
        match_columns: phrase.columns,
        query: phrase.query,
        output_columns: '_key',
        limit: '-1',
        cache: 'no',
      }),
      view.changed.length ? this.changedMatching(node, view.changed) : Promise.resolve([]),
    ]);
    // [[[total], [["_key", "UInt32"]], [id], [id], …]]
    const rows = (fromGroonga as unknown[][])[0] as [number][];
    const ids: number[] = [];
    const changed = view.changed;
    for (let i = 2; i < rows.length; i++) {
      const id = rows[i][0];
      if (!changed.length || !binaryHas(changed, id)) ids.push(id);
    }
    for (const id of fromPg) ids.push(id);
    this.stats.answered++;
    return ids;
  }

  /** Which of the changed patents match the condition, by PostgreSQL (the same statement as its own answer). */
  private async changedMatching(node: TermNode | NearNode, changed: number[]): Promise<number[]> {
    const r = await sql<{ id: number }>`SELECT x.patent_id AS id FROM (${textLeafIds(node, changed)!}) x`.execute(this.db);
    return r.rows.map((row) => Number(row.id));
  }

  /** Loads the changed patents into Groonga and moves the snapshot (in the background, one at a time). */
  catchUp(): Promise<void> {
    if (!this.catching && this.state === 'ready') {
      this.catching = this.runCatchUp()
        .catch((err: unknown) => {
          this.stats.lastError = err instanceof Error ? err.message : String(err);
        })
        .finally(() => {
          this.catching = null;
        });
    }
    return this.catching ?? Promise.resolve();
  }

  private async runCatchUp(): Promise<void> {
    const server = this.server!;
    // The new snapshot first: whatever commits after it stays masked until the next catch-up.
    const [[snap, ids]] = await this.rows(
      `SELECT pg_current_snapshot()::text, ARRAY(SELECT DISTINCT patent_id FROM search_changes
          WHERE xid >= pg_snapshot_xmin(CAST($1 AS pg_snapshot)) AND NOT pg_visible_in_snapshot(xid, CAST($1 AS pg_snapshot)))`,
      [this.snapshot],
    );
    const changed = ids as number[];
    for (let i = 0; i < changed.length && !this.closed; i += LOAD_CHUNK) {
      const chunk = changed.slice(i, i + LOAD_CHUNK);
      const rows = await this.rows(`SELECT id, ${Object.values(COLUMNS).join(', ')} FROM patents WHERE id = ANY($1)`, [chunk]);
      if (rows.length) await this.loadRows(server, rows);
      const present = new Set(rows.map((r) => r[0] as number));
      const gone = chunk.filter((id) => !present.has(id));
      if (gone.length) await server.command('delete', { table: 'Patents', filter: `in_values(_key, ${gone.join(', ')})` });
    }
    if (this.closed || this.server !== server) return;
    this.snapshot = snap as string;
    this.stats.catchUps++;
  }

  /** A full rebuild in the background; PostgreSQL answers alone meanwhile. */
  private rebuild(): void {
    if (this.building || this.closed) return;
    this.state = 'building';
    this.start().catch(() => {});
  }

  /** Waits for a running catch-up (tests, benchmarks). */
  async settled(): Promise<void> {
    while (this.catching || this.building) await (this.catching ?? this.building)!.catch(() => {});
  }

  /** Stops the Groonga server (its database stays on disk until the next build removes it). */
  async close(): Promise<void> {
    this.closed = true;
    this.state = 'off';
    await this.building?.catch(() => {});
    const server = this.server;
    this.server = null;
    if (server) await this.retire(server);
  }
}

function binaryHas(sorted: readonly number[], id: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === id) return true;
    if (sorted[mid] < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

const indexes = new WeakMap<pg.Pool, GroongaIndex>();

/** The Groonga index the searches on this pool use (main.ts sets it when SEARCH_GROONGA=on). */
export function groongaOf(pool: pg.Pool): GroongaIndex | undefined {
  return indexes.get(pool);
}

/** Starts a Groonga index for this pool's searches (built in the background); null detaches it. */
export function useGroonga(pool: pg.Pool, index: GroongaIndex | null): void {
  if (index) indexes.set(pool, index);
  else indexes.delete(pool);
}
