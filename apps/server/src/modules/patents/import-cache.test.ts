import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { IMPORT_CACHE_KIB, SERVE_CACHE_KIB } from '../../db';
import { importJsonlFile } from './patent-import';
import { seedDemoPatents } from './patent-seed';

// SQLite only (vitest.config.ts): the page cache a bulk import works with, and the one the server answers with.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the page cache of a bulk import', () => {
  it('is the larger one while demo patents or a file are imported, and the serving one afterwards, also after a failure', async () => {
    t = await createTestApp({ seed: false });
    const raw = t.db.sqlite!;
    const size = () => raw.pragma('cache_size', { simple: true }) as number;
    expect(size()).toBe(-SERVE_CACHE_KIB);
    const during: number[] = [];
    await seedDemoPatents(t.db, 3, { onProgress: () => during.push(size()) });
    expect(during).toEqual([-IMPORT_CACHE_KIB]);
    expect(size()).toBe(-SERVE_CACHE_KIB);
    await expect(importJsonlFile(t.db, '/nonexistent/patents.jsonl')).rejects.toThrow();
    expect(size()).toBe(-SERVE_CACHE_KIB);
  });
});
