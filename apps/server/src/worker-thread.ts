// Starting a worker thread of the server: apps/server/src/**/<name>.worker.ts, which the production bundle has as
// dist/<name>.worker.js beside main.js (scripts/build-server.mjs). `here` is the caller's import.meta.url: the
// compiled code resolves './<name>.worker.js' from dist/main.js; under tsx (dev, tests) the .ts source beside the
// caller is loaded by a small bootstrap that registers tsx's ESM hooks inside the worker first (Node 20 ignores
// `--import tsx` in a worker's execArgv: the .ts entry then fails with "Unknown file extension").
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startWorker(name: string, here: string, options: WorkerOptions = {}): Worker {
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.worker.js`, here), options);
  const entry = new URL(`./${name}.worker.ts`, here).href;
  const tsxApi = pathToFileURL(
    createRequire(here)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((t) => { t.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
