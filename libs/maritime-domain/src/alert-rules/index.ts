export { compileRule } from './evaluate';
export type { CompiledRule } from './evaluate';
export { isRuleField, validateRuleExpression } from './validate';
export type { RuleValidation, RuleValidationError } from './validate';
export { RULE_FIELDS, RULE_LIMITS, RULE_OPERATORS, SEVERITY_RANK } from './types';
export type {
  RuleAlertRecord,
  RuleCondition,
  RuleExpression,
  RuleGroup,
  RuleOperator,
  RuleScalar,
} from './types';
