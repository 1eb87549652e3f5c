// Lexer for the search expression language. It reads the original string (so positions are the user's),
// folding full-width ASCII to half-width character by character first, so （ ） ＝ ＞ work like ( ) = >.
import { normalise, normaliseChar } from '../normalise';
import { ExpressionError } from './ast';

export type TokenType =
  'lparen' | 'rparen' | 'lbrack' | 'rbrack' | 'op' | 'and' | 'or' | 'not' | 'near' | 'word' | 'quoted' | 'eof';

export interface Token {
  type: TokenType;
  /** word: the folded text; quoted: the unescaped content; op: '=', '>=', '<=', '>' or '<'. */
  value: string;
  /** UTF-16 offsets in the source. */
  start: number;
  end: number;
  /** near: the distance, or undefined for a bare NEAR. */
  distance?: number;
}

/** 1-based character (code point) position of a UTF-16 offset, for messages. */
export function charPos(src: string, offset: number): number {
  let n = 1;
  for (let i = 0; i < offset && i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < src.length) {
      const d = src.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** One UTF-16 unit folded for lexing: full-width ASCII → ASCII, ideographic space → space, 【】 → []. */
function foldUnit(c: number): number {
  if (c >= 0xff01 && c <= 0xff5e) return c - 0xfee0;
  if (c === 0x3000) return 0x20;
  if (c === 0x3010) return 0x5b; // 【
  if (c === 0x3011) return 0x5d; // 】
  return c;
}

const QUOTE_PAIRS: Record<string, string> = { '"': '"', '“': '”', '「': '」' };
const SPECIAL = new Set(['(', ')', '[', ']', '=', '<', '>', '"', '“', '”', '「', '」']);
const AND_WORDS = new Set(['and', '与', '&&']);
const OR_WORDS = new Set(['or', '或', '||']);
const NOT_WORDS = new Set(['not', '非']);
const NEAR_RE = /^near(?:\/?(\d{1,6}))?$/;

/** Whitespace, and anything normalise() turns into a space (control characters), separates tokens. */
/** The operator a word stands for (AND/OR/NOT in any case, 与/或/非, NEAR/n), or null for a plain word. */
export function keywordType(word: string): 'and' | 'or' | 'not' | 'near' | null {
  const key = normalise(word);
  if (AND_WORDS.has(key)) return 'and';
  if (OR_WORDS.has(key)) return 'or';
  if (NOT_WORDS.has(key)) return 'not';
  return NEAR_RE.test(key) ? 'near' : null;
}

function isSpace(ch: string): boolean {
  return /\s/.test(ch) || normaliseChar(ch.charCodeAt(0)) === ' ';
}

/** Splits an expression into tokens; an unclosed quote is an ExpressionError. */
export function lex(src: string): Token[] {
  let folded = '';
  for (let i = 0; i < src.length; i++) folded += String.fromCharCode(foldUnit(src.charCodeAt(i)));
  const n = folded.length;
  const tokens: Token[] = [];
  let i = 0;
  const err = (msg: (p: number) => string, at: number): never => {
    const p = charPos(src, at);
    throw new ExpressionError(msg(p), p);
  };
  // `名称!=电池`, `名称<>电池`, `名称≠电池`: there is no "not equal"; say what to write instead, with the user's words.
  const notEqual = (op: string, at: number, len: number): never => {
    const prev = tokens[tokens.length - 1];
    const field = prev?.type === 'word' && prev.end === at ? prev.value : null;
    const value = /^[^\s()[\]=<>!]+/.exec(folded.slice(at + len))?.[0];
    const example = field && value ? `NOT ${field}=${value}` : 'NOT 名称=电池';
    return err((p) => `第 ${p} 个字符处不支持“${op}”（不等于）：排除某个检索词请用 NOT，如 ${example}`, at);
  };
  while (i < n) {
    const ch = folded[i];
    // Zero-width characters (which normalise() drops) count as space between tokens, not inside words.
    if (isSpace(ch) || normaliseChar(ch.charCodeAt(0)) === '') {
      i++;
      continue;
    }
    const start = i;
    if (ch === '(' || ch === ')' || ch === '[' || ch === ']') {
      tokens.push({
        type: ch === '(' ? 'lparen' : ch === ')' ? 'rparen' : ch === '[' ? 'lbrack' : 'rbrack',
        value: ch,
        start,
        end: i + 1,
      });
      i++;
      continue;
    }
    if (ch === '=' || ch === '<' || ch === '>') {
      const two = folded.slice(i, i + 2);
      let op: string;
      let len = 1;
      if (two === '>=' || two === '=>') [op, len] = ['>=', 2];
      else if (two === '<=' || two === '=<') [op, len] = ['<=', 2];
      else if (two === '==') [op, len] = ['=', 2];
      else if (two === '<>') return notEqual('<>', start, 2);
      else op = ch;
      tokens.push({ type: 'op', value: op, start, end: i + len });
      i += len;
      continue;
    }
    if (ch === '≠') return notEqual('≠', start, 1);
    if (ch === '!') {
      if (folded[i + 1] === '=') return notEqual('!=', start, 2);
      tokens.push({ type: 'not', value: '!', start, end: i + 1 });
      i++;
      continue;
    }
    if (ch === '&' && folded[i + 1] === '&') {
      tokens.push({ type: 'and', value: '&&', start, end: i + 2 });
      i += 2;
      continue;
    }
    if (ch === '|' && folded[i + 1] === '|') {
      tokens.push({ type: 'or', value: '||', start, end: i + 2 });
      i += 2;
      continue;
    }
    const close = QUOTE_PAIRS[ch];
    if (close !== undefined) {
      let value = '';
      let j = i + 1;
      let closed = false;
      while (j < n) {
        const c = folded[j];
        if (ch === '"' && c === '\\' && j + 1 < n && (folded[j + 1] === '"' || folded[j + 1] === '\\')) {
          value += folded[j + 1];
          j += 2;
          continue;
        }
        if (c === close) {
          closed = true;
          break;
        }
        value += src[j];
        j++;
      }
      if (!closed) return err((p) => `第 ${p} 个字符处的引号没有配对的右引号`, start);
      tokens.push({ type: 'quoted', value, start, end: j + 1 });
      i = j + 1;
      continue;
    }
    if (ch === '”' || ch === '」') return err((p) => `第 ${p} 个字符处的右引号前面缺少左引号`, start);
    // A word runs to whitespace, a special character, && or ||.
    let j = i;
    while (j < n) {
      const c = folded[j];
      if (isSpace(c) || SPECIAL.has(c) || c === '≠' || (c === '!' && folded[j + 1] === '=')) break;
      if ((c === '&' && folded[j + 1] === '&') || (c === '|' && folded[j + 1] === '|')) break;
      j++;
    }
    const word = folded.slice(i, j);
    const type = keywordType(word);
    const near = type === 'near' ? NEAR_RE.exec(normalise(word)) : null;
    tokens.push({ type: type ?? 'word', value: word, start, end: j, ...(near?.[1] ? { distance: Number(near[1]) } : {}) });
    i = j;
  }
  tokens.push({ type: 'eof', value: '', start: n, end: n });
  return tokens;
}
