// The expression tree every search input (expression, Espacenet query, advanced-search form, keywords)
// is turned into; the SQL compilers read only this.
import { AppError } from '../../http/errors';
import type { CodeField, DateField, EnumField, TextField } from './fields';

export interface AndNode {
  type: 'and';
  children: Node[];
}
export interface OrNode {
  type: 'or';
  children: Node[];
}
export interface NotNode {
  type: 'not';
  child: Node;
}
/** A text term, already normalised. `phrase`: it was quoted; `prefix`: `batter*` (value without the *). */
export interface TermNode {
  type: 'term';
  field: TextField;
  value: string;
  phrase?: true;
  prefix?: true;
}
/** `left NEAR/distance right`: both terms within `distance` tokens of each other, in either order. */
export interface NearNode {
  type: 'near';
  field: TextField;
  left: string;
  right: string;
  distance: number;
}
/**
 * A date condition with inclusive ISO bounds. `op` is canonical: '=' has both bounds (a day, a month, a
 * year or a range), '>=' only `from`, '<=' only `to` (`>`/`<` are turned into the next/previous day).
 */
export interface DateNode {
  type: 'date';
  field: DateField;
  op: '=' | '>=' | '<=';
  from?: string;
  to?: string;
}
/**
 * IPC/MIPC: a canonical prefix (`H01M`, `H01M10/`, `H01M10/0525`). AN: a canonical application number
 * (`CN202223220665.2`, exact). PN: a canonical publication number; without a kind code (`CN218751475`) it
 * stands for every kind of that number.
 */
export interface CodeNode {
  type: 'code';
  field: CodeField;
  value: string;
}
/** TYPE (发明/实用新型/外观设计) or LS (审中/有权/无权): any of `values`. */
export interface EnumNode {
  type: 'enum';
  field: EnumField;
  values: string[];
}

export type Node = AndNode | OrNode | NotNode | TermNode | NearNode | DateNode | CodeNode | EnumNode;

/** A mistake in an expression: a Chinese message and the 1-based character position it points at. */
export class ExpressionError extends AppError {
  constructor(
    message: string,
    public readonly position: number,
  ) {
    super(400, message);
    this.name = 'ExpressionError';
  }
}
