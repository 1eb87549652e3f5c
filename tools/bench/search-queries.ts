// The search benchmarks' query mix (issue 4, ADR 0012), drawn with a seeded generator from stored titles: 2- and
// 4-character terms as the top-bar `val`, two-word phrases, six shapes of field + date expressions, keyword + facet
// filter. Each query is the HTTP body of POST /v1/search/expression (besides paging) and the same query as a LIKE
// scan over the stored text (the SQLite benchmark's baseline). The SQL here runs on SQLite and PostgreSQL alike.
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db';

export interface Query {
  /** The HTTP body (besides paging). */
  body: { val?: string; expression?: string; filters?: Record<string, unknown> };
  /** The same query as a LIKE scan: a WHERE clause over `patents` and its parameters. */
  like: { where: string; params: (string | number)[] };
}
export type Kind = { label: string; queries: Query[] };

const TX = ['title', 'abstract', 'claims'];
const anyLike = (cols: string[]) => `(${cols.map((c) => `${c} LIKE ?`).join(' OR ')})`;
const likeParam = (w: string) => `%${w.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
const txLike = (w: string) => ({
  where: anyLike(TX).replaceAll('LIKE ?', "LIKE ? ESCAPE '\\'"),
  params: TX.map(() => likeParam(w)),
});
const colLike = (col: string, w: string) => ({ where: `${col} LIKE ? ESCAPE '\\'`, params: [likeParam(w)] });
const and = (...parts: { where: string; params: (string | number)[] }[]) => ({
  where: parts.map((p) => `(${p.where})`).join(' AND '),
  params: parts.flatMap((p) => p.params),
});

/** `n` + 10 queries per kind (the first n measured, the rest warm-up), drawn with `rand`. */
export async function queryMix(db: Db, opts: { n: number; rand: () => number }): Promise<Kind[]> {
  const { n: N, rand } = opts;
  const jieba = Jieba.withDict(dict);
  const maxId = Number((await sql<{ m: number }>`SELECT max(id) AS m FROM patents`.execute(db.db)).rows[0].m);
  const titleAt = async (id: number) =>
    (await sql<{ title: string }>`SELECT title FROM patents WHERE id >= ${id} ORDER BY id LIMIT 1`.execute(db.db)).rows[0]
      ?.title ?? '';
  const STOP = new Set(['一种', '方法', '装置', '系统', '及其', '用于', '基于', '设备', '制备', '应用']);
  const two: string[] = [];
  const four: string[] = [];
  const phrases: string[] = [];
  const want = N + 10;
  for (let guard = 0; (two.length < want || four.length < want || phrases.length < want) && guard < 100000; guard++) {
    const title = await titleAt(1 + Math.floor(rand() * maxId));
    const words = jieba.cut(title, false).filter((w) => /^[\u4e00-\u9fff]+$/.test(w));
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      if (STOP.has(w) || rand() < 0.5) continue;
      if (w.length === 2 && two.length < want) two.push(w);
      if (w.length === 4 && four.length < want) four.push(w);
      const next = words[i + 1];
      if (next && w.length >= 2 && next.length >= 2 && !STOP.has(next) && phrases.length < want) phrases.push(`${w}${next}`);
    }
    // A 4-character run of a title when jieba finds few 4-character words.
    const run = title.match(/[\u4e00-\u9fff]{6,}/)?.[0];
    if (run && four.length < want && rand() < 0.3) {
      const at = Math.floor(rand() * (run.length - 3));
      four.push(run.slice(at, at + 4));
    }
  }
  const pick = (xs: string[]) => xs[Math.floor(rand() * xs.length)];
  const year = () => 2005 + Math.floor(rand() * 19);
  const keyword = (w: string): Query => ({ body: { val: w }, like: txLike(w) });

  const field: Query[] = [];
  for (let i = 0; i < want; i++) {
    const y = year();
    const [a, b] = [pick(two.concat(four)), pick(two.concat(four))];
    const shapes: Query[] = [
      {
        body: { expression: `名称=${a} AND 申请日>=${y}-01-01` },
        like: and(colLike('title', a), { where: 'ad >= ?', params: [`${y}-01-01`] }),
      },
      {
        body: { expression: `名称=(${a} AND ${b}) AND 申请日=[${y}-01-01 TO ${y + 3}-12-31]` },
        like: and(colLike('title', a), colLike('title', b), {
          where: 'ad BETWEEN ? AND ?',
          params: [`${y}-01-01`, `${y + 3}-12-31`],
        }),
      },
      {
        body: { expression: `摘要=${a} AND 公开日>=${y} AND 类型=发明` },
        like: and(colLike('abstract', a), { where: "pd >= ? AND type = '发明'", params: [`${y}-01-01`] }),
      },
      {
        body: { expression: `TI=${a} AND AD=${y} NOT LS=无权` },
        like: and(colLike('title', a), {
          where: "ad BETWEEN ? AND ? AND legal_status <> '无权'",
          params: [`${y}-01-01`, `${y}-12-31`],
        }),
      },
      {
        body: { expression: `(TI=${a} OR AB=${b}) AND PD<=${y}-06-30` },
        like: and(
          { where: `(${colLike('title', a).where} OR ${colLike('abstract', b).where})`, params: [likeParam(a), likeParam(b)] },
          { where: 'pd <= ?', params: [`${y}-06-30`] },
        ),
      },
      {
        body: { expression: `IPC=${['H01M', 'G06F', 'A61K', 'B65G', 'H04L'][i % 5]} AND AD>=${y} AND TX=${a}` },
        like: and(
          colLike('ipc', `"${['H01M', 'G06F', 'A61K', 'B65G', 'H04L'][i % 5]}`),
          { where: 'ad >= ?', params: [`${y}-01-01`] },
          txLike(a),
        ),
      },
    ];
    field.push(shapes[i % shapes.length]);
  }

  const facets: Query[] = [];
  for (let i = 0; i < want; i++) {
    const w = pick(rand() < 0.5 ? two : four);
    const y = year();
    const shapes: Query[] = [
      { body: { val: w, filters: { type: ['发明'] } }, like: and(txLike(w), { where: "type = '发明'", params: [] }) },
      {
        body: { val: w, filters: { legal_status: ['有权'] } },
        like: and(txLike(w), { where: "legal_status = '有权'", params: [] }),
      },
      {
        body: { val: w, filters: { app_year: [y, y + 1] } },
        like: and(txLike(w), { where: 'app_year IN (?, ?)', params: [y, y + 1] }),
      },
    ];
    facets.push(shapes[i % shapes.length]);
  }
  return [
    { label: '2-character term (top-bar val)', queries: two.slice(0, want).map(keyword) },
    { label: '4-character term (top-bar val)', queries: four.slice(0, want).map(keyword) },
    {
      label: 'phrase "AB" (two words, expression)',
      queries: phrases.slice(0, want).map((p) => ({ body: { expression: `"${p}"` }, like: txLike(p) })),
    },
    { label: 'field + date expression', queries: field },
    { label: 'keyword + facet filter', queries: facets },
  ];
}
