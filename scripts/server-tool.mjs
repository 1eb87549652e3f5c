#!/usr/bin/env node
// Runs one of the compiled command-line tools: node scripts/server-tool.mjs NAME [ARGS…] → node apps/server/dist/NAME.js.
// Builds the server first (scripts/build-server.mjs, about a second) when dist/ is missing or older than the sources,
// so `npm run backup`, `npm run restore`, `npm run admin:password` and `npm run import` never need tsx.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, TOOLS } from './build-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'apps/server/dist');
const SOURCES = ['apps/server/src', 'packages/contract/src', 'tools'].map((d) => path.join(ROOT, d));

/** The newest modification time under the given directories. */
function newest(dirs) {
  let max = 0;
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else max = Math.max(max, fs.statSync(p).mtimeMs);
    }
  };
  for (const d of dirs) if (fs.existsSync(d)) walk(d);
  return max;
}

const [name, ...args] = process.argv.slice(2);
if (!name || !(name in TOOLS)) {
  console.error(`usage: node scripts/server-tool.mjs ${Object.keys(TOOLS).join('|')} [args…]`);
  process.exit(2);
}
const entry = path.join(DIST, `${name}.js`);
const built = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
if (!built || newest(SOURCES) > built) await buildServer({ quiet: true });
const child = spawn(process.execPath, ['--enable-source-maps', entry, ...args], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
