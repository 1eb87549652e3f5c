import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { IMPORT_CACHE_KIB, SERVE_CACHE_KIB } from '../../db';
import { importJsonlFile } from './patent-import';
import { seedDemoPatents } from './patent-seed';

// SQLite only (vitest.config.ts): the page cache and temporary storage a bulk import works with (withImportSettings),
// and the ones the server answers with.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the settings of a bulk import', () => {
  it('are the larger page cache and temporary files in memory while demo patents or a file are imported, and the serving ones afterwards, also after a failure', async () => {
    t = await createTestApp({ seed: false });
    const raw = t.db.sqlite!;
    const settings = () => [raw.pragma('cache_size', { simple: true }), raw.pragma('temp_store', { simple: true })];
    const serving = [-SERVE_CACHE_KIB, 0]; // temp_store 0: the build's default (files)
    expect(settings()).toEqual(serving);
    const during: unknown[] = [];
    await seedDemoPatents(t.db, 3, { onProgress: () => during.push(settings()) });
    expect(during).toEqual([[-IMPORT_CACHE_KIB, 2]]); // 2: MEMORY
    expect(settings()).toEqual(serving);
    await expect(importJsonlFile(t.db, '/nonexistent/patents.jsonl')).rejects.toThrow();
    expect(settings()).toEqual(serving);
  });
});
