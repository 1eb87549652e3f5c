#!/usr/bin/env node
// The bundle check of issue 14 (ADR 0054, 0056): the JavaScript a visitor's browser loads for /web/index — the app's
// entry, the lazy chunks of the public frame and of the landing page, and every chunk they import statically — must
// stay within 200 kB gzip (GOAL_KB). It does since session 11 (197.0 kB, ADR 0056 §5), so the build's limit
// (LIMIT_KB) is the 200 kB: a build above it fails. WEB_INDEX_GZIP_LIMIT_KB overrides it for one run.
// Reads Vite's manifest (apps/web/dist/.vite/manifest.json, `build.manifest: true`), prints each file's gzip size
// and the total, and exits 1 above the limit. Run by apps/web's `npm run build` (so by `npm run build`, `npm start`
// and the e2e phase of `npm test`); alone, after a web build: `npm run check:bundle` (ADR 0056 §5).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Another build's directory (one with a manifest) may be given to compare: node scripts/check-bundle.mjs /tmp/web-dist
const DIST = path.resolve(process.argv[2] ?? path.join(ROOT, 'apps/web/dist'));
/** Issue 14's limit. */
const GOAL_KB = 200;
/** The build fails above this: issue 14's limit (197.0 kB measured when it became the build's, ADR 0056 §5). */
const LIMIT_KB = Number(process.env.WEB_INDEX_GZIP_LIMIT_KB ?? GOAL_KB);
/**
 * The lazy modules /web/index renders: the frame of the public pages (apps/web/src/app/route-shell.tsx: PublicLayout)
 * and the page (apps/web/src/app/page-modules.ts: LandingPage).
 */
const PAGE_MODULES = ['src/layout/public-layout.tsx', 'src/portal/landing-page.tsx'];

const manifestPath = path.join(DIST, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`✗ ${path.relative(ROOT, manifestPath)} is missing: run the web build (build.manifest: true) first`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const entry = Object.entries(manifest).find(([, c]) => c.isEntry);
if (!entry) {
  console.error('✗ no entry chunk in the manifest');
  process.exit(1);
}
for (const m of PAGE_MODULES) {
  if (!manifest[m]) {
    console.error(`✗ ${m} is not its own chunk (it must stay a lazy import)`);
    process.exit(1);
  }
}

/** The chunk keys loaded with `key`: itself and its static imports, recursively (dynamic imports load later). */
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}
const keys = PAGE_MODULES.reduce((seen, m) => closure(m, seen), closure(entry[0]));
const files = [...new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')))];

let total = 0;
const rows = files.map((file) => {
  const raw = fs.readFileSync(path.join(DIST, file));
  const gz = zlib.gzipSync(raw, { level: 9 }).length;
  total += gz;
  return { file, raw: raw.length, gz };
});
rows.sort((a, b) => b.gz - a.gz);
console.log(`JavaScript loaded by /web/index (entry ${entry[1].file} + ${PAGE_MODULES.join(' + ')}):`);
for (const r of rows)
  console.log(`  ${(r.gz / 1024).toFixed(1).padStart(7)} kB gzip  ${(r.raw / 1024).toFixed(1).padStart(8)} kB raw  ${r.file}`);
const totalKb = total / 1024;
console.log(`  ${totalKb.toFixed(1).padStart(7)} kB gzip in ${rows.length} files (limit ${LIMIT_KB} kB)`);
if (totalKb > LIMIT_KB) {
  console.error(`✗ /web/index loads ${totalKb.toFixed(1)} kB gzip of JavaScript, over the ${LIMIT_KB} kB limit`);
  process.exit(1);
}
if (totalKb > GOAL_KB) {
  console.log(
    `! /web/index is within the build's ${LIMIT_KB} kB limit, ${(totalKb - GOAL_KB).toFixed(1)} kB over issue 14's ${GOAL_KB} kB goal`,
  );
} else console.log(`✓ /web/index within the ${GOAL_KB} kB bundle limit`);
