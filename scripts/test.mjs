#!/usr/bin/env node
// `npm test`: every test phase of the project, one after another, with a summary.
//
//   system deps  Chromium, the WenQuanYi Micro Hei font, PostgreSQL 15, Groonga: apt-get installs what is missing (root only)
//   unit/web/api one vitest run: the unit, web (jsdom) and api (SQLite) projects
//   pg           the api project again on a throwaway PostgreSQL 15 cluster (scripts/pg.mjs)
//   e2e          builds the web app and compiles the server, then the e2e project (Playwright + Chromium against
//                the compiled server, node apps/server/dist/main.js, as production runs it)
//
// The last line is `N passed, N failed[, N skipped]` summed over all phases; a phase that crashed (could not
// start, timed out, errored outside a test) counts as one failure. Exit code 0 only when nothing failed.
//
//   node scripts/test.mjs [--only unit|web|api|pg|e2e[,...]]   (--only may be repeated)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgBinDir, startPg } from './pg.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TMP = path.join(ROOT, '.tmp');
const PHASES = ['unit', 'web', 'api', 'pg', 'e2e'];
const VITEST_PROJECTS = ['unit', 'web', 'api'];
// A guard against a hung phase, not a budget: on a loaded 2-core machine the e2e phase alone has taken 10 minutes, and
// the unit + web + api phase (with the route fuzz over 263 routes) passed 15 minutes once the issue 12–14 pages landed.
const PHASE_TIMEOUT_MS = Number(process.env.TEST_PHASE_TIMEOUT_MS ?? 25 * 60 * 1000);
const WEB_VITEST_CONFIG = 'apps/web/vitest.config.ts';

// ─── arguments ──────────────────────────────────────────────────────────────────────────────────────────────
function parseArgs(argv) {
  const only = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--only') only.push(...String(argv[++i] ?? '').split(','));
    else if (a.startsWith('--only=')) only.push(...a.slice(7).split(','));
    else if (a === '-h' || a === '--help') {
      console.log(`usage: node scripts/test.mjs [--only ${PHASES.join('|')}[,...]]`);
      process.exit(0);
    } else {
      console.error(`unknown argument: ${a}`);
      process.exit(2);
    }
  }
  const bad = only.filter((p) => !PHASES.includes(p));
  if (bad.length || (only.length === 0 && argv.some((a) => a.startsWith('--only')))) {
    console.error(`--only takes one of: ${PHASES.join(', ')} (got: ${bad.join(', ') || 'nothing'})`);
    process.exit(2);
  }
  return only.length ? PHASES.filter((p) => only.includes(p)) : PHASES;
}

// ─── output ─────────────────────────────────────────────────────────────────────────────────────────────────
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const c = (code, s) => (useColor ? `\x1b[${code}m${s}\x1b[0m` : s);
const bold = (s) => c('1', s);
const red = (s) => c('31', s);
const green = (s) => c('32', s);
const yellow = (s) => c('33', s);

function header(title) {
  const line = '═'.repeat(Math.max(4, 100 - title.length - 6));
  console.log(`\n${bold(`═══ ${title} ${line}`)}`);
}
const secs = (ms) => `${(ms / 1000).toFixed(1)}s`;

// ─── child processes ────────────────────────────────────────────────────────────────────────────────────────
let currentChild = null;
let pgServer = null;

/** Runs a command with inherited output in its own process group (so a timeout or ^C ends its whole tree). */
function runCommand(cmd, args, { env = {}, timeoutMs = PHASE_TIMEOUT_MS } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit', detached: true });
    currentChild = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(red(`\n✗ timed out after ${secs(timeoutMs)}: ${cmd} ${args.join(' ')}`));
      killTree(child, 'SIGTERM');
      setTimeout(() => killTree(child, 'SIGKILL'), 5000).unref();
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      currentChild = null;
      resolve({ code: 127, signal: null, timedOut, error: err });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      currentChild = null;
      resolve({ code, signal, timedOut });
    });
  });
}

function killTree(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

function cleanup() {
  if (currentChild) killTree(currentChild, 'SIGKILL');
  if (pgServer) {
    pgServer.stop();
    pgServer = null;
  }
}
process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    console.error(red(`\n✗ ${sig}: stopping`));
    if (currentChild) killTree(currentChild, 'SIGTERM');
    cleanup();
    process.exit(130);
  });
}

// ─── system dependencies ────────────────────────────────────────────────────────────────────────────────────
const SYSTEM_DEPS = {
  chromium: {
    pkg: 'chromium',
    what: 'Chromium (/usr/bin/chromium)',
    present: () => fs.existsSync('/usr/bin/chromium'),
  },
  font: {
    pkg: 'fonts-wqy-microhei',
    what: 'the WenQuanYi Micro Hei font',
    present: () => {
      if (fs.existsSync('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc')) return true;
      const r = spawnSync('fc-list', { encoding: 'utf8' });
      return r.status === 0 && /WenQuanYi Micro Hei/i.test(r.stdout);
    },
  },
  postgres: {
    pkg: 'postgresql',
    what: 'PostgreSQL 15 (/usr/lib/postgresql/15/bin/initdb)',
    present: () => pgBinDir() !== null,
  },
  groonga: {
    pkg: 'groonga-bin',
    what: 'Groonga (/usr/bin/groonga, the phrase resolver of SEARCH_GROONGA=on)',
    present: () => spawnSync('sh', ['-c', 'command -v groonga'], { stdio: 'ignore' }).status === 0,
  },
};
const NEEDS = { e2e: ['chromium', 'font'], pg: ['postgres', 'groonga'] };

/** Installs missing system packages (apt-get, as root). Returns the names of the dependencies still missing. */
function ensureSystemDeps(phases) {
  const wanted = [...new Set(phases.flatMap((p) => NEEDS[p] ?? []))];
  if (!wanted.length) {
    console.log('nothing needed for the selected phases');
    return [];
  }
  let missing = wanted.filter((d) => !SYSTEM_DEPS[d].present());
  for (const d of wanted) if (!missing.includes(d)) console.log(`${green('✓')} ${SYSTEM_DEPS[d].what}`);
  if (!missing.length) return [];
  const pkgs = missing.map((d) => SYSTEM_DEPS[d].pkg);
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      red(`✗ missing: ${missing.map((d) => SYSTEM_DEPS[d].what).join(', ')}.`) +
        `\n  ${isRoot ? 'No apt-get here.' : 'Not root, so they cannot be installed automatically.'} Install them, e.g.:` +
        `\n    sudo apt-get update && sudo apt-get install -y --no-install-recommends ${pkgs.join(' ')}`,
    );
    return missing;
  }
  console.log(`installing ${pkgs.join(' ')} (apt-get) …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  if (update.status !== 0) console.error(yellow('! apt-get update failed; trying the install anyway'));
  const install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...pkgs], { stdio: 'inherit', env });
  if (install.status !== 0) console.error(red(`✗ apt-get install failed (exit ${install.status})`));
  const before = missing;
  missing = missing.filter((d) => !SYSTEM_DEPS[d].present());
  for (const d of before) if (!missing.includes(d)) console.log(`${green('✓')} ${SYSTEM_DEPS[d].what} (installed)`);
  if (missing.length) console.error(red(`✗ still missing: ${missing.map((d) => SYSTEM_DEPS[d].what).join(', ')}`));
  return missing;
}

// ─── vitest ─────────────────────────────────────────────────────────────────────────────────────────────────
const VITEST_BIN = path.join(ROOT, 'node_modules/vitest/vitest.mjs');

/** Which project a test file belongs to (the JSON report does not say): mirrors the includes of vitest.config.ts. */
function projectOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  if (rel.startsWith('apps/web/e2e/')) return 'e2e';
  if (rel.startsWith('apps/web/')) return 'web';
  if (rel.startsWith('packages/') || /\.unit\.test\.ts$/.test(rel)) return 'unit';
  return 'api';
}

/** Counts from a vitest JSON report, per project: passed, failed, skipped, and files that failed outside a test. */
function readReport(file) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const byProject = {};
  const failures = [];
  for (const tr of report.testResults ?? []) {
    const p = projectOf(tr.name);
    const s = (byProject[p] ??= { passed: 0, failed: 0, skipped: 0, fileErrors: 0, files: 0 });
    s.files += 1;
    let failedHere = 0;
    for (const a of tr.assertionResults ?? []) {
      if (a.status === 'passed') s.passed += 1;
      else if (a.status === 'failed') {
        s.failed += 1;
        failedHere += 1;
        failures.push(`${path.relative(ROOT, tr.name)} › ${a.fullName}`);
      } else s.skipped += 1;
    }
    if (tr.status === 'failed' && failedHere === 0) {
      s.fileErrors += 1;
      failures.push(`${path.relative(ROOT, tr.name)} (failed to load/run: ${String(tr.message || 'error').split('\n')[0]})`);
    }
  }
  return { byProject, failures };
}

/**
 * Vitest's own worker↔main RPC timing out under load ("[vitest-worker]: Timeout calling onTaskUpdate", vitest
 * issue #6479): an error of the runner, not of the code under test, which fails a run whose tests all passed.
 */
const RUNNER_RPC_ERROR = /\[vitest-worker\]|\[birpc\]/;

/**
 * Runs vitest; a run whose only fault is the runner's RPC timeout (every test passed) is run once more, and the
 * summary says so. Any other unhandled error fails the phase and is printed in the summary.
 */
async function runVitest(label, projects, env = {}) {
  const first = await runVitestOnce(label, projects, env);
  const { res, report, unhandled } = first;
  const testsFailed = Object.values(report?.byProject ?? {}).some((c) => c.failed || c.fileErrors);
  if (res.code === 0 || res.timedOut || !report || testsFailed || !unhandled.length) return first;
  if (!unhandled.every((e) => RUNNER_RPC_ERROR.test(e.message))) return first;
  console.log(
    yellow(`\n! vitest's worker RPC timed out (${unhandled[0].message}); every test passed: running ${label} once more`),
  );
  const again = await runVitestOnce(label, projects, env);
  return { ...again, retried: `run twice: the first ended on vitest's RPC timeout with every test passed` };
}

async function runVitestOnce(label, projects, env = {}) {
  const out = path.join(TMP, `vitest-${label}.json`);
  const unhandledFile = path.join(TMP, `vitest-${label}-unhandled.json`);
  fs.rmSync(out, { force: true });
  fs.rmSync(unhandledFile, { force: true });
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--reporter=${path.join(ROOT, 'scripts/vitest-unhandled-reporter.mjs')}`,
    `--outputFile.json=${out}`,
  ];
  const useLocal = fs.existsSync(VITEST_BIN);
  env = { ...env, VITEST_UNHANDLED_FILE: unhandledFile };
  const res = useLocal
    ? await runCommand(process.execPath, [VITEST_BIN, ...args], { env })
    : await runCommand('npx', ['vitest', ...args], { env });
  return { res, report: readReport(out), unhandled: readUnhandled(unhandledFile) };
}

/** The unhandled errors the reporter wrote (scripts/vitest-unhandled-reporter.mjs), or [] when there were none. */
function readUnhandled(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
}

// ─── phases ─────────────────────────────────────────────────────────────────────────────────────────────────
/** One result row per phase: { name, passed, failed, skipped, crashed, note, ms }. */
const results = [];

function record(name, counts, { crashed = null, ms = 0, note = '', group = name } = {}) {
  const row = { name, passed: 0, failed: 0, skipped: 0, fileErrors: 0, ...counts, crashed, ms, note, group };
  results.push(row);
  return row;
}

/** Turns a vitest run into result rows for the given projects (label prefix for the pg run). */
function recordVitest(projects, { res, report, unhandled = [], retried }, ms, rename = (p) => p) {
  const group = `run${results.length}`;
  const failures = report?.failures ?? [];
  let anyFailure = false;
  for (const p of projects) {
    const counts = report?.byProject[p] ?? {};
    const failed = (counts.failed ?? 0) + (counts.fileErrors ?? 0);
    if (failed) anyFailure = true;
    const note = [counts.files ? `${counts.files} file(s)` : 'no test files', retried].filter(Boolean).join('; ');
    record(rename(p), { ...counts, failed }, { ms, group, note });
  }
  let crashed = null;
  if (res.timedOut) crashed = `timed out after ${secs(PHASE_TIMEOUT_MS)}`;
  else if (res.error) crashed = `could not start vitest: ${res.error.message}`;
  else if (!report) crashed = `vitest ended (${res.code ?? res.signal}) without a report`;
  else if (res.code !== 0 && !anyFailure)
    crashed = `vitest exited ${res.code ?? res.signal} with no failing test (unhandled error?)`;
  if (crashed) {
    const row = results[results.length - 1];
    row.crashed = crashed;
  }
  for (const e of unhandled) allUnhandled.push({ run: projects.map(rename).join(', '), ...e });
  return failures;
}

const allFailures = [];
/** Errors thrown outside any test, per run; printed in the summary (the part of a CI log that is kept). */
const allUnhandled = [];

async function phaseVitest(projects) {
  header(`vitest: ${projects.join(', ')}${projects.includes('api') ? ' (api on SQLite)' : ''}`);
  if (projects.includes('web') && !fs.existsSync(path.join(ROOT, WEB_VITEST_CONFIG))) {
    record('web', {}, { crashed: `${WEB_VITEST_CONFIG} is missing` });
    console.error(red(`✗ ${WEB_VITEST_CONFIG} is missing: the web project cannot run`));
    projects = projects.filter((p) => p !== 'web');
    if (!projects.length) return;
  }
  const t0 = Date.now();
  const run = await runVitest('main', projects);
  allFailures.push(...recordVitest(projects, run, Date.now() - t0));
}

async function phasePg(missing) {
  header('api on PostgreSQL 15');
  const t0 = Date.now();
  if (missing.includes('postgres')) {
    record('pg', {}, { crashed: 'PostgreSQL 15 is not installed' });
    return;
  }
  try {
    pgServer = await startPg({ log: (m) => console.log(m) });
  } catch (err) {
    console.error(red(`✗ could not start PostgreSQL: ${err.message}`));
    record('pg', {}, { crashed: 'could not start PostgreSQL', ms: Date.now() - t0 });
    return;
  }
  console.log(`cluster up in ${secs(Date.now() - t0)}; TEST_DATABASE_URL=${pgServer.url}`);
  try {
    const run = await runVitest('pg', ['api'], { TEST_DATABASE_URL: pgServer.url });
    allFailures.push(...recordVitest(['api'], run, Date.now() - t0, () => 'pg').map((f) => `[pg] ${f}`));
  } finally {
    pgServer.stop();
    pgServer = null;
    console.log('PostgreSQL stopped, data directory removed');
  }
  results[results.length - 1].ms = Date.now() - t0;
}

/**
 * The machine's load before this run's own phases, handed to the e2e run (vitest.config.ts runs the e2e files one at a
 * time on an overloaded machine): read when the e2e phase begins, the load is mostly what the pg phase has just left
 * (4 and more on 2 cores), and the files ran one by one: 640 s instead of 345 s on a quiet machine.
 */
const LOAD_AT_START = os.loadavg()[0];

async function phaseE2e(missing) {
  header('e2e: build the web app and the server, then Playwright against the compiled server');
  const t0 = Date.now();
  const lacking = NEEDS.e2e.filter((d) => missing.includes(d));
  if (lacking.length) {
    record('e2e', {}, { crashed: `missing ${lacking.map((d) => SYSTEM_DEPS[d].what).join(', ')}` });
    return;
  }
  // E2E_SKIP_BUILD=1 reuses an existing apps/web/dist (for iterating on specs; never in CI).
  if (process.env.E2E_SKIP_BUILD === '1' && fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    console.log(yellow('! E2E_SKIP_BUILD=1: using the existing apps/web/dist'));
  } else {
    const build = await runCommand('npm', ['run', 'build', '-w', '@ip/web']);
    if (build.code !== 0) {
      console.error(red('✗ the web build failed'));
      record('e2e', {}, { crashed: 'the web build failed', ms: Date.now() - t0 });
      return;
    }
  }
  // The server as production runs it: compiled JavaScript (apps/server/dist), started by the global setup.
  const server = await runCommand(process.execPath, ['scripts/build-server.mjs']);
  if (server.code !== 0) {
    console.error(red('✗ compiling the server failed'));
    record('e2e', {}, { crashed: 'compiling the server failed', ms: Date.now() - t0 });
    return;
  }
  const buildMs = Date.now() - t0;
  console.log(`web and server ready in ${secs(buildMs)}`);
  fs.rmSync(path.join(TMP, 'screenshots'), { recursive: true, force: true });
  const run = await runVitest('e2e', ['e2e'], { TEST_LOAD_AT_START: String(LOAD_AT_START) });
  allFailures.push(...recordVitest(['e2e'], run, Date.now() - t0).map((f) => `[e2e] ${f}`));
  const row = results[results.length - 1];
  row.note = `${row.note}; build ${secs(buildMs)}`;
}

// ─── main ───────────────────────────────────────────────────────────────────────────────────────────────────
async function main() {
  const phases = parseArgs(process.argv.slice(2));
  const started = Date.now();
  fs.mkdirSync(TMP, { recursive: true });
  console.log(bold(`npm test — phases: ${phases.join(', ')}`) + `  (node ${process.version}, ${process.platform})`);

  header('system dependencies');
  const tDeps = Date.now();
  const missing = ensureSystemDeps(phases);
  // The SQLite extension search scores with (ADR 0072); `npm install` builds it, this catches a checkout changed since.
  spawnSync(process.execPath, ['scripts/build-native.mjs', '--quiet'], { stdio: 'inherit', cwd: ROOT });
  const depsMs = Date.now() - tDeps;

  const vitestProjects = VITEST_PROJECTS.filter((p) => phases.includes(p));
  if (vitestProjects.length) await phaseVitest(vitestProjects);
  if (phases.includes('pg')) await phasePg(missing);
  if (phases.includes('e2e')) await phaseE2e(missing);

  // ─── summary ───
  header('summary');
  const total = { passed: 0, failed: 0, skipped: 0 };
  console.log(`  system dependencies  ${secs(depsMs)}${missing.length ? red(`  missing: ${missing.join(', ')}`) : ''}`);
  results.forEach((r, i) => {
    // Projects that ran in one vitest run share its time: shown once, on the group's last row.
    const lastOfGroup = results[i + 1]?.group !== r.group;
    const failed = r.failed + (r.crashed ? 1 : 0);
    total.passed += r.passed;
    total.failed += failed;
    total.skipped += r.skipped;
    const status = r.crashed ? red('CRASHED') : failed ? red('FAILED ') : green('ok     ');
    const counts = `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
    const extra = [r.note, r.crashed].filter(Boolean).join('; ');
    const time = lastOfGroup ? secs(r.ms) : '';
    console.log(`  ${status} ${r.name.padEnd(5)} ${counts.padEnd(34)} ${time.padStart(7)}  ${extra}`);
  });
  if (allFailures.length) {
    console.log(bold('\n  failed:'));
    for (const f of allFailures) console.log(`    ${red('✗')} ${f}`);
  }
  if (allUnhandled.length) {
    console.log(bold('\n  unhandled errors (thrown outside any test):'));
    for (const e of allUnhandled) {
      console.log(`    ${red('✗')} [${e.run}] ${e.name}: ${e.message}${e.test ? `  (during ${e.test})` : ''}`);
      for (const line of e.stack.split('\n').slice(1, 9)) console.log(`        ${line.trim()}`);
    }
  }
  const ranNothing = total.passed + total.failed === 0;
  if (ranNothing) console.log(yellow('\n  ! no test ran'));
  console.log(`\n  total time ${secs(Date.now() - started)}; reports in .tmp/vitest-*.json, screenshots in .tmp/screenshots/`);
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  process.exitCode = total.failed > 0 ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  cleanup();
  console.log('0 passed, 1 failed');
  process.exit(1);
});
