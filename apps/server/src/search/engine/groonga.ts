// Groonga as the resolver of PostgreSQL's phrase conditions (issue 15, ADR 0086). At a million patents a text
// condition of two or more tokens (a CJK term of three or more characters, a phrase of several words) costs
// PostgreSQL hundreds of milliseconds: its GIN index has no positions, so every candidate's tsvector is read back
// (TOAST) to check them (ADR 0085). Groonga keeps positions in its index and answers the same ids in tens. A
// one-token condition is Groonga's too (GIN reads every match's heap block), and so are a relevance page's scores
// (tier 1) and its title tier (pg-store.ts titleSet).
//
// What Groonga holds: per patent (its id as the key), the app's own main-stream tokens (search/tokenise.ts, the
// tokens PostgreSQL's tsvectors hold) of 名称 / 摘要 / 权利要求, space-separated, indexed by TokenDelimit with
// positions. A condition's phrase tokens (termMatch) are then a Groonga phrase query: the same ids as PostgreSQL's
// tsquery `a <-> b <-> c`, with no dictionary, normaliser or stemming of Groonga's own.
//
// Common tokens (ADR 0087): a phrase with a token in most patents (特征 of 其特征在于: 87 % of them) cost Groonga the
// whole of that token's posting list, 60–140 ms at a million patents. Each build picks the bigrams in at least
// COMMON_SHARE of a sample of patents (`common.json` beside its database), and writes each of their occurrences as
// two tokens naming its neighbours, `prev<tok` and `tok>next` (`^` and `$` at a field's ends). A phrase's common
// token becomes the part or parts that keep the phrase's own neighbours, so adjacency is what it was, and the query
// reads rare lists only; a one-token condition of a common token is the prefix `tok>*`.
//
// Freshness (exact, never lagging the database): the index is consistent with one PostgreSQL snapshot. Patents
// changed since then (the `search_changes` log, migration 052: rows that snapshot could not see) are masked out of
// Groonga's answer and answered by PostgreSQL for those patents only; a catch-up in the background loads them into
// Groonga and moves the snapshot. When the log was pruned past that snapshot, or too much changed, the index is
// rebuilt while PostgreSQL answers alone. Each app server runs its own Groonga (a child process, HTTP on a loopback
// port), as each keeps its own in-memory columns (pg-store.ts): nothing to coordinate between servers.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../../db/schema';
import type { NearNode, TermNode } from '../expression/ast';
import { PG_RANK_WEIGHTS, textLeafIds } from './compile-pg';
import { FIELD_COLUMNS, termMatch } from './text-query';
import { indexStreams } from '../tokenise';
import { isBigram } from './postings';

/** The fields Groonga holds (patents' columns) and the text conditions it can answer (their field codes). */
const COLUMNS = { ti: 'title', ab: 'abstract', cl: 'claims' } as const;
const FIELDS: Partial<Record<TermNode['field'], string>> = { TI: 'ti', AB: 'ab', CL: 'cl', TX: 'ti||ab||cl' };
/** Patents per load request while building or catching up. */
const LOAD_CHUNK = 2000;
/** More changed patents than this since the index's snapshot: PostgreSQL answers alone until the catch-up ends. */
export const MASK_MAX = 5000;
/** Beside the databases: the one a clean close left, and its snapshot (reopen). */
const SAVED = 'current.json';
/** In each database's folder: its common tokens (see the top of this file). */
const COMMON_FILE = 'common.json';
/** A bigram in at least this share of the sampled patents' 名称/摘要/权利要求 is common. */
export const COMMON_SHARE = 0.25;
/** Patents sampled (spread over the ids) to find the common tokens. */
const COMMON_SAMPLE = 2000;
/** After a failure, the first rebuild is tried this much later; each further failure doubles it, up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 60_000;
const RETRY_MAX_MS = 3_600_000;
/** More than this to catch up: a rebuild instead (Groonga builds a fresh index faster than it updates one). */
const REBUILD_CHANGES = 200_000;

export interface GroongaOptions {
  /** Where the Groonga databases go (each build a fresh subfolder; older ones are removed). */
  dir: string;
  /** The groonga executable (default: `groonga` on PATH). */
  bin?: string;
  /** After a failure, the first rebuild waits this long (default RETRY_FIRST_MS; tests 0). */
  retryMs?: number;
}

/** A Groonga server (`groonga -s --protocol http`) on a free loopback port, its database in `dbDir`. */
export class GroongaServer {
  /** The common tokens its database was written with (see the top of this file). */
  common: ReadonlySet<string> = new Set();

  private constructor(
    private child: ChildProcess,
    readonly port: number,
    /** Its database's folder. */
    readonly dir: string,
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
      running.add(child);
      child.once('exit', () => running.delete(child));
      let exited = false;
      let stderr = '';
      child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
      child.on('exit', () => (exited = true));
      child.on('error', (err) => {
        exited = true;
        lastErr = err;
      });
      const server = new GroongaServer(child, port, dbDir);
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

  /** Runs a command; resolves with its body, rejects with Groonga's message or after `timeoutMs`. */
  async command(name: string, params: Record<string, string> = {}, body?: string, timeoutMs = 30_000): Promise<unknown> {
    const reply = JSON.parse(await this.send(name, params, body, timeoutMs)) as [[number, number, number, string?], unknown];
    if (reply[0][0] !== 0) throw new Error(`groonga ${name}: ${reply[0][3] ?? reply[0][0]}`);
    return reply[1];
  }

  /**
   * A `select` of the keys alone: the ids read straight from the reply's text, which after the column header holds
   * nothing but them (`…[["_key","UInt32"]],[13],[15],…`). JSON.parse of 231,778 ids took 130–157 ms, this 26–33.
   */
  async selectKeys(params: Record<string, string>, timeoutMs = 30_000): Promise<number[]> {
    const text = await this.send('select', { ...params, output_columns: '_key' }, undefined, timeoutMs);
    const at = text.startsWith('[[0,') ? text.indexOf(KEYS_HEADER) : -1;
    if (at < 0) {
      const reply = JSON.parse(text) as [[number, number, number, string?]];
      throw new Error(`groonga select: ${reply[0][3] ?? reply[0][0]}`);
    }
    const ids: number[] = [];
    let n = -1;
    for (let i = at + KEYS_HEADER.length; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 48 && c <= 57) n = n < 0 ? c - 48 : n * 10 + c - 48;
      else if (n >= 0) {
        ids.push(n);
        n = -1;
      }
    }
    return ids;
  }

  /**
   * One HTTP request to the server, its reply's text. node:http rather than fetch: fetch (undici) gives up on a reply
   * whose headers take more than 300 s whatever the signal allows, and building the index of 3.1M patents
   * (`column_create` of Terms.idx) takes longer (ADR 0088), so the build failed there every time.
   */
  private send(name: string, params: Record<string, string>, body: string | undefined, timeoutMs: number): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          path: `/d/${name}?${new URLSearchParams(params)}`,
          method: body === undefined ? 'GET' : 'POST',
          headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            clearTimeout(timer);
            resolve(Buffer.concat(chunks).toString('utf8'));
          });
          res.on('error', fail);
        },
      );
      const fail = (err: Error) => {
        clearTimeout(timer);
        reject(err);
      };
      const timer = setTimeout(() => req.destroy(new Error(`groonga ${name}: ${timeoutMs} ms 内没有答复`)), timeoutMs);
      req.on('error', fail);
      req.end(body);
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The process's resident memory in bytes (0 when unknown). */
  rss(): number {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${this.child.pid}/status`, 'utf8'));
      return m ? Number(m[1]) * 1024 : 0;
    } catch {
      return 0;
    }
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

/** Live Groonga children: ended with this process, however it ends (a crashed test run leaves none behind). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

/** In a `select` reply of `_key` alone, what precedes the ids. */
const KEYS_HEADER = '[["_key","UInt32"]]';

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

/**
 * The Groonga query of a condition Groonga answers, or null (PostgreSQL answers it): its phrase tokens (one token
 * too: GIN needs no recheck for it, but reads every matching row's heap block, a second for 230,000 patents from a
 * cold cache, ADR 0086), and its columns (weighted by PG_RANK_WEIGHTS when `weighted`, for scores). A prefix (`*`,
 * or a term ending in one CJK character after a word) is a tsquery prefix, which a Groonga phrase cannot express;
 * a single CJK character (a unigram) and NEAR are PostgreSQL's too.
 */
export function groongaPhrase(
  node: TermNode | NearNode,
  { weighted = false, title = false } = {},
): { columns: string; tokens: readonly string[] } | null {
  if (node.type !== 'term') return null;
  const columns = FIELDS[node.field];
  if (!columns || (title && !FIELD_COLUMNS[node.field].includes('ti'))) return null;
  const m = termMatch(node);
  if (m.kind !== 'phrase' || m.prefix || !m.tokens.length) return null;
  const cols = title
    ? 'ti'
    : weighted
      ? FIELD_COLUMNS[node.field].map((c) => `${c} * ${PG_RANK_WEIGHTS[c]}`).join(' || ')
      : columns;
  return { columns: cols, tokens: m.tokens };
}

/**
 * The Groonga query of a phrase's tokens over a database written with `common` (commonStream): each common token
 * replaced by its part(s) that keep the phrase's own neighbours (`a<tok` after a, `tok>b` before b). A phrase of one
 * common token is the prefix `tok>*`: every occurrence has exactly one such part (结构, 589,721 patents: 108 ms of
 * Groonga's time, against 310 for the token itself before).
 */
export function groongaQuery(tokens: readonly string[], common: ReadonlySet<string>): string {
  if (tokens.length === 1 && common.has(tokens[0])) return `${tokens[0]}>*`;
  const out: string[] = [];
  tokens.forEach((t, i) => {
    if (!common.has(t)) out.push(t);
    else {
      if (i > 0) out.push(`${tokens[i - 1]}<${t}`);
      if (i < tokens.length - 1) out.push(`${t}>${tokens[i + 1]}`);
    }
  });
  return `"${out.map((t) => t.replace(/["\\]/g, (c) => `\\${c}`)).join(' ')}"`;
}

/**
 * A field's main-stream tokens as Groonga holds them: each common token written as `prev<tok tok>next` (`^` and `$`
 * at the ends), every other token as it is.
 */
export function commonStream(main: readonly string[], common: ReadonlySet<string>): string[] {
  if (!common.size) return main as string[];
  const out: string[] = [];
  main.forEach((t, i) => {
    if (!common.has(t)) out.push(t);
    else out.push(`${i > 0 ? main[i - 1] : '^'}<${t}`, `${t}>${i < main.length - 1 ? main[i + 1] : '$'}`);
  });
  return out;
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
  private retryAt = 0;
  private retryAfterMs = 0;
  /** Figures (logs, tests, benchmarks). */
  readonly stats = { builds: 0, reopened: 0, catchUps: 0, loaded: 0, answered: 0, lastError: '' };
  private triedReopen = false;

  constructor(
    private db: Kysely<Database>,
    private pool: pg.Pool,
    private opts: GroongaOptions,
  ) {}

  /** The Groonga server's process id (tests), or null. */
  get pid(): number | null {
    return this.server?.pid ?? null;
  }

  /** The Groonga server's resident memory in bytes (benchmarks). */
  rss(): number {
    return this.server?.rss() ?? 0;
  }

  /** The common tokens of the database it answers from (see the top of this file; tests, figures). */
  get common(): ReadonlySet<string> {
    return this.server?.common ?? new Set();
  }

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
      const reopen = this.triedReopen ? Promise.resolve(false) : this.reopen();
      this.triedReopen = true;
      this.building = reopen
        .then((reopened) => (reopened ? undefined : this.build()))
        .then(() => {
          if (!this.closed) this.state = 'ready';
          this.retryAfterMs = 0;
        })
        .catch((err: unknown) => {
          this.fail(err);
          throw err;
        })
        .finally(() => {
          this.building = null;
        });
    }
    return this.building;
  }

  /**
   * The database a clean close left (SAVED names it and its snapshot), when the change log still holds every change
   * since that snapshot: no rebuild at a restart; the next search masks and catches up what changed meanwhile. The
   * file is removed first, so that a crash from then on (a database possibly half-written) means a rebuild.
   */
  private async reopen(): Promise<boolean> {
    const file = path.join(this.opts.dir, SAVED);
    let saved: { dir?: unknown; snapshot?: unknown };
    try {
      saved = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof saved;
    } catch {
      return false;
    }
    fs.rmSync(file, { force: true });
    const dir = typeof saved.dir === 'string' ? path.join(this.opts.dir, path.basename(saved.dir)) : '';
    if (!dir || typeof saved.snapshot !== 'string' || !fs.existsSync(path.join(dir, 'db'))) return false;
    let common: Set<string>;
    try {
      const list = JSON.parse(fs.readFileSync(path.join(dir, COMMON_FILE), 'utf8')) as unknown;
      if (!Array.isArray(list) || list.some((t) => typeof t !== 'string')) return false;
      common = new Set(list as string[]);
    } catch {
      // A database of before ADR 0087 (no common tokens): rebuilt.
      return false;
    }
    try {
      const [[gap]] = await this.rows(
        'SELECT coalesce((SELECT below > pg_snapshot_xmin(CAST($1 AS pg_snapshot)) FROM search_changes_pruned WHERE id = 1), false)',
        [saved.snapshot],
      );
      if (gap) return false;
      const server = await GroongaServer.start(dir, this.opts.bin);
      server.common = common;
      await server.command('select', { table: 'Patents', limit: '0' });
      this.server = server;
    } catch {
      return false;
    }
    this.snapshot = saved.snapshot;
    this.stats.reopened++;
    this.removeOthers(dir);
    return true;
  }

  /** A fresh database: every patent's tokens loaded, then the positional index built over them (faster than online). */
  private async build(): Promise<void> {
    const dir = path.join(this.opts.dir, `db-${Date.now()}-${process.pid}`);
    const server = await GroongaServer.start(dir, this.opts.bin);
    try {
      const [[snap]] = await this.rows('SELECT pg_current_snapshot()::text');
      server.common = await this.commonTokens();
      fs.writeFileSync(path.join(dir, COMMON_FILE), `${JSON.stringify([...server.common])}\n`);
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
      await server.command(
        'column_create',
        {
          table: 'Terms',
          name: 'idx',
          flags: 'COLUMN_INDEX|WITH_POSITION|WITH_SECTION',
          type: 'Patents',
          source: Object.keys(COLUMNS).join(','),
        },
        undefined,
        3_600_000,
      );
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

  /** The bigrams in at least COMMON_SHARE of COMMON_SAMPLE patents spread over the ids (none below 100 patents). */
  private async commonTokens(): Promise<Set<string>> {
    const [[maxId]] = await this.rows('SELECT coalesce(max(id), 0) FROM patents');
    const step = Math.max(1, Math.floor((maxId as number) / COMMON_SAMPLE));
    const rows = await this.rows(
      `SELECT ${Object.values(COLUMNS).join(', ')} FROM patents WHERE id = ANY(ARRAY(SELECT generate_series(1, $1::int, $2::int)))`,
      [maxId, step],
    );
    const df = new Map<string, number>();
    for (const texts of rows) {
      const seen = new Set<string>();
      for (const t of texts) for (const tok of indexStreams((t as string | null) ?? '').main) if (isBigram(tok)) seen.add(tok);
      for (const tok of seen) df.set(tok, (df.get(tok) ?? 0) + 1);
    }
    if (rows.length < 100) return new Set();
    return new Set([...df].filter(([, n]) => n >= COMMON_SHARE * rows.length).map(([t]) => t));
  }

  /** Shuts a server down (Groonga's `shutdown`: its files flushed), or ends it; true when it shut down cleanly. */
  private async retire(server: GroongaServer): Promise<boolean> {
    let clean = false;
    try {
      await server.command('shutdown', {}, undefined, 10_000);
      clean = await Promise.race([
        server.exited().then(() => true),
        new Promise<boolean>((ok) => setTimeout(() => ok(false), 10_000).unref()),
      ]);
    } catch {
      clean = false;
    }
    server.stop();
    await server.exited();
    return clean;
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
      Object.keys(COLUMNS).forEach(
        (c, i) => (rec[c] = commonStream(indexStreams((texts[i] as string | null) ?? '').main, server.common).join(' ')),
      );
      return rec;
    });
    await server.command('load', { table: 'Patents' }, JSON.stringify(values), 300_000);
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
    if (this.state === 'failed' && Date.now() >= this.retryAt) this.rebuild();
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
    const server = this.server;
    const phrase = server && queryOf(node, server);
    if (!phrase || !server || this.state !== 'ready') return null;
    const [ids, fromPg] = await Promise.all([
      this.select(server, phrase, view),
      view.changed.length ? this.changedMatching(node, view.changed) : Promise.resolve([]),
    ]);
    if (ids === null) return null;
    for (const id of fromPg) ids.push(id);
    this.stats.answered++;
    return ids;
  }

  /**
   * The patents whose title matches one of the conditions (a relevance page's title tier, compile-pg.ts
   * pgTitleCondition), the changed ones left out (the caller asks PostgreSQL for those), any order with repeats; null
   * when a condition is not Groonga's or Groonga is not ready.
   */
  async titleIds(leaves: readonly (TermNode | NearNode)[], view: GroongaView): Promise<number[] | null> {
    const server = this.server;
    if (!server) return null;
    const phrases = leaves.map((l) => queryOf(l, server, { title: true }));
    if (!leaves.length || phrases.some((p) => p === null) || this.state !== 'ready') return null;
    const parts = await Promise.all(phrases.map((p) => this.select(server, p!, view)));
    if (parts.some((p) => p === null)) return null;
    this.stats.answered += parts.length;
    return parts.flat() as number[];
  }

  /** Whether titleIds would answer these conditions now (Groonga ready, each a phrase on a field with the title). */
  answersTitle(leaves: readonly (TermNode | NearNode)[]): boolean {
    const server = this.server;
    return (
      this.state === 'ready' && !!server && leaves.length > 0 && leaves.every((l) => queryOf(l, server, { title: true }) !== null)
    );
  }

  /** The ids of a phrase query, the changed patents left out; null when Groonga failed (PostgreSQL answers then). */
  private async select(
    server: GroongaServer,
    phrase: { columns: string; query: string },
    view: GroongaView,
  ): Promise<number[] | null> {
    let ids: number[];
    try {
      ids = await server.selectKeys({
        table: 'Patents',
        match_columns: phrase.columns,
        query: phrase.query,
        limit: '-1',
        cache: 'no',
      });
    } catch (err) {
      // Groonga ended or hangs: PostgreSQL answers, and the index is rebuilt a little later.
      if (this.server === server) this.fail(err);
      return null;
    }
    const changed = view.changed;
    return changed.length ? ids.filter((id) => !binaryHas(changed, id)) : ids;
  }

  /**
   * Relevance scores for a page by relevance (the rule's tier 1, search.service.ts): per patent the sum over the
   * positive text conditions of Groonga's weighted match count (each occurrence of the phrase: title 10, abstract 5,
   * claims 2, PG_RANK_WEIGHTS), over each condition's whole result (the rule scores only when each has at most
   * BM25_FULL_MAX patents). Null when a condition is not Groonga's, Groonga is not ready, or a patent changed since
   * its snapshot (until the catch-up has loaded it): PostgreSQL's ts_rank scores then.
   */
  async scores(leaves: readonly (TermNode | NearNode)[]): Promise<Map<number, number> | null> {
    const view = await this.view();
    const server = this.server;
    if (!view || view.changed.length || !server) return null;
    const queries = leaves.map((l) => queryOf(l, server, { weighted: true }));
    if (!leaves.length || queries.some((q) => q === null)) return null;
    const score = new Map<number, number>();
    try {
      const replies = await Promise.all(
        queries.map((q) =>
          server.command('select', {
            table: 'Patents',
            match_columns: q!.columns,
            query: q!.query,
            output_columns: '_key,_score',
            limit: '-1',
            cache: 'no',
          }),
        ),
      );
      for (const reply of replies) {
        const rows = (reply as unknown[][])[0] as [number, number][];
        for (let i = 2; i < rows.length; i++) score.set(rows[i][0], (score.get(rows[i][0]) ?? 0) + rows[i][1]);
      }
    } catch (err) {
      if (this.server === server) this.fail(err);
      return null;
    }
    return score;
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
      if (gone.length) {
        await server.command('delete', { table: 'Patents', filter: `in_values(_key, ${gone.join(', ')})` }, undefined, 300_000);
      }
    }
    if (this.closed || this.server !== server) return;
    this.snapshot = snap as string;
    this.stats.catchUps++;
  }

  /** Groonga failed: PostgreSQL answers alone; view() tries a rebuild after a pause that doubles up to an hour. */
  private fail(err: unknown): void {
    this.state = 'failed';
    this.stats.lastError = err instanceof Error ? err.message : String(err);
    const first = this.opts.retryMs ?? RETRY_FIRST_MS;
    this.retryAfterMs = Math.min(RETRY_MAX_MS, this.retryAfterMs ? this.retryAfterMs * 2 : first);
    this.retryAt = Date.now() + this.retryAfterMs;
    const server = this.server;
    this.server = null;
    if (server) void this.retire(server);
  }

  /** A full rebuild in the background; PostgreSQL answers alone meanwhile. */
  private rebuild(): void {
    if (this.building || this.closed) return;
    this.state = 'building';
    this.start().catch(() => {});
  }

  /** Catches up with every change committed so far, and waits for it (tests, benchmarks). */
  async settled(): Promise<void> {
    await this.view();
    while (this.catching || this.building) await (this.catching ?? this.building)!.catch(() => {});
  }

  /**
   * Stops the Groonga server. A ready index shut down cleanly is kept for the next start (SAVED); otherwise its
   * database stays on disk until the next build removes it.
   */
  async close(): Promise<void> {
    const ready = this.state === 'ready';
    this.closed = true;
    this.state = 'off';
    await this.building?.catch(() => {});
    await this.catching?.catch(() => {});
    const server = this.server;
    this.server = null;
    if (!server) return;
    if ((await this.retire(server)) && ready) {
      fs.writeFileSync(
        path.join(this.opts.dir, SAVED),
        `${JSON.stringify({ dir: path.basename(server.dir), snapshot: this.snapshot })}\n`,
      );
    }
  }
}

/** A condition's Groonga query on this server's database, or null when Groonga does not answer it. */
function queryOf(
  node: TermNode | NearNode,
  server: GroongaServer,
  opts: { weighted?: boolean; title?: boolean } = {},
): { columns: string; query: string } | null {
  const p = groongaPhrase(node, opts);
  return p ? { columns: p.columns, query: groongaQuery(p.tokens, server.common) } : null;
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
