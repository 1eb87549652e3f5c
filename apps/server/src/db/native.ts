// The SQLite extension with ip_bm25 (apps/server/native/ip_fts5.c, ADR 0072): FTS5's bm25() with each phrase's count
// and each row's token count given by the caller instead of found again by FTS5. Built by
// scripts/build-native.mjs at `npm install`; a machine without a C compiler has no library and search scores with
// bm25() itself, the same scores. IP_NATIVE_SEARCH=off leaves it unloaded (tests of that path).
import fs from 'node:fs';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { REPO_ROOT } from '../config';

export const NATIVE_SEARCH_LIBRARY = path.join(REPO_ROOT, 'apps/server/native/build/ip_fts5.so');

const loaded = new WeakMap<SqliteDatabase.Database, boolean>();
let warned = false;

/** Loads the extension into a connection once; whether ip_bm25 is there. */
export function loadSearchExtension(raw: SqliteDatabase.Database): boolean {
  const known = loaded.get(raw);
  if (known !== undefined) return known;
  let ok = false;
  if (process.env.IP_NATIVE_SEARCH !== 'off' && fs.existsSync(NATIVE_SEARCH_LIBRARY)) {
    try {
      // Entry point by SQLite's rule from the file name: sqlite3_ipfts_init.
      raw.loadExtension(NATIVE_SEARCH_LIBRARY);
      ok = true;
    } catch (err) {
      if (!warned) console.warn(`[search] 检索评分扩展未能加载，改用 bm25()：${(err as Error).message}`);
      warned = true;
    }
  }
  loaded.set(raw, ok);
  return ok;
}
