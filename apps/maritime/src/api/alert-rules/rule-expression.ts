import { ApiError } from '@platform/http';
import { type RuleExpression, validateRuleExpression } from '@platform/maritime-domain';

/** A validated expression, or 400 invalid_request naming each failing path in `details`. */
export function parseExpression(input: unknown, field = 'expression'): RuleExpression {
  const result = validateRuleExpression(input, field);
  if (result.ok) return result.expression;
  const details = result.errors.map((e) => ({ field: e.path, message: `${e.path} ${e.message}` }));
  throw ApiError.badRequest('invalid_request', details.map((d) => d.message).join('; '), details);
}
