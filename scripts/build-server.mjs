#!/usr/bin/env node
// `npm run build:server`: compiles the server to plain JavaScript (esbuild), so production runs `node` without tsx.
//
//   apps/server/dist/main.js             the server (apps/server/src/main.ts)
//   apps/server/dist/<tool>.js           the command-line tools run in production (TOOLS below)
//   apps/server/dist/<name>.worker.js    every apps/server/src/**/*.worker.ts (worker threads, found by glob; the code
//                                        starts them as new URL('./<name>.worker.js', import.meta.url))
//
// ESM for Node 20; packages from node_modules stay external (resolved at run time, native modules included), except
// the workspace package @ip/contract, which is TypeScript source and is bundled. dist/ sits beside src/ at the same
// depth, so import.meta.url-relative paths (config.ts: the repository root, apps/web/dist) mean the same from both.
//
//   node scripts/build-server.mjs [--outdir DIR]     (the default is apps/server/dist)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_SRC = path.join(ROOT, 'apps/server/src');

/** Command-line entries: output name → source. */
export const TOOLS = {
  main: 'apps/server/src/main.ts',
  migrate: 'apps/server/src/db/migrate-cli.ts',
  import: 'tools/import.ts',
  'import-litigation': 'tools/import-litigation.ts',
  backup: 'apps/server/src/cli/backup.ts',
  restore: 'apps/server/src/cli/restore.ts',
  'admin-password': 'apps/server/src/cli/admin-password.ts',
};

/** Every *.worker.ts under apps/server/src (tests excluded), by output name. */
function workerEntries() {
  const out = {};
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.worker\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name)) {
        const name = e.name.replace(/\.ts$/, '');
        if (out[name]) throw new Error(`two workers named ${e.name}: ${out[name]} and ${p}`);
        out[name] = path.relative(ROOT, p);
      }
    }
  };
  walk(SERVER_SRC);
  return out;
}

/** Bare imports stay external, except the workspace packages (@ip/*), which are TypeScript source. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@ip/')) return undefined;
      if (path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Builds the server into outdir; returns the entry names and the time taken. */
export async function buildServer({ outdir = path.join(ROOT, 'apps/server/dist'), quiet = false } = {}) {
  const t0 = Date.now();
  const entries = { ...TOOLS, ...workerEntries() };
  // Files are overwritten in place (a running server may start a worker from dist/ meanwhile); leftovers of entries
  // that no longer exist are removed afterwards.
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, src]) => [name, path.join(ROOT, src)])),
    outdir,
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    legalComments: 'none',
    logLevel: quiet ? 'error' : 'warning',
    plugins: [externalPackages],
    metafile: true,
    // A bundled module that calls require() (none today) would need it in ESM.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  fs.writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
  const produced = new Set(Object.keys(result.metafile.outputs).map((f) => path.resolve(ROOT, f)));
  for (const f of fs.readdirSync(outdir)) {
    const p = path.join(outdir, f);
    if (/\.js(\.map)?$/.test(f) && !produced.has(p)) fs.rmSync(p, { force: true });
  }
  const ms = Date.now() - t0;
  if (!quiet)
    console.log(
      `服务端已编译到 ${path.relative(process.cwd(), outdir) || '.'}（${Object.keys(entries).join('、')}），用时 ${ms} ms`,
    );
  return { entries: Object.keys(entries), ms };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--outdir');
  const outdir = i > 0 ? path.resolve(process.argv[i + 1]) : undefined;
  buildServer({ outdir }).catch((err) => {
    console.error(err.message ?? err);
    process.exit(1);
  });
}
