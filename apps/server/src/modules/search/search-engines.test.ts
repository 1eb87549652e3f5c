// The built-in engines as SearchEngine (search-engines.ts): they satisfy the interface (type-checked below), give
// the same total, facets and page as search() and the substring oracle's result set, and index/remove really write
// the text index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { parseExpression } from '../../search/expression';
import { indexFieldsOf } from '../../search/engine/index-writer';
import type { EngineQuery, SearchEngine } from '../../search/engine/search-engine';
import { hasPatentData, readPatents } from '../../search/test-data';
import { builtInSearchEngine } from './search-engines';
import { FACET_APPLICANTS, formatFacets, search } from './search.service';
import { loadRecords, referenceEval, storedDocs, type StoredDoc } from './testing';

const QUERIES = ['电池', '名称=数据 OR 申请日>=2015-01-01', '"神经网络"', 'TX=数据 NOT TI=装置', 'IPC=G06F AND 摘要=存储'];

describe.runIf(hasPatentData())('the built-in engines as SearchEngine', () => {
  let t: TestApp;
  let docs: StoredDoc[];
  let engines: SearchEngine[];

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await loadRecords(t.db, [
      ...readPatents('cn_title_ipc_subclass.jsonl', 600),
      ...readPatents('cn_g06f_title_abstract_cpc.jsonl', 600),
      ...readPatents('cn_full_fields_fixtures.jsonl'),
    ]);
    docs = await storedDocs(t.db);
    // The type annotation is the check that the adapters implement the interface.
    const auto: SearchEngine = builtInSearchEngine(t.deps);
    engines = t.db.dialect === 'sqlite' ? [auto, builtInSearchEngine(t.deps, { engine: 'sql' })] : [auto];
  });
  afterAll(() => t?.close());

  it.each(QUERIES)('%s: resolve = search() (total, facets, first page), and the oracle’s result set', async (text) => {
    const ast = parseExpression(text);
    const expected = docs
      .filter((d) => referenceEval(ast, d))
      .map((d) => d.id)
      .sort((a, b) => a - b);
    expect(expected.length).toBeGreaterThan(0);
    for (const engine of engines) {
      const engineOpt = engine.name === 'sqlite-sql' ? 'sql' : 'auto';
      const reply = await search(t.deps, { ast, facets: true, sort: 'relevance', engine: engineOpt });
      const q: EngineQuery = { ast, sort: 'relevance', offset: 0, limit: 20, facets: true, applicantLimit: FACET_APPLICANTS };
      const r = await engine.resolve(q);
      expect(r.total, engine.name).toBe(reply.total);
      expect(r.ids, engine.name).toEqual(reply.list.map((h) => h.id));
      expect(formatFacets(r.facets!), engine.name).toEqual(reply.facets);
      const all = await engine.resolve({ ast, sort: 'date_desc', offset: 0, limit: 10000, facets: false });
      expect(all.facets).toBeUndefined();
      expect(
        [...all.ids].sort((a, b) => a - b),
        engine.name,
      ).toEqual(expected);
      expect(all.total).toBe(expected.length);
      expect(await engine.matchingAmong(ast, expected.slice(0, 5).concat([-1]))).toEqual(expected.slice(0, 5));
    }
  });

  it('a window past the end is empty with the exact total; filters narrow like search()', async () => {
    const ast = parseExpression('电池');
    for (const engine of engines) {
      const { total } = await engine.resolve({ ast, sort: 'date_desc', offset: 0, limit: 0, facets: false });
      const past = await engine.resolve({ ast, sort: 'date_desc', offset: total + 20, limit: 20, facets: false });
      expect(past).toEqual({ total, ids: [] });
      const filters = { type: ['发明'] };
      const reply = await search(t.deps, {
        ast,
        filters,
        sort: 'date_desc',
        engine: engine.name === 'sqlite-sql' ? 'sql' : 'auto',
      });
      const r = await engine.resolve({ ast, filters, sort: 'date_desc', offset: 0, limit: 20, facets: false });
      expect(r.total).toBe(reply.total);
      expect(r.ids).toEqual(reply.list.map((h) => h.id));
    }
  });

  it('remove drops a patent’s text entry and index writes it back', async () => {
    // The SQL path reads the text index on every query (the in-memory columns follow the patents table's changes).
    const engine = engines.find((e) => e.name !== 'sqlite') ?? engines[0];
    const ast = parseExpression('TI=电池');
    const before = await engine.resolve({ ast, sort: 'date_desc', offset: 0, limit: 10000, facets: false });
    const id = before.ids[0];
    const row = await t.db.db.selectFrom('patents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const names = (col: 'applicants' | 'inventors') => JSON.parse(row[col]) as string[];
    await engine.remove([id]);
    const without = await engine.resolve({ ast, sort: 'date_desc', offset: 0, limit: 10000, facets: false });
    expect(without.total).toBe(before.total - 1);
    expect(without.ids).not.toContain(id);
    await engine.index([{ patentId: id, fields: indexFieldsOf(row, names('applicants'), names('inventors')), replace: false }]);
    expect(await engine.resolve({ ast, sort: 'date_desc', offset: 0, limit: 10000, facets: false })).toEqual(before);
  });
});
