// The words people type: the top-bar keyword box (parseKeywordBox), and keyword extraction for
// /v1/search/intelligence: a paragraph describing an invention → weighted keywords (jieba segmentation + TF-IDF with
// jieba's IDF table) → a ranked OR expression the user can refine.
import { Jieba, TfIdf } from '@node-rs/jieba';
import { dict, idf } from '@node-rs/jieba/dict.js';
import { normalise } from './normalise';
import { queryTokens } from './tokenise';
import { quoteValue } from './expression/print';
import { parseExpression } from './expression/parser';
import type { Node } from './expression/ast';

/**
 * The top-bar keyword box (/docking?val=…), read the way Google Patents reads its box (ADR 0034): words side by
 * side are ANDed 关键词 terms; `OR` (any case, or 或) joins alternatives and binds tighter than AND (`a b OR c` is
 * a AND (b OR c)); `"neural network"` is a phrase; `gpu*` a prefix; `-词`, `-"短语"`, `-(…)` and `NOT 词` exclude;
 * parentheses group; punctuation standing alone is skipped; a word with 6+ digits also finds that application or
 * publication number. A box holding a field clause (`TI=…`, `申请日>=2020`) is an expression and read as one.
 * Throws ExpressionError (Chinese message, 1-based position in the box) for unbalanced parentheses, a dangling
 * OR/NOT, or when nothing is searchable.
 */
export function parseKeywordBox(val: string): Node {
  return parseExpression(val, { dialect: 'keywords' });
}

export interface Keyword {
  word: string;
  weight: number;
}

// Patent boilerplate and generic words that TF-IDF ranks high but that find nothing specific.
const STOP_WORDS = new Set(
  (
    '一种 方法 装置 系统 设备 所述 其特征在于 特征 在于 包括 包含 本发明 发明 实用新型 本实用新型 外观设计 提供 公开 涉及 ' +
    '基于 用于 通过 进行 采用 使用 利用 具有 设置 设有 以及 及其 其中 其上 该 此 上述 下述 如下 根据 实现 得到 获得 获取 ' +
    '技术 领域 技术领域 背景 背景技术 现有 现有技术 问题 目的 效果 有益效果 优点 步骤 方案 技术方案 实施例 实施 例如 ' +
    '第一 第二 第三 第四 多个 若干 至少 一个 两个 之间 之一 相应 对应 分别 同时 从而 因此 并且 或者 以便 使得 可以 能够 ' +
    '不能 不会 可 能 将 对 在 与 及 或 和 的 了 是 为 由 于 被 把 向 从 中 上 下 内 外 时 后 前 个 等 并 且 而 也 还 又 ' +
    '一端 另一端 一侧 另一侧 连接 相连 固定 安装 位于 所示 如图 图示 示意图 结构示意图 作为 添加 方便 简单 有效 提高'
  ).split(' '),
);

// Parts of speech that never make a useful search word: numerals, measure words, pronouns, prepositions,
// conjunctions, particles, interjections, onomatopoeia, locality words. (An allow-list of nouns does not
// work: jieba's dictionary tags domain words oddly, e.g. 正极 as an adverb.)
const DENIED_POS = new Set([
  'm',
  'mq',
  'q',
  'r',
  'rr',
  'rz',
  'p',
  'c',
  'u',
  'uj',
  'ul',
  'uz',
  'ug',
  'uv',
  'ud',
  'y',
  'e',
  'o',
  'f',
  'zg',
]);

let engine: { jieba: Jieba; tfidf: TfIdf } | null = null;

/** jieba and its IDF table, loaded once (about half a second) on first use. */
function getEngine(): { jieba: Jieba; tfidf: TfIdf } {
  if (!engine) engine = { jieba: Jieba.withDict(dict), tfidf: TfIdf.withDict(idf) };
  return engine;
}

function usable(word: string): boolean {
  const w = word.trim();
  if (w.length < 2 && !/^[a-z0-9]$/i.test(w)) return false;
  if (STOP_WORDS.has(w)) return false;
  if (/^[\d.%\-+]+$/.test(w)) return false;
  return queryTokens(w).kind !== 'empty';
}

/** The `n` best keywords of a paragraph, best first, weights from TF-IDF (rounded to 4 decimals). */
export function extractKeywords(paragraph: string, n = 10): Keyword[] {
  const text = normalise(paragraph ?? '');
  if (!text || n <= 0) return [];
  const { jieba, tfidf } = getEngine();
  const raw = tfidf.extractKeywords(jieba, text, Math.max(n * 4, 20));
  const tags = new Map<string, string>();
  for (const { word, tag } of jieba.tag(text, true)) if (!tags.has(word)) tags.set(word, tag);
  const out: Keyword[] = [];
  const seen = new Set<string>();
  for (const k of raw) {
    const word = normalise(k.keyword);
    if (!usable(word) || seen.has(word) || DENIED_POS.has(tags.get(k.keyword) ?? '')) continue;
    seen.add(word);
    out.push({ word, weight: Math.round(k.weight * 10000) / 10000 });
    if (out.length >= n) break;
  }
  return out;
}

/** A ranked OR expression over the keywords, e.g. `TX=(锂电池 OR 正极 OR 包覆)`; '' when there are none. */
export function keywordsToExpression(keywords: readonly Keyword[]): string {
  const words = keywords.map((k) => normalise(k.word)).filter((w) => queryTokens(w).kind !== 'empty');
  if (words.length === 0) return '';
  return `TX=(${words.map((w) => quoteValue(w)).join(' OR ')})`;
}
