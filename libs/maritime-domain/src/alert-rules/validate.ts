import {
  RULE_FIELDS,
  RULE_LIMITS,
  RULE_OPERATORS,
  type RuleCondition,
  type RuleExpression,
  type RuleOperator,
  type RuleScalar,
} from './types';

export interface RuleValidationError {
  /** Where the problem is, e.g. `expression.conditions[1].op`. */
  path: string;
  message: string;
}

export type RuleValidation =
  | { ok: true; expression: RuleExpression; nodes: number }
  | { ok: false; errors: RuleValidationError[] };

const METADATA_FIELD = /^metadata(\.[A-Za-z0-9_]+)+$/;
const GROUP_KEYS = new Set(['kind', 'operator', 'conditions']);
const CONDITION_KEYS = new Set(['kind', 'field', 'op', 'value']);
/** Enough to fix a body; a hostile one cannot make the answer large. */
const MAX_ERRORS = 20;

export function isRuleField(field: string): boolean {
  return (RULE_FIELDS as readonly string[]).includes(field) || METADATA_FIELD.test(field);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function scalarProblem(value: unknown): string | null {
  if (typeof value === 'string')
    return value.length <= RULE_LIMITS.maxStringLength
      ? null
      : `must be at most ${RULE_LIMITS.maxStringLength} characters`;
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'must be a finite number';
  if (typeof value === 'boolean') return null;
  return 'must be a string, a number or a boolean';
}

/**
 * Checks an expression's shape and limits and returns it rebuilt with only the known keys, in a
 * fixed key order (so two equal expressions serialise equally). Every problem names its path.
 */
export function validateRuleExpression(input: unknown, root = 'expression'): RuleValidation {
  const errors: RuleValidationError[] = [];
  let nodes = 0;
  let tooMany = false;
  const fail = (path: string, message: string): void => {
    if (errors.length < MAX_ERRORS) errors.push({ path, message });
  };

  const visit = (node: unknown, path: string, depth: number): RuleExpression | null => {
    nodes += 1;
    if (nodes > RULE_LIMITS.maxNodes) {
      if (!tooMany) fail(root, `an expression has at most ${RULE_LIMITS.maxNodes} nodes`);
      tooMany = true;
      return null;
    }
    if (depth > RULE_LIMITS.maxDepth) {
      fail(path, `an expression is at most ${RULE_LIMITS.maxDepth} levels deep`);
      return null;
    }
    if (!isPlainObject(node)) {
      fail(path, 'must be an object: a group or a condition');
      return null;
    }
    if (node['kind'] === 'group') return visitGroup(node, path, depth);
    if (node['kind'] === 'condition') return visitCondition(node, path);
    fail(`${path}.kind`, 'must be group or condition');
    return null;
  };

  const unknownKeys = (node: Record<string, unknown>, known: Set<string>, path: string): void => {
    for (const key of Object.keys(node))
      if (!known.has(key)) fail(`${path}.${key}`, 'is not a known key of this node');
  };

  const visitGroup = (
    node: Record<string, unknown>,
    path: string,
    depth: number,
  ): RuleExpression | null => {
    unknownKeys(node, GROUP_KEYS, path);
    const operator = node['operator'];
    if (operator !== 'and' && operator !== 'or') fail(`${path}.operator`, 'must be and or or');
    const conditions = node['conditions'];
    if (!Array.isArray(conditions)) {
      fail(`${path}.conditions`, 'must be an array of groups or conditions');
      return null;
    }
    const children: RuleExpression[] = [];
    for (let i = 0; i < conditions.length && !tooMany; i++) {
      const child = visit(conditions[i], `${path}.conditions[${i}]`, depth + 1);
      if (child) children.push(child);
    }
    if (operator !== 'and' && operator !== 'or') return null;
    return { kind: 'group', operator, conditions: children };
  };

  const visitCondition = (node: Record<string, unknown>, path: string): RuleCondition | null => {
    unknownKeys(node, CONDITION_KEYS, path);
    const { field, op, value } = node;
    let ok = true;
    if (typeof field !== 'string' || !isRuleField(field)) {
      fail(
        `${path}.field`,
        `must be one of ${RULE_FIELDS.join(', ')} or metadata.<key>(.<key>)* with keys of letters, digits and _`,
      );
      ok = false;
    }
    if (typeof op !== 'string' || !(RULE_OPERATORS as readonly string[]).includes(op)) {
      fail(`${path}.op`, `must be one of ${RULE_OPERATORS.join(', ')}`);
      return null;
    }
    if (op === 'in') {
      if (!Array.isArray(value) || value.length < 1 || value.length > RULE_LIMITS.maxInValues) {
        fail(`${path}.value`, `in takes an array of 1 to ${RULE_LIMITS.maxInValues} scalars`);
        return null;
      }
      value.forEach((item, i) => {
        const problem = scalarProblem(item);
        if (problem) {
          fail(`${path}.value[${i}]`, problem);
          ok = false;
        }
      });
    } else {
      const problem = scalarProblem(value);
      if (problem) {
        fail(`${path}.value`, `${op} takes one scalar: ${problem}`);
        ok = false;
      }
    }
    if (!ok) return null;
    return {
      kind: 'condition',
      field: field as string,
      op: op as RuleOperator,
      value: Array.isArray(value) ? [...(value as RuleScalar[])] : (value as RuleScalar),
    };
  };

  const expression = visit(input, root, 1);
  if (errors.length > 0 || expression === null)
    return {
      ok: false,
      errors: errors.length > 0 ? errors : [{ path: root, message: 'is not a valid expression' }],
    };
  return { ok: true, expression, nodes };
}
