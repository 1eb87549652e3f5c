#!/usr/bin/env node
// A throwaway PostgreSQL cluster for the tests: initdb into a temp dir, start on a free loopback port with
// trust auth, hand back a superuser URL, and stop + delete everything afterwards.
//
//   import { startPg } from './pg.mjs';  const pg = await startPg();  ...  pg.stop();
//   node scripts/pg.mjs --selftest       starts a cluster, runs `select 1` through the `pg` package, stops it.
//
// PostgreSQL refuses to run as root: as root every server command runs as the 'postgres' user that Debian's
// package creates (or, failing that, a system user 'iptestpg' created here) through runuser.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PG_MAJOR = 15;
const ROLE = 'ip_test';

/** The directory holding initdb/pg_ctl: PostgreSQL 15 preferred, else the newest installed major. */
export function pgBinDir() {
  const base = '/usr/lib/postgresql';
  const preferred = path.join(base, String(PG_MAJOR), 'bin');
  if (fs.existsSync(path.join(preferred, 'initdb'))) return preferred;
  if (fs.existsSync(base)) {
    const majors = fs
      .readdirSync(base)
      .filter((d) => /^\d+$/.test(d) && Number(d) >= PG_MAJOR && fs.existsSync(path.join(base, d, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (majors.length) return path.join(base, majors[0], 'bin');
  }
  return null;
}

/** A free TCP port on 127.0.0.1 (bind port 0, read it back, release it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function userExists(name) {
  return spawnSync('id', ['-u', name], { stdio: 'ignore' }).status === 0;
}

/** As root: the unprivileged user the server runs as (created when neither exists). Otherwise null. */
function runAsUser() {
  if (process.getuid?.() !== 0) return null;
  if (userExists('postgres')) return 'postgres';
  const fallback = 'iptestpg';
  if (!userExists(fallback)) {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', fallback], { stdio: 'inherit' });
  }
  return fallback;
}

function run(user, cmd, args, { allowFail = false } = {}) {
  const [file, argv] = user ? ['runuser', ['-u', user, '--', cmd, ...args]] : [cmd, args];
  const res = spawnSync(file, argv, { encoding: 'utf8', cwd: '/' });
  if (res.status !== 0 && !allowFail) {
    const out = `${res.stdout ?? ''}${res.stderr ?? ''}`.trim();
    throw new Error(`${path.basename(cmd)} failed (exit ${res.status ?? res.signal}):\n${out || res.error?.message || ''}`);
  }
  return res;
}

/** initdb into `data`, tuned for throwaway speed (nothing here needs to survive a crash); loopback only, trust. */
function initCluster(user, bin, data) {
  run(user, path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    ROLE,
    '--auth-local=trust',
    '--auth-host=trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  fs.appendFileSync(
    path.join(data, 'postgresql.conf'),
    [
      '',
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'max_connections = 300',
      'shared_buffers = 64MB',
      "timezone = 'UTC'",
      '',
    ].join('\n'),
  );
}

/**
 * Starts a fresh cluster. Returns { url, port, dir, bin, reused, stop() }; url names the 'postgres' database and the
 * superuser 'ip_test' (no password: trust on loopback). stop() is synchronous, idempotent and safe in exit handlers.
 * With `dir` (benchmarks re-running on a large database) the cluster lives there and is kept: created when the
 * directory holds none, else started again as it is (`reused`); stop() then stops it with a checkpoint (`fast`, so
 * the next start needs no recovery) and leaves the directory. `settings` ({ name: value }) are given to the server
 * at each start (`-c`), so a reused cluster gets them too.
 */
export async function startPg({ log = () => {}, dir: keepDir = null, settings = {} } = {}) {
  const bin = pgBinDir();
  if (!bin) throw new Error(`PostgreSQL ${PG_MAJOR} is not installed (no /usr/lib/postgresql/${PG_MAJOR}/bin/initdb)`);
  const user = runAsUser();
  // Short path: the unix socket lives here too and socket paths are limited to ~107 bytes.
  const dir = keepDir ? path.resolve(keepDir) : fs.mkdtempSync(path.join(os.tmpdir(), 'ip-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const reused = fs.existsSync(path.join(data, 'PG_VERSION'));
  let started = false;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    const mode = keepDir ? 'fast' : 'immediate';
    if (started) run(user, path.join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', '-t', '300', 'stop'], { allowFail: true });
    if (!keepDir) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    fs.mkdirSync(dir, { recursive: true });
    if (user) execFileSync('chown', [user, dir]);
    if (!reused) initCluster(user, bin, data);
    // Port: find a free one, retry a couple of times if something grabs it between the probe and the start.
    let port;
    const extra = Object.entries(settings)
      .map(([k, v]) => ` -c ${k}=${v}`)
      .join('');
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const opts = `-h 127.0.0.1 -p ${port} -k ${dir}${extra}`;
      const res = run(user, path.join(bin, 'pg_ctl'), ['-D', data, '-l', logFile, '-w', '-t', '60', '-o', opts, 'start'], {
        allowFail: true,
      });
      if (res.status === 0) break;
      run(user, path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], { allowFail: true });
      if (attempt >= 3) {
        const serverLog = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
        throw new Error(`pg_ctl start failed:\n${res.stdout}${res.stderr}\n${serverLog}`);
      }
    }
    started = true;
    const url = `postgres://${ROLE}@127.0.0.1:${port}/postgres`;
    log(
      `PostgreSQL (${path.basename(path.dirname(bin))}) on 127.0.0.1:${port}, data in ${data}${user ? `, as user ${user}` : ''}`,
    );
    return { url, port, dir, bin, reused, stop };
  } catch (err) {
    stop();
    throw err;
  }
}

async function selftest() {
  const t0 = Date.now();
  const server = await startPg({ log: (m) => console.log(m) });
  const cleanup = () => server.stop();
  process.on('exit', cleanup);
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));
  try {
    console.log(`started in ${Date.now() - t0} ms: ${server.url}`);
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const { rows } = await client.query('select 1 as one, version() as version, current_user as who');
    await client.query('create database selftest_db');
    await client.query('drop database selftest_db with (force)');
    await client.end();
    if (rows[0].one !== 1) throw new Error(`unexpected reply: ${JSON.stringify(rows)}`);
    console.log(`select 1 → ${rows[0].one}; ${rows[0].who}; ${rows[0].version}`);
  } finally {
    const t1 = Date.now();
    server.stop();
    const gone = !fs.existsSync(server.dir);
    console.log(`stopped in ${Date.now() - t1} ms; temp dir removed: ${gone}`);
    if (!gone) process.exitCode = 1;
  }
  console.log(`pg selftest ok (${Date.now() - t0} ms)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--selftest')) {
    selftest().catch((err) => {
      console.error(err);
      process.exit(1);
    });
  } else {
    console.log('usage: node scripts/pg.mjs --selftest');
  }
}
