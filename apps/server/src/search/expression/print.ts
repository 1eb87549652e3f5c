// Prints a tree back as canonical expression text; parseExpression(toExpression(t)) gives t back for any
// tree the parser produced (the round-trip tests check it).
import type { DateNode, Node } from './ast';
import { fieldDef } from './fields';
import { keywordType } from './lexer';
import type { FieldCode } from './fields';

export interface PrintOptions {
  /** 'code' (default): `TI=锂电池`; 'zh': `名称=锂电池`. */
  fieldNames?: 'code' | 'zh';
}

const NEEDS_QUOTES = /[\s()[\]=<>"“”「」（）［］【】＝＜＞＂\u3000≠]|&&|\|\|/;

/** A term value as it must be written: bare when the lexer reads it back as one word, else quoted. */
export function quoteValue(value: string, phrase = false): string {
  const bare =
    !phrase &&
    value !== '' &&
    !NEEDS_QUOTES.test(value) &&
    keywordType(value) === null &&
    !value.startsWith('!') &&
    !value.includes('*');
  if (bare) return value;
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function fieldName(code: FieldCode, opts: PrintOptions): string {
  return opts.fieldNames === 'zh' ? fieldDef(code).name : code;
}

/** The one text field all leaves of a subtree search, if they are all text terms/NEARs of one field. */
function commonTextField(node: Node): FieldCode | null {
  switch (node.type) {
    case 'term':
    case 'near':
      return node.field;
    case 'not':
      return commonTextField(node.child);
    case 'and':
    case 'or': {
      const f = commonTextField(node.children[0]);
      if (!f) return null;
      return node.children.every((c) => commonTextField(c) === f) ? f : null;
    }
    default:
      return null;
  }
}

function isWholeYear(d: DateNode): boolean {
  return !!d.from && !!d.to && d.from.slice(0, 4) === d.to.slice(0, 4) && d.from.endsWith('-01-01') && d.to.endsWith('-12-31');
}

function isWholeMonth(d: DateNode): boolean {
  if (!d.from || !d.to || d.from.slice(0, 7) !== d.to.slice(0, 7) || !d.from.endsWith('-01')) return false;
  const [y, m] = d.from.split('-').map(Number);
  return Number(d.to.slice(8)) === new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function printDate(d: DateNode, opts: PrintOptions): string {
  const f = fieldName(d.field, opts);
  if (d.op === '>=') return `${f}>=${d.from}`;
  if (d.op === '<=') return `${f}<=${d.to}`;
  if (d.from === d.to) return `${f}=${d.from}`;
  if (isWholeYear(d)) return `${f}=${d.from!.slice(0, 4)}`;
  if (isWholeMonth(d)) return `${f}=${d.from!.slice(0, 7)}`;
  return `${f}=[${d.from} TO ${d.to}]`;
}

/** Canonical expression text for a tree. */
export function toExpression(node: Node, opts: PrintOptions = {}): string {
  return print(node, 'TX', opts);
}

function print(node: Node, ctx: FieldCode, opts: PrintOptions): string {
  if (node.type === 'not') return printInner(node, ctx, opts);
  if (node.type === 'and' || node.type === 'or') {
    const common = commonTextField(node);
    if (common && common !== ctx) return `${fieldName(common, opts)}=(${printInner(node, common, opts)})`;
    return printInner(node, ctx, opts);
  }
  switch (node.type) {
    case 'term': {
      const v = quoteValue(node.value, node.phrase) + (node.prefix ? '*' : '');
      return node.field === ctx ? v : `${fieldName(node.field, opts)}=${v}`;
    }
    case 'near': {
      const inner = `${quoteValue(node.left)} NEAR/${node.distance} ${quoteValue(node.right)}`;
      return node.field === ctx ? inner : `${fieldName(node.field, opts)}=(${inner})`;
    }
    case 'date':
      return printDate(node, opts);
    case 'code':
      return `${fieldName(node.field, opts)}=${quoteValue(node.value)}`;
    case 'enum': {
      const f = fieldName(node.field, opts);
      return node.values.length === 1 ? `${f}=${node.values[0]}` : `${f}=(${node.values.join(' OR ')})`;
    }
  }
}

function printInner(node: Node, ctx: FieldCode, opts: PrintOptions): string {
  if (node.type === 'and' || node.type === 'or') {
    // Neighbouring children searching the same text field are written as one group: `TI=(a AND b)`.
    // The parser flattens the group back into this node, so the tree is unchanged by a round trip.
    const parts: string[] = [];
    const kids = node.children;
    for (let i = 0; i < kids.length;) {
      const f = commonTextField(kids[i]);
      let j = i + 1;
      if (f && f !== ctx) while (j < kids.length && commonTextField(kids[j]) === f) j++;
      if (j - i >= 2) {
        const run: Node = { type: node.type, children: kids.slice(i, j) };
        parts.push(`${fieldName(f!, opts)}=(${printInner(run, f!, opts)})`);
      } else {
        const c = kids[i];
        parts.push(node.type === 'and' ? operand(c, ctx, opts, c.type === 'or') : print(c, ctx, opts));
      }
      i = j;
    }
    return parts.join(node.type === 'and' ? ' AND ' : ' OR ');
  }
  if (node.type === 'not') return `NOT ${operand(node.child, ctx, opts, node.child.type === 'and' || node.child.type === 'or')}`;
  return print(node, ctx, opts);
}

/** A child printed as one operand: in parentheses when it is a lower-precedence group in the same field. */
function operand(node: Node, ctx: FieldCode, opts: PrintOptions, group: boolean): string {
  if (!group) return print(node, ctx, opts);
  const common = commonTextField(node);
  if (common && common !== ctx) return `${fieldName(common, opts)}=(${printInner(node, common, opts)})`;
  return `(${printInner(node, ctx, opts)})`;
}
