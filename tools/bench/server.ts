// Starts the real server for the benchmarks that measure it through HTTP (search, export) as `npm start` runs it:
// the server bundle (apps/server/dist/main.js, built first from the current source, as npm start builds it; tsx
// would add its compiler's ~100 MB to the memory measured), a free loopback port; SQLite in `dataDir`, resolved
// once the search columns and posting sets are built, or PostgreSQL when `env` names a DATABASE_URL (files still in
// `dataDir`), resolved once it listens.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
// @ts-expect-error scripts/pg.mjs is plain JavaScript
import { freePort } from '../../scripts/pg.mjs';
import { REPO_ROOT } from '../../apps/server/src/config';

/** The bundle is built once per benchmark process. */
let built = false;

export interface BenchServer {
  child: ChildProcess;
  base: string;
  /** Milliseconds from spawn until the search columns were ready. */
  readyMs: number;
}

/**
 * `env` adds to (or overrides) the server's environment, e.g. { DEMO_PATENTS: '60000' } or { DATABASE_URL: … }.
 * `onLine` sees every line the server writes to stdout (its log), e.g. to keep it for checks afterwards.
 */
export async function startBenchServer(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
  onLine: (line: string) => void = () => {},
): Promise<BenchServer> {
  const port = (await freePort()) as number;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PATENT_DATA_DIR: 'none',
    LOG_LEVEL: 'info',
    NODE_ENV: 'development',
    ...env,
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  // PostgreSQL has no in-memory search columns: ready once it listens (main.ts logs 已启动 after listen). SQLite:
  // once the search columns and the posting sets of the frequent terms are built (main.ts logs the sets last).
  const readyLine = env.DATABASE_URL ? '已启动' : '高频词位图已就绪';
  const t0 = performance.now();
  if (!built) {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT, stdio: 'ignore' });
    built = true;
  }
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const readyMs = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    // Waits for the search columns (built in the background after listen): searches before that run through SQL.
    lines.on('line', (line) => {
      onLine(line);
      if (line.includes(readyLine)) resolve(performance.now() - t0);
    });
  });
  return { child, base: `http://127.0.0.1:${port}`, readyMs };
}
