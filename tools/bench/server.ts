// Starts the real server for the benchmarks that measure it through HTTP (search, export): tsx on
// apps/server/src/main.ts, a free loopback port; SQLite in `dataDir`, resolved once the search columns are built, or
// PostgreSQL when `env` names a DATABASE_URL (files still in `dataDir`), resolved once it listens.
import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
// @ts-expect-error scripts/pg.mjs is plain JavaScript
import { freePort } from '../../scripts/pg.mjs';
import { REPO_ROOT } from '../../apps/server/src/config';

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
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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
