// A relevance page over the ranking limit (plan 'title': title matches first, then the rest, each newest first) as the
// in-memory engines build it: the first candidates in date order are checked against the title, more of them when
// the page is not settled, the whole title set last (SQLite since ADR 0072, PostgreSQL since ADR 0070). Every page
// must be the SQL path's, also deep ones and ones where title matches are few. Both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { hasPatentData, readPatents } from '../../search/test-data';
import { search } from './search.service';
import { astOf, loadRecords } from './testing';

/** Broad conditions (a small rankMax puts every one over the limit) with many, some and few title matches. */
const QUERIES = ['数据', '方法', '处理', 'TX=数据 NOT TI=装置', 'TX=控制 OR TI=图像', '名称=系统 OR 摘要=存储', 'AB=计算'];

describe.runIf(hasPatentData())('relevance pages over the ranking limit: title matches first, by date', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await loadRecords(t.db, [
      ...readPatents('cn_g06f_title_abstract_cpc.jsonl', 900),
      ...readPatents('cn_title_ipc_subclass.jsonl', 900),
    ]);
  });
  afterAll(() => t?.close());

  it.each(QUERIES)('%s: pages 1, 2 and 6 of 20, and 3 of 100, equal the SQL path’s', async (q) => {
    const ast = astOf(q);
    let deep = 0;
    for (const [page, page_size] of [
      [1, 20],
      [2, 20],
      [6, 20],
      [3, 100],
    ]) {
      const auto = await search(t.deps, { ast, sort: 'relevance', page, page_size, rankMax: 3 });
      const viaSql = await search(t.deps, { ast, sort: 'relevance', page, page_size, rankMax: 3, engine: 'sql' });
      expect(auto.total, `${q} ${page}`).toBe(viaSql.total);
      expect(
        auto.list.map((h) => h.id),
        `${q} page ${page} of ${page_size}`,
      ).toEqual(viaSql.list.map((h) => h.id));
      deep += auto.list.length;
    }
    expect(deep, q).toBeGreaterThan(40);
  });
});
