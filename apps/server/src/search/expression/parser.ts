// Recursive-descent parser for the search expression language (DOMAIN §4), close to what CNIPA's command
// line users type:
//
//   query    := or EOF
//   or       := and (OR and)*                  (the cnipa dialect; see below for espacenet and keywords)
//   and      := unary ((AND)? unary)*          two operands side by side mean AND
//   unary    := NOT unary | primary             so `a NOT b` is and(a, not(b)); NOT > AND > OR
//   primary  := '(' or ')' | field op value | term [NEAR/n term]
//   value    := '(' or ')' (the field applies to the group) | '[' date TO date ']' | term [NEAR/n term]
//
// Bare terms use the field in effect (关键词 TX at the top, F inside `F=( )`). Every error is an
// ExpressionError with a Chinese message and a 1-based character position; nothing else escapes.
//
// Two other dialects read the same tokens (ADR 0034):
//   espacenet  Espacenet's field codes (fields.ts ESPACENET_FIELDS; a code may stand for several fields) and its
//              order of evaluation: AND, OR and NOT are applied left to right without precedence, so
//              `ti=a or ti=b and ti=c` is `(ti=a or ti=b) and ti=c`;
//   keywords   the top-bar box, read the way Google Patents reads its box: words side by side are ANDed, OR binds
//              tighter than AND (`a b OR c` is a AND (b OR c)), `-word` / `-"phrase"` / `-(group)` exclude, words
//              with nothing searchable (，。【】) are skipped, a word with 6+ digits also finds that application or
//              publication number. Input with a field clause (`TI=…`) is an expression and read as one.
import { normalise } from '../normalise';
import { queryTokens, isWordChar, isCjk, termWidth, MAX_TERM_TOKENS } from '../tokenise';
import { normaliseIpc } from '../ipc';
import { PatentNumberError, applicationNumberForms, parsePublicationNumber } from '../patent-number';
import { ExpressionError } from './ast';
import type { DateNode, Node, TermNode } from './ast';
import { charPos, lex } from './lexer';
import { quoteValue } from './print';
import type { Token } from './lexer';
import { enumValue, fieldDef, lookupEspacenet, lookupField } from './fields';
import type { CodeField, DateField, EnumField, FieldCode, FieldDef, TextField } from './fields';

export const MAX_EXPRESSION_LENGTH = 5000;
export const MAX_DEPTH = 64;
export const DEFAULT_NEAR_DISTANCE = 10;
export const MAX_NEAR_DISTANCE = 100;

export interface ParseOptions {
  /** The field bare terms belong to (default 关键词 TX). */
  defaultField?: FieldCode;
  /**
   * 'espacenet' accepts Espacenet field codes and `within`/`all`/`any`/`prox` and evaluates left to right;
   * 'keywords' reads the top-bar box (see the header).
   */
  dialect?: 'cnipa' | 'espacenet' | 'keywords';
}

/** Parses a search expression into its tree; throws ExpressionError (Chinese message, position). */
export function parseExpression(input: string, options: ParseOptions = {}): Node {
  if (typeof input !== 'string' || input.trim() === '') throw new ExpressionError('请输入检索式', 1);
  if (input.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionError(`检索式过长，最多 ${MAX_EXPRESSION_LENGTH} 个字符`, MAX_EXPRESSION_LENGTH + 1);
  }
  try {
    return new Parser(input, options).parseQuery();
  } catch (e) {
    if (e instanceof ExpressionError) throw e;
    // Defensive: the parser is meant to report every problem itself; never let anything else out.
    throw new ExpressionError('检索式无法解析，请检查语法', 1);
  }
}

/** Turns an Espacenet-style query (`ti=锂电池 and pa=比亚迪 and pd within "2019 2020"`) into the same tree. */
export function parseEspacenet(input: string): Node {
  if (typeof input !== 'string' || input.trim() === '') throw new ExpressionError('请输入检索式', 1);
  // `prox/distance<=5`, `prox/unit=word/distance<5` → NEAR/n, padded so positions do not move.
  const rewritten = input.replace(/prox\/(?:unit=\w+\/)?distance\s*(<=|<|=)\s*(\d+)/gi, (m, op: string, d: string) => {
    const dist = op === '<' ? Math.max(1, Number(d) - 1) : Number(d);
    const near = `NEAR/${dist}`;
    return near.length <= m.length ? near + ' '.repeat(m.length - near.length) : m;
  });
  const withProx = rewritten.replace(/(^|[\s()])prox(?=$|[\s()])/gi, (_m, pre: string) => `${pre}NEAR`);
  return parseExpression(withProx, { dialect: 'espacenet' });
}

const TEXT_RELATIONS = new Set(['all', 'any']);

function isoDate(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function shiftDay(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A date as written (year, month or day) → the inclusive span it covers, or null if invalid. */
export function parseDateSpan(raw: string): { from: string; to: string } | null {
  const s = normalise(raw).replace(/\s+/g, '');
  let m: RegExpExecArray | null;
  let y: number;
  let mo: number | undefined;
  let d: number | undefined;
  if ((m = /^(\d{4})$/.exec(s))) y = Number(m[1]);
  else if ((m = /^(\d{4})[-./](\d{1,2})$/.exec(s)) || (m = /^(\d{4})(\d{2})$/.exec(s))) [y, mo] = [Number(m[1]), Number(m[2])];
  else if ((m = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})$/.exec(s)) || (m = /^(\d{4})(\d{2})(\d{2})$/.exec(s))) {
    [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else if ((m = /^(\d{4})年(?:(\d{1,2})月(?:(\d{1,2})日)?)?$/.exec(s))) {
    y = Number(m[1]);
    mo = m[2] ? Number(m[2]) : undefined;
    d = m[3] ? Number(m[3]) : undefined;
  } else return null;
  if (y < 1800 || y > 2199) return null;
  if (mo === undefined) return { from: isoDate(y, 1, 1), to: isoDate(y, 12, 31) };
  if (mo < 1 || mo > 12) return null;
  if (d === undefined) return { from: isoDate(y, mo, 1), to: isoDate(y, mo, daysInMonth(y, mo)) };
  if (d < 1 || d > daysInMonth(y, mo)) return null;
  return { from: isoDate(y, mo, d), to: isoDate(y, mo, d) };
}

/** and/or nodes with children of the same type flattened; one child → the child itself. */
export function combine(type: 'and' | 'or', items: Node[]): Node {
  const children: Node[] = [];
  for (const it of items) {
    if (it.type === type) children.push(...it.children);
    else children.push(it);
  }
  return children.length === 1 ? children[0] : { type, children };
}

/** The field(s) bare terms search: one field, or (Espacenet `ta`, `txt`, `ia`, `num`…) any of several. */
type Scope = FieldCode | readonly FieldCode[];

function scopeFields(scope: Scope): readonly FieldCode[] {
  return typeof scope === 'string' ? [scope] : scope;
}

/**
 * Espacenet's bare words (its help, "entering queries without field identifiers"): the field is guessed per word —
 * a date → pd, a classification symbol → cl, two to four capitals and digits → num, a Capitalised name → ia,
 * anything else (and a quoted phrase) → txt: title, abstract, inventor or applicant. This array, by identity, is the
 * scope that asks for the guess.
 */
const ESPACENET_BARE: readonly FieldCode[] = ['TI', 'AB', 'IN', 'PA'];
const ESPACENET_DATE = /^(?:\d{8}|\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}\/\d{4}|\d{2}\.\d{2}\.\d{4})$/;
const ESPACENET_CLASS = /^[A-H]\d{2}(?:[A-Z](?:\d{1,4}(?:\/\d{1,6})?)?)?$/;
const ESPACENET_NUMBER = /^[A-Z]{2,4}\d+[A-Z]?\d?$/;
const ESPACENET_NAME = /^[A-Z][a-z]+$/;

/** A word with at least this many digits in the keyword box also finds the application/publication number. */
const NUMBER_DIGITS = /\d{6,}/;

/**
 * The keyword box's tokens: `-word` → NOT word, a `-` right before a quote or a parenthesis → NOT, a lower-case
 * `near` a word, square brackets and words with nothing searchable (punctuation, a stray `-`) dropped.
 */
function keywordTokens(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const tok = tokens[k];
    if (tok.type === 'lbrack' || tok.type === 'rbrack') continue;
    // `near field communication` is three words; only NEAR in capitals (NEAR/5) is the operator, as in Google Patents.
    if (tok.type === 'near' && !tok.value.startsWith('NEAR')) {
      out.push({ type: 'word', value: tok.value, start: tok.start, end: tok.end });
      continue;
    }
    if (tok.type !== 'word') {
      out.push(tok);
      continue;
    }
    let { value, start } = tok;
    while (value.startsWith('-')) {
      const nextTok = tokens[k + 1];
      const glued = value.length > 1 || (nextTok.start === tok.end && (nextTok.type === 'quoted' || nextTok.type === 'lparen'));
      if (!glued) break;
      out.push({ type: 'not', value: '-', start, end: start + 1 });
      value = value.slice(1);
      start++;
    }
    if (value === '' || queryTokens(normalise(value.replace(/\*$/, ''))).kind === 'empty') continue;
    out.push({ ...tok, value, start });
  }
  return out;
}

class Parser {
  private tokens: Token[];
  private i = 0;
  private depth = 0;
  private readonly dialect: 'cnipa' | 'espacenet' | 'keywords';
  private readonly defaultField: FieldCode;
  /** Where bare words go: the default field; Espacenet's guess (ESPACENET_BARE) when no default was asked for. */
  private readonly bareScope: Scope;

  constructor(
    private readonly src: string,
    options: ParseOptions,
  ) {
    this.tokens = lex(src);
    let dialect = options.dialect ?? 'cnipa';
    // A field clause (`TI=…`, `申请日>=2020`) pasted into the keyword box: the whole box is an expression.
    if (dialect === 'keywords') {
      if (this.tokens.some((t) => t.type === 'op')) dialect = 'cnipa';
      else this.tokens = keywordTokens(this.tokens);
    }
    this.dialect = dialect;
    this.defaultField = options.defaultField ?? 'TX';
    this.bareScope = dialect === 'espacenet' && !options.defaultField ? ESPACENET_BARE : this.defaultField;
  }

  // ── helpers ──────────────────────────────────────────────────────────────────────────────────────

  private peek(k = 0): Token {
    return this.tokens[Math.min(this.i + k, this.tokens.length - 1)];
  }

  private next(): Token {
    const t = this.peek();
    if (this.i < this.tokens.length - 1) this.i++;
    return t;
  }

  private pos(tok: Token | number): number {
    return charPos(this.src, typeof tok === 'number' ? tok : tok.start);
  }

  private fail(at: Token | number, msg: (p: number) => string): never {
    const p = this.pos(at);
    throw new ExpressionError(msg(p), p);
  }

  private show(tok: Token): string {
    return this.src.slice(tok.start, tok.end);
  }

  private canStart(tok: Token): boolean {
    return tok.type === 'lparen' || tok.type === 'word' || tok.type === 'quoted' || tok.type === 'not';
  }

  /** Error for a token standing where an operand should be; `after` is the operator before it, if any. */
  private missingOperand(tok: Token, after?: Token): never {
    if (tok.type === 'eof') {
      if (after) this.fail(after, (p) => `第 ${p} 个字符处的“${this.show(after)}”后面缺少检索词`);
      this.fail(tok, (p) => `第 ${p} 个字符处缺少检索词`);
    }
    if (tok.type === 'rparen') {
      if (after) this.fail(after, (p) => `第 ${p} 个字符处的“${this.show(after)}”后面缺少检索词`);
      this.fail(tok, (p) => `第 ${p} 个字符处多了一个右括号`);
    }
    if (tok.type === 'and' || tok.type === 'or' || tok.type === 'near') {
      if (after)
        this.fail(tok, (p) => `第 ${p} 个字符处的“${this.show(tok)}”前面缺少检索词（“${this.show(after)}”后面紧跟了运算符）`);
      this.fail(tok, (p) => `第 ${p} 个字符处的“${this.show(tok)}”前面缺少检索词`);
    }
    if (tok.type === 'op') this.fail(tok, (p) => `第 ${p} 个字符处的“${tok.value}”前面缺少字段名`);
    if (tok.type === 'lbrack' || tok.type === 'rbrack') {
      this.fail(tok, (p) => `第 ${p} 个字符处的方括号只能用于日期范围，如 申请日=[2020-01-01 TO 2020-12-31]`);
    }
    this.fail(tok, (p) => `第 ${p} 个字符处缺少检索词`);
  }

  private enter(tok: Token): void {
    if (++this.depth > MAX_DEPTH) this.fail(tok, (p) => `第 ${p} 个字符处括号或 NOT 嵌套过深（最多 ${MAX_DEPTH} 层）`);
  }

  // ── grammar ──────────────────────────────────────────────────────────────────────────────────────

  parseQuery(): Node {
    const first = this.peek();
    if (first.type === 'eof') {
      throw new ExpressionError(this.dialect === 'keywords' ? '检索词不含可检索的文字或数字' : '请输入检索式', 1);
    }
    if (!this.canStart(first)) this.missingOperand(first);
    const node = this.parseOr(this.bareScope);
    const tok = this.peek();
    if (tok.type !== 'eof') {
      if (tok.type === 'rparen') this.fail(tok, (p) => `第 ${p} 个字符处多了一个右括号`);
      this.unexpected(tok);
    }
    return mergeEnums(node);
  }

  private unexpected(tok: Token): never {
    if (tok.type === 'near') this.fail(tok, (p) => `第 ${p} 个字符处的 NEAR 两侧都必须是单个检索词`);
    if (tok.type === 'op') this.fail(tok, (p) => `第 ${p} 个字符处的“${tok.value}”前面缺少字段名`);
    if (tok.type === 'lbrack' || tok.type === 'rbrack') this.missingOperand(tok);
    this.fail(tok, (p) => `第 ${p} 个字符处无法识别“${this.show(tok)}”`);
  }

  private parseOr(field: Scope): Node {
    if (this.dialect === 'espacenet') return this.parseLeftToRight(field);
    if (this.dialect === 'keywords') return this.parseKeywordAnd(field);
    const items = [this.parseAnd(field)];
    while (this.peek().type === 'or') {
      const op = this.next();
      if (!this.canStart(this.peek())) this.missingOperand(this.peek(), op);
      items.push(this.parseAnd(field));
    }
    return combine('or', items);
  }

  /**
   * Espacenet: operands joined left to right, each operator applied to everything before it (`a or b and c` is
   * `(a or b) and c`; `a or b not c` is `(a or b) and not c`). Each change of operator nests the tree one level.
   */
  private parseLeftToRight(field: Scope): Node {
    let acc = this.parseUnary(field);
    let levels = 0;
    for (;;) {
      const tok = this.peek();
      let op: 'and' | 'or' | 'not';
      if (tok.type === 'and' || tok.type === 'or' || tok.type === 'not') {
        this.next();
        if (!this.canStart(this.peek())) this.missingOperand(this.peek(), tok);
        op = tok.type;
      } else if (this.canStart(tok)) {
        op = 'and';
      } else if (tok.type === 'near' || tok.type === 'op' || tok.type === 'lbrack' || tok.type === 'rbrack') {
        this.unexpected(tok);
      } else break;
      const right = this.parseUnary(field);
      const type = op === 'or' ? 'or' : 'and';
      if ((acc.type === 'and' || acc.type === 'or') && acc.type !== type && ++levels + this.depth > MAX_DEPTH) {
        this.fail(tok, (p) => `第 ${p} 个字符处括号或 NOT 嵌套过深（最多 ${MAX_DEPTH} 层）`);
      }
      acc = combine(type, [acc, op === 'not' ? { type: 'not', child: right } : right]);
    }
    return acc;
  }

  /** The keyword box: operands side by side (or with AND) are ANDed; each is a run of OR (OR binds tighter). */
  private parseKeywordAnd(field: Scope): Node {
    const items = [this.parseKeywordOr(field)];
    for (;;) {
      const tok = this.peek();
      if (tok.type === 'and') {
        this.next();
        if (!this.canStart(this.peek())) this.missingOperand(this.peek(), tok);
        items.push(this.parseKeywordOr(field));
      } else if (this.canStart(tok)) {
        items.push(this.parseKeywordOr(field));
      } else if (tok.type === 'near' || tok.type === 'op') {
        this.unexpected(tok);
      } else break;
    }
    return combine('and', items);
  }

  private parseKeywordOr(field: Scope): Node {
    const items = [this.parseUnary(field)];
    while (this.peek().type === 'or') {
      const op = this.next();
      if (!this.canStart(this.peek())) this.missingOperand(this.peek(), op);
      items.push(this.parseUnary(field));
    }
    return combine('or', items);
  }

  private parseAnd(field: Scope): Node {
    const items = [this.parseUnary(field)];
    for (;;) {
      const tok = this.peek();
      if (tok.type === 'and') {
        this.next();
        if (!this.canStart(this.peek())) this.missingOperand(this.peek(), tok);
        items.push(this.parseUnary(field));
      } else if (this.canStart(tok)) {
        items.push(this.parseUnary(field));
      } else if (tok.type === 'near' || tok.type === 'op' || tok.type === 'lbrack' || tok.type === 'rbrack') {
        this.unexpected(tok);
      } else break;
    }
    return combine('and', items);
  }

  private parseUnary(field: Scope): Node {
    const tok = this.peek();
    if (tok.type === 'not') {
      this.next();
      if (!this.canStart(this.peek())) this.missingOperand(this.peek(), tok);
      this.enter(tok);
      const child = this.parseUnary(field);
      this.depth--;
      return { type: 'not', child };
    }
    return this.parsePrimary(field);
  }

  private parseGroup(field: Scope): Node {
    const open = this.next();
    this.enter(open);
    const first = this.peek();
    if (first.type === 'rparen') this.fail(first, (p) => `第 ${p} 个字符处的括号内缺少检索词`);
    if (!this.canStart(first)) this.missingOperand(first, open);
    const node = this.parseOr(field);
    const close = this.peek();
    if (close.type !== 'rparen') {
      if (close.type === 'eof') {
        this.fail(close, (p) => `第 ${p} 个字符处缺少右括号（与第 ${this.pos(open)} 个字符处的左括号配对）`);
      }
      this.unexpected(close);
    }
    this.next();
    this.depth--;
    return node;
  }

  private parsePrimary(field: Scope): Node {
    const tok = this.peek();
    if (tok.type === 'lparen') return this.parseGroup(field);
    if (tok.type === 'word') {
      const after = this.peek(1);
      if (after.type === 'op') return this.parseFieldClause();
      if (this.dialect === 'espacenet' && after.type === 'word') {
        const rel = after.value.toLowerCase();
        const known = lookupEspacenet(tok.value) ?? lookupField(tok.value, 'espacenet');
        if ((rel === 'within' || TEXT_RELATIONS.has(rel)) && known) return this.parseFieldClause();
      }
    }
    if (tok.type === 'word' || tok.type === 'quoted') return this.parseScopedLeaf(field);
    this.missingOperand(tok);
  }

  /** A value searched in every field of `scope` (any of them may match); in the keyword box a number too. */
  private parseScopedLeaf(scope: Scope): Node {
    if (scope === ESPACENET_BARE) {
      const guessed = this.espacenetGuess();
      if (guessed) return guessed;
    }
    const fields = scopeFields(scope);
    const def = fieldDef(fields[0]);
    const tok = this.peek();
    if (fields.length > 1 && def.kind === 'code') {
      this.next();
      return this.codeAlternatives(fields as readonly CodeField[], tok);
    }
    const leaf = this.parseLeaf(def);
    if (fields.length > 1) return spread(leaf, fields);
    if (
      this.dialect === 'keywords' &&
      def.code === 'TX' &&
      leaf.type === 'term' &&
      tok.type === 'word' &&
      NUMBER_DIGITS.test(leaf.value)
    ) {
      return combine('or', [leaf, ...this.numberAlternatives(leaf.value)]);
    }
    return leaf;
  }

  /** Espacenet's guess for a bare word that is a date, a symbol, a number or a name; null: it is text (txt). */
  private espacenetGuess(): Node | null {
    const tok = this.peek();
    if (tok.type !== 'word' || this.peek(1).type === 'near') return null;
    const word = tok.value.trim();
    if (ESPACENET_DATE.test(word) && this.dateSpan(word)) {
      this.next();
      return this.dateNode('PD', '=', tok);
    }
    if (ESPACENET_CLASS.test(word) && normaliseIpc(word)) {
      this.next();
      return { type: 'code', field: 'IPC', value: normaliseIpc(word)! };
    }
    if (ESPACENET_NUMBER.test(word)) {
      const forms: Node[] = [];
      for (const field of ['AN', 'PN'] as const) {
        try {
          forms.push(this.codeValue(field, word));
        } catch (e) {
          if (!(e instanceof PatentNumberError)) throw e;
        }
      }
      if (forms.length) {
        this.next();
        return combine('or', forms);
      }
    }
    if (ESPACENET_NAME.test(word)) return spread(this.parseLeaf(fieldDef('IN')), ['IN', 'PA']);
    return null;
  }

  /** An application or publication number in the keyword box: whichever readings of the word are valid. */
  private numberAlternatives(value: string): Node[] {
    const out: Node[] = [];
    for (const form of applicationNumberForms(value, { quiet: true })) out.push({ type: 'code', field: 'AN', value: form });
    try {
      out.push({ type: 'code', field: 'PN', value: parsePublicationNumber(value).canonical });
    } catch (e) {
      if (!(e instanceof PatentNumberError)) throw e;
    }
    return out;
  }

  /** Espacenet `num=`: the number as any of `fields` (application, publication) that can read it. */
  private codeAlternatives(fields: readonly CodeField[], tok: Token): Node {
    if (tok.type !== 'word' && tok.type !== 'quoted') this.missingOperand(tok);
    const out: Node[] = [];
    let firstError: PatentNumberError | null = null;
    for (const field of fields) {
      try {
        out.push(this.codeValue(field, tok.value));
      } catch (e) {
        if (!(e instanceof PatentNumberError)) throw e;
        firstError ??= e;
      }
    }
    if (out.length === 0) {
      this.fail(tok, (p) => `第 ${p} 个字符处：“${tok.value.trim()}”不是可识别的申请号或公开号（${firstError?.message ?? ''}）`);
    }
    return combine('or', out);
  }

  private parseFieldClause(): Node {
    const nameTok = this.next();
    const esp = this.dialect === 'espacenet' ? lookupEspacenet(nameTok.value) : undefined;
    if (esp?.unsupported) {
      this.fail(
        nameTok,
        (p) => `第 ${p} 个字符处：暂不支持 Espacenet 字段“${nameTok.value}”（${esp.meaning}）。${esp.unsupported}`,
      );
    }
    const def = esp?.fields
      ? fieldDef(esp.fields[0])
      : lookupField(nameTok.value, this.dialect === 'espacenet' ? 'espacenet' : 'cnipa');
    if (!def) this.fail(nameTok, (p) => `第 ${p} 个字符处无法识别的字段“${nameTok.value}”`);
    const scope: Scope = esp?.fields ?? def.code;
    const opTok = this.next();
    const op = opTok.type === 'op' ? opTok.value : opTok.value.toLowerCase();
    const valueTok = this.peek();
    if (valueTok.type === 'eof' || valueTok.type === 'rparen' || valueTok.type === 'and' || valueTok.type === 'or') {
      this.fail(opTok.end, (p) => `第 ${p} 个字符处：字段“${def.name}”缺少检索值`);
    }

    if (op === 'within') return this.parseWithin(def, opTok);
    if (op === 'all' || op === 'any') {
      if (def.kind !== 'text') this.fail(opTok, (p) => `第 ${p} 个字符处：字段“${def.name}”不能用“${opTok.value}”`);
      const v = this.next();
      if (v.type !== 'word' && v.type !== 'quoted')
        this.fail(v, (p) => `第 ${p} 个字符处：“${opTok.value}”后面应为带引号的检索词`);
      const parts = normalise(v.value).split(' ').filter(Boolean);
      if (parts.length === 0) this.fail(v, (p) => `第 ${p} 个字符处的引号内缺少检索词`);
      const fields = scopeFields(scope);
      const leaves = parts.map((w) => spread(this.termFromText(fields[0] as TextField, w, false, v), fields));
      return combine(op === 'all' ? 'and' : 'or', leaves);
    }

    if (def.kind === 'date') {
      if (valueTok.type === 'lbrack') {
        if (op !== '=') this.fail(opTok, (p) => `第 ${p} 个字符处：日期范围前只能用“=”`);
        return this.parseRange(def.code as DateField);
      }
      if (valueTok.type === 'lparen') {
        if (op !== '=') this.fail(opTok, (p) => `第 ${p} 个字符处：括号前只能用“=”`);
        return this.parseGroup(def.code);
      }
      const v = this.next();
      if (v.type !== 'word' && v.type !== 'quoted') this.missingOperand(v, opTok);
      return this.dateNode(def.code as DateField, op, v);
    }

    if (op !== '=') {
      this.fail(opTok, (p) => `第 ${p} 个字符处：字段“${def.name}”不能用“${op}”比较，只能用“=”（排除请用 NOT）`);
    }
    if (valueTok.type === 'lparen') return this.parseGroup(scope);
    if (valueTok.type === 'lbrack') this.fail(valueTok, (p) => `第 ${p} 个字符处：只有日期字段可以用 [ TO ] 范围`);
    if (valueTok.type !== 'word' && valueTok.type !== 'quoted') this.missingOperand(valueTok, opTok);
    return this.parseScopedLeaf(scope);
  }

  /** Espacenet `pd within "2019 2020"` / `pd within "20190101,20201231"`. */
  private parseWithin(def: FieldDef, opTok: Token): Node {
    if (def.kind !== 'date') this.fail(opTok, (p) => `第 ${p} 个字符处：只有日期字段可以用 within`);
    const v = this.next();
    if (v.type !== 'word' && v.type !== 'quoted') this.missingOperand(v, opTok);
    const parts = normalise(v.value)
      .split(/[\s,]+/)
      .filter(Boolean);
    if (parts.length === 1) return this.dateNode(def.code as DateField, '=', { ...v, value: parts[0] });
    if (parts.length !== 2) this.fail(v, (p) => `第 ${p} 个字符处的日期范围应写作 "2019 2020" 或 "20190101,20201231"`);
    return this.rangeNode(def.code as DateField, parts[0], parts[1], v, v);
  }

  /** `[from TO to]`, also `[from 至 to]`, `[2020至2021]`, `[2020~2021]`, `*` for an open end. */
  private parseRange(field: DateField): Node {
    const open = this.next();
    const words: Token[] = [];
    while (this.peek().type === 'word' || this.peek().type === 'quoted') words.push(this.next());
    const close = this.peek();
    if (close.type !== 'rbrack') {
      if (close.type === 'eof')
        this.fail(close, (p) => `第 ${p} 个字符处缺少右方括号（与第 ${this.pos(open)} 个字符处的“[”配对）`);
      this.fail(close, (p) => `第 ${p} 个字符处的日期范围格式不对，应写作 [2020-01-01 TO 2020-12-31]`);
    }
    this.next();
    let fromTok: Token | undefined;
    let toTok: Token | undefined;
    if (words.length === 3 && /^(to|至|~|-)$/i.test(words[1].value)) [fromTok, toTok] = [words[0], words[2]];
    else if (words.length === 1) {
      const m = /^(.+?)(?:至|~)(.+)$/.exec(words[0].value);
      if (m)
        [fromTok, toTok] = [
          { ...words[0], value: m[1] },
          { ...words[0], value: m[2] },
        ];
    }
    if (!fromTok || !toTok) this.fail(open, (p) => `第 ${p} 个字符处的日期范围格式不对，应写作 [2020-01-01 TO 2020-12-31]`);
    return this.rangeNode(field, fromTok.value, toTok.value, fromTok, toTok);
  }

  private rangeNode(field: DateField, fromRaw: string, toRaw: string, fromTok: Token, toTok: Token): DateNode {
    const open = (s: string) => s.trim() === '*' || s.trim() === '';
    const a = open(fromRaw) ? null : this.dateSpan(fromRaw);
    const b = open(toRaw) ? null : this.dateSpan(toRaw);
    if (!open(fromRaw) && !a) this.badDate(fromTok, fromRaw);
    if (!open(toRaw) && !b) this.badDate(toTok, toRaw);
    if (!a && !b) this.fail(fromTok, (p) => `第 ${p} 个字符处的日期范围至少要写一端`);
    if (a && b && a.from > b.to) this.fail(fromTok, (p) => `第 ${p} 个字符处的日期范围起点晚于终点`);
    if (a && b) return { type: 'date', field, op: '=', from: a.from, to: b.to };
    if (a) return { type: 'date', field, op: '>=', from: a.from };
    return { type: 'date', field, op: '<=', to: b!.to };
  }

  /** parseDateSpan; Espacenet also writes a day as dd/mm/yyyy or dd.mm.yyyy (its help: pd="07/01/2008"). */
  private dateSpan(raw: string): { from: string; to: string } | null {
    const m = this.dialect === 'espacenet' ? /^\s*(\d{1,2})[/.](\d{1,2})[/.](\d{4})\s*$/.exec(normalise(raw)) : null;
    return parseDateSpan(m ? `${m[3]}-${m[2]}-${m[1]}` : raw);
  }

  private badDate(tok: Token, raw: string): never {
    this.fail(tok, (p) => `第 ${p} 个字符处的日期“${raw}”无效，可写作 2020、2020-05、2020-05-01 或 20200501`);
  }

  private dateNode(field: DateField, op: string, tok: Token): DateNode {
    const span = this.dateSpan(tok.value);
    if (!span) this.badDate(tok, tok.value);
    switch (op) {
      case '=':
        return { type: 'date', field, op: '=', from: span.from, to: span.to };
      case '>=':
        return { type: 'date', field, op: '>=', from: span.from };
      case '>':
        return { type: 'date', field, op: '>=', from: shiftDay(span.to, 1) };
      case '<=':
        return { type: 'date', field, op: '<=', to: span.to };
      case '<':
        return { type: 'date', field, op: '<=', to: shiftDay(span.from, -1) };
      default:
        this.fail(tok, (p) => `第 ${p} 个字符处：日期不支持“${op}”`);
    }
  }

  /** A value in a field's context: a text term (with NEAR), a date, a code or an enum value. */
  private parseLeaf(def: FieldDef): Node {
    const tok = this.peek();
    if (def.kind === 'date' && tok.type === 'lbrack') return this.parseRange(def.code as DateField);
    this.next();
    switch (def.kind) {
      case 'text':
        return this.parseTextLeaf(def.code as TextField, tok);
      case 'date':
        return this.dateNode(def.code as DateField, '=', tok);
      case 'code':
        return this.codeNode(def.code as CodeField, tok);
      case 'enum':
        return this.enumNode(def, tok);
      default:
        this.fail(tok, (p) => `第 ${p} 个字符处：字段“${def.name}”暂不支持检索`);
    }
  }

  private parseTextLeaf(field: TextField, tok: Token): Node {
    const left = this.termFrom(field, tok);
    if (this.peek().type !== 'near') return left;
    const nearTok = this.next();
    const rightTok = this.peek();
    if (rightTok.type !== 'word' && rightTok.type !== 'quoted') {
      this.fail(nearTok, (p) => `第 ${p} 个字符处的 NEAR 两侧都必须是单个检索词`);
    }
    this.next();
    const right = this.termFrom(field, rightTok);
    if (left.prefix || right.prefix) this.fail(nearTok, (p) => `第 ${p} 个字符处的 NEAR 两侧不能使用通配符 *`);
    if (this.peek().type === 'near') this.fail(this.peek(), (p) => `第 ${p} 个字符处：NEAR 不能连用，请用 AND 连接两个 NEAR`);
    const distance = nearTok.distance ?? DEFAULT_NEAR_DISTANCE;
    if (distance < 1 || distance > MAX_NEAR_DISTANCE) {
      this.fail(nearTok, (p) => `第 ${p} 个字符处的 NEAR 距离应在 1 到 ${MAX_NEAR_DISTANCE} 之间`);
    }
    return { type: 'near', field, left: left.value, right: right.value, distance };
  }

  private termFrom(field: TextField, tok: Token): TermNode {
    if (tok.type === 'quoted') return this.termFromText(field, tok.value, true, tok);
    let raw = tok.value;
    let prefix = false;
    const star = raw.indexOf('*');
    if (star >= 0) {
      if (star !== raw.length - 1 || raw.length === 1) {
        this.fail(tok, (p) => `第 ${p} 个字符处：通配符 * 只能放在英文单词末尾，如 batter*`);
      }
      raw = raw.slice(0, -1);
      const last = normalise(raw).codePointAt(normalise(raw).length - 1) ?? 0;
      // Chinese already matches as a substring, so 锂电* is simply 锂电.
      if (isWordChar(last) && !isCjk(last)) prefix = true;
    }
    const node = this.termFromText(field, raw, false, tok);
    if (prefix) node.prefix = true;
    return node;
  }

  private termFromText(field: TextField, raw: string, phrase: boolean, tok: Token): TermNode {
    const value = normalise(raw);
    if (value === '' && phrase) this.fail(tok, (p) => `第 ${p} 个字符处的引号内缺少检索词`);
    const match = queryTokens(value);
    if (match.kind === 'empty') {
      const shown = tok.type === 'word' ? this.show(tok) : raw.trim();
      this.fail(tok, (p) => `第 ${p} 个字符处的检索词“${shown}”不含可检索的文字或数字`);
    }
    if (termWidth(match) > MAX_TERM_TOKENS) {
      this.fail(tok, (p) => `第 ${p} 个字符处的检索词过长（最多约 ${MAX_TERM_TOKENS} 个字或词），请拆成几个词用 AND 连接`);
    }
    const node: TermNode = { type: 'term', field, value };
    // A bare word whose normalised form would not read back as a bare word (`或*` → 或, an operator)
    // is kept as a quoted one, so printing and parsing again gives the same tree.
    if (phrase || quoteValue(value) !== value) node.phrase = true;
    return node;
  }

  private codeNode(field: CodeField, tok: Token): Node {
    let raw = tok.value;
    if (field === 'IPC' || field === 'MIPC') {
      // `H01M 10/0525`: a subclass followed by a group written apart is one symbol.
      const nextTok = this.peek();
      if (
        tok.type === 'word' &&
        nextTok.type === 'word' &&
        /^[a-hA-H]\d{2}[a-zA-Z]$/.test(normalise(raw)) &&
        /^\d{1,4}(\/\d*)?$/.test(nextTok.value)
      ) {
        raw = `${raw}${nextTok.value}`;
        this.next();
      }
      const value = normaliseIpc(raw);
      if (!value) this.fail(tok, (p) => `第 ${p} 个字符处的分类号“${raw.trim()}”格式不对，应如 H01M 或 H01M10/0525`);
      return { type: 'code', field, value };
    }
    try {
      return this.codeValue(field, raw);
    } catch (e) {
      if (e instanceof PatentNumberError) this.fail(tok, (p) => `第 ${p} 个字符处：${e.message}`);
      throw e;
    }
  }

  /**
   * An application number → each stored form it may stand for (CN canonical; US09832323, EP…, WO… as imported);
   * a publication number → its canonical form. Throws PatentNumberError.
   */
  private codeValue(field: CodeField, raw: string): Node {
    if (field === 'AN') {
      return combine(
        'or',
        applicationNumberForms(raw).map((value): Node => ({ type: 'code', field, value })),
      );
    }
    if (field === 'PN') return { type: 'code', field, value: parsePublicationNumber(raw).canonical };
    const value = normaliseIpc(raw);
    if (!value) throw new PatentNumberError(`分类号“${raw.trim()}”格式不对，应如 H01M 或 H01M10/0525`);
    return { type: 'code', field, value };
  }

  private enumNode(def: FieldDef, tok: Token): Node {
    const key = normalise(tok.value).replace(/\s+/g, '');
    const value = enumValue(def.code as EnumField, key);
    if (!value) {
      this.fail(tok, (p) => `第 ${p} 个字符处：${def.name}“${tok.value.trim()}”无效，可选 ${def.values!.join('、')}`);
    }
    return { type: 'enum', field: def.code as EnumField, values: [value] };
  }
}

/** A text leaf (term or NEAR) searched in any of `fields`: one copy per field, ORed. */
function spread(leaf: Node, fields: readonly FieldCode[]): Node {
  if (fields.length === 1 || (leaf.type !== 'term' && leaf.type !== 'near')) return leaf;
  return combine(
    'or',
    fields.map((field): Node => ({ ...leaf, field: field as TextField })),
  );
}

/** Merges `TYPE=(发明 OR 实用新型)` style OR groups of one enum field into one enum node (used by the parser). */
export function mergeEnums(node: Node): Node {
  if (node.type === 'or') {
    const children = node.children.map(mergeEnums);
    const first = children[0];
    if (first.type === 'enum' && children.every((c) => c.type === 'enum' && c.field === first.field)) {
      const values: string[] = [];
      for (const c of children) if (c.type === 'enum') for (const v of c.values) if (!values.includes(v)) values.push(v);
      return { type: 'enum', field: first.field, values };
    }
    return { type: 'or', children };
  }
  if (node.type === 'and') return { type: 'and', children: node.children.map(mergeEnums) };
  if (node.type === 'not') return { type: 'not', child: mergeEnums(node.child) };
  return node;
}
