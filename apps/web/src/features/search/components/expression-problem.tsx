import { Alert } from 'antd';
import type { ExpressionProblem } from '../api';

/** The expression with the character at the error position marked (1-based, as the server counts). */
export function MarkedExpression({ expression, position }: { expression: string; position: number | null }) {
  const chars = Array.from(expression);
  if (position === null || position < 1) return <code className="search-expr-code">{expression}</code>;
  const at = Math.min(position - 1, chars.length);
  const before = chars.slice(0, at).join('');
  const mark = chars[at] ?? ' ';
  const after = chars.slice(at + 1).join('');
  return (
    <code className="search-expr-code" aria-label={`检索式，第 ${position} 个字符处有误`}>
      {before}
      <mark className="search-expr-error" data-testid="expr-error-mark" title={`第 ${position} 个字符`}>
        {mark === ' ' ? '\u00a0' : mark}
      </mark>
      {after}
    </code>
  );
}

/** A syntax error: the server's message and the expression with the position marked. */
export function ExpressionProblemAlert({
  expression,
  problem,
  action,
}: {
  expression: string;
  problem: ExpressionProblem;
  action?: React.ReactNode;
}) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={problem.message}
      description={
        expression || action ? (
          <>
            {expression && <MarkedExpression expression={expression} position={problem.position} />}
            {action && <div style={{ marginTop: 8 }}>{action}</div>}
          </>
        ) : undefined
      }
    />
  );
}
