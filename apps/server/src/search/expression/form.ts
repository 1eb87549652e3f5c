// The advanced-search form → an expression (/v1/search/get-expression). Each box is read as an expression
// in its own field (so a box may hold `锂电池 OR 钠电池`); errors name the box.
import { ExpressionError } from './ast';
import type { DateNode, Node } from './ast';
import { enumValue, lookupField } from './fields';
import type { DateField, EnumField, FieldDef } from './fields';
import { combine, parseDateSpan, parseExpression } from './parser';
import { toExpression } from './print';
import type { PrintOptions } from './print';
import { normalise } from '../normalise';

/**
 * Field (code or Chinese name) → value: text and code fields a string (or several, ORed); date fields
 * `[from, to]` (either end may be empty) or an expression string; 专利类型/法律状态 an array of values.
 */
export type SearchForm = Record<string, string | readonly (string | null | undefined)[] | null | undefined>;

function inBox(def: FieldDef, e: unknown): never {
  if (e instanceof ExpressionError) throw new ExpressionError(`${def.name}：${e.message}`, e.position);
  throw e;
}

function dateBounds(def: FieldDef, from: string, to: string): DateNode | null {
  const a = from ? parseDateSpan(from) : null;
  const b = to ? parseDateSpan(to) : null;
  if (from && !a) throw new ExpressionError(`${def.name}：起始日期“${from}”无效，可写作 2020、2020-05 或 2020-05-01`, 1);
  if (to && !b) throw new ExpressionError(`${def.name}：截止日期“${to}”无效，可写作 2020、2020-05 或 2020-05-01`, 1);
  const field = def.code as DateField;
  if (a && b) {
    if (a.from > b.to) throw new ExpressionError(`${def.name}：起始日期晚于截止日期`, 1);
    return { type: 'date', field, op: '=', from: a.from, to: b.to };
  }
  if (a) return { type: 'date', field, op: '>=', from: a.from };
  if (b) return { type: 'date', field, op: '<=', to: b.to };
  return null;
}

/** The tree for an advanced-search form; null when every box is empty. */
export function formToAst(form: SearchForm): Node | null {
  const parts: Node[] = [];
  for (const [key, raw] of Object.entries(form ?? {})) {
    if (raw === null || raw === undefined) continue;
    const def = lookupField(key);
    if (!def) throw new ExpressionError(`表单中无法识别的字段“${key}”`, 1);
    const values = (typeof raw === 'string' ? [raw] : [...raw]).map((v) => (v ?? '').trim());
    if (values.every((v) => v === '')) continue;

    if (def.kind === 'date' && Array.isArray(raw)) {
      const node = dateBounds(def, values[0] ?? '', values[1] ?? '');
      if (node) parts.push(node);
      continue;
    }
    if (def.kind === 'enum') {
      const picked: string[] = [];
      for (const v of values.flatMap((s) => s.split(/[\s,，、;；]+/)).filter(Boolean)) {
        const canon = enumValue(def.code as EnumField, normalise(v));
        if (!canon) throw new ExpressionError(`${def.name}“${v}”无效，可选 ${def.values!.join('、')}`, 1);
        if (!picked.includes(canon)) picked.push(canon);
      }
      parts.push({ type: 'enum', field: def.code as EnumField, values: picked });
      continue;
    }
    const nodes: Node[] = [];
    for (const v of values.filter(Boolean)) {
      try {
        nodes.push(parseExpression(v, { defaultField: def.code }));
      } catch (e) {
        inBox(def, e);
      }
    }
    parts.push(combine('or', nodes));
  }
  return parts.length ? combine('and', parts) : null;
}

/** The expression for an advanced-search form; '' when every box is empty. */
export function formToExpression(form: SearchForm, opts: PrintOptions = {}): string {
  const ast = formToAst(form);
  return ast ? toExpression(ast, opts) : '';
}
