export * from './ast';
export * from './fields';
export {
  parseExpression,
  parseEspacenet,
  parseDateSpan,
  MAX_EXPRESSION_LENGTH,
  MAX_DEPTH,
  DEFAULT_NEAR_DISTANCE,
  MAX_NEAR_DISTANCE,
} from './parser';
export type { ParseOptions } from './parser';
export { toExpression, quoteValue } from './print';
export type { PrintOptions } from './print';
export { formToAst, formToExpression } from './form';
export type { SearchForm } from './form';
