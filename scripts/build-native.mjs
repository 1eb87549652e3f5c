// Builds the SQLite extension apps/server/native/ip_fts5.c (ip_bm25, ADR 0072) into apps/server/native/build/, against
// the headers of the SQLite that better-sqlite3 compiles. Run by `npm install` (postinstall) and by the test set-up
// when the library is missing. Without a C compiler it says so and stops without failing: search then scores with
// FTS5's own bm25(), the same scores, only slower at 1,000,000 patents.
//
//   node scripts/build-native.mjs [--quiet] [--force]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/server/native/ip_fts5.c');
const out = path.join(root, 'apps/server/native/build/ip_fts5.so');
const quiet = process.argv.includes('--quiet');
const force = process.argv.includes('--force');
const say = (m) => {
  if (!quiet) console.log(`[build-native] ${m}`);
};

function headers() {
  try {
    const pkg = createRequire(path.join(root, 'apps/server/package.json')).resolve('better-sqlite3/package.json');
    const dir = path.join(path.dirname(pkg), 'deps/sqlite3');
    return fs.existsSync(path.join(dir, 'sqlite3ext.h')) ? dir : null;
  } catch {
    return null;
  }
}

if (process.platform === 'win32') {
  say('Windows: not built (search scores with bm25()).');
} else if (!force && fs.existsSync(out) && fs.statSync(out).mtimeMs >= fs.statSync(src).mtimeMs) {
  say(`up to date: ${path.relative(root, out)}`);
} else {
  const inc = headers();
  if (!inc) say('better-sqlite3 headers not found: not built (search scores with bm25()).');
  else {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const tmp = `${out}.${process.pid}.tmp`;
    try {
      // -ffp-contract=off: the score must be the double bm25() computes, operation for operation.
      execFileSync(process.env.CC || 'cc', ['-O2', '-fPIC', '-shared', '-ffp-contract=off', `-I${inc}`, '-o', tmp, src, '-lm'], {
        stdio: quiet ? 'ignore' : 'inherit',
      });
      fs.renameSync(tmp, out);
      say(`built ${path.relative(root, out)}`);
    } catch (err) {
      fs.rmSync(tmp, { force: true });
      say(`no C compiler or the build failed (${err.message.split('\n')[0]}): search scores with bm25().`);
    }
  }
}
