import type { RuleAlertRecord, RuleCondition, RuleExpression, RuleScalar } from './types';
import { SEVERITY_RANK } from './types';
import { fieldReader, isoInstant, numericString } from './values';

type Test = (value: unknown) => boolean;
type Predicate = (record: RuleAlertRecord) => boolean;

/** A rule compiled once into closures, then run against many records. */
export interface CompiledRule {
  /** Whether the record matches (short-circuits). */
  matches(record: RuleAlertRecord): boolean;
  /** Every node's path, in pre-order: the root is `expression`. */
  readonly paths: readonly string[];
  /**
   * Evaluates every node, without short-circuit, adding 1 to `counts[i]` for each node `paths[i]`
   * that is true; returns the root's value. For dry-run node statistics.
   */
  evaluateAll(record: RuleAlertRecord, counts: number[]): boolean;
}

/** eq on one non-null, non-array value: exact, but a number and a numeric string compare as numbers. */
function equalsTest(expected: RuleScalar): Test {
  if (typeof expected === 'string') {
    const asNumber = numericString(expected);
    if (Number.isNaN(asNumber)) return (value) => value === expected;
    return (value) => (typeof value === 'string' ? value === expected : value === asNumber);
  }
  if (typeof expected === 'number')
    return (value) =>
      typeof value === 'number'
        ? value === expected
        : typeof value === 'string' && numericString(value) === expected;
  return (value) => value === expected;
}

/** Lists longer than this are tested with Set look-ups rather than one closure per value. */
const SET_THRESHOLD = 3;

/** eq against any of `values`, with the same coercions as equalsTest. */
function inListTest(values: readonly RuleScalar[]): Test {
  if (values.length <= SET_THRESHOLD) return anyOf(values.map(equalsTest));
  const strings = new Set<string>();
  const numbers = new Set<number>();
  /** Numeric strings of the list, as numbers: they equal a number field. */
  const numericStrings = new Set<number>();
  const booleans = new Set<boolean>();
  for (const v of values) {
    if (typeof v === 'string') {
      strings.add(v);
      const n = numericString(v);
      if (!Number.isNaN(n)) numericStrings.add(n);
    } else if (typeof v === 'number') numbers.add(v);
    else booleans.add(v);
  }
  return (value) => {
    if (typeof value === 'string')
      return strings.has(value) || (numbers.size > 0 && numbers.has(numericString(value)));
    if (typeof value === 'number') return numbers.has(value) || numericStrings.has(value);
    return typeof value === 'boolean' && booleans.has(value);
  };
}

function anyOf(tests: Test[]): Test {
  const [only] = tests;
  if (tests.length === 1 && only) return only;
  return (value) => {
    for (const test of tests) if (test(value)) return true;
    return false;
  };
}

/** true when the value, or any element of an array value, passes. */
function elementwise(test: Test): Test {
  return (value) => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) if (test(value[i])) return true;
      return false;
    }
    return test(value);
  };
}

function containsTest(expected: RuleScalar): Test {
  const member = equalsTest(expected);
  const needle = typeof expected === 'string' ? expected.toLowerCase() : null;
  return (value) => {
    if (typeof value === 'string') return needle !== null && value.toLowerCase().includes(needle);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) if (member(value[i])) return true;
    }
    return false;
  };
}

/** gte/lte: numbers (numeric strings count), ISO instants, or severity ranks; else false. */
function orderTest(field: string, expected: RuleScalar, gte: boolean): Test {
  const cmp = gte ? (a: number, b: number) => a >= b : (a: number, b: number) => a <= b;
  if (field === 'severity') {
    const rank = typeof expected === 'string' ? SEVERITY_RANK[expected] : undefined;
    if (rank === undefined) return () => false;
    return (value) => {
      if (typeof value !== 'string') return false;
      const r = SEVERITY_RANK[value];
      return r !== undefined && cmp(r, rank);
    };
  }
  const asNumber =
    typeof expected === 'number'
      ? expected
      : typeof expected === 'string'
        ? numericString(expected)
        : NaN;
  const asInstant = typeof expected === 'string' ? isoInstant(expected) : NaN;
  return (value) => {
    if (typeof value === 'number') return !Number.isNaN(asNumber) && cmp(value, asNumber);
    if (typeof value !== 'string') return false;
    if (!Number.isNaN(asNumber)) {
      const n = numericString(value);
      if (!Number.isNaN(n)) return cmp(n, asNumber);
    }
    if (!Number.isNaN(asInstant)) {
      const t = isoInstant(value);
      if (!Number.isNaN(t)) return cmp(t, asInstant);
    }
    return false;
  };
}

function conditionPredicate(condition: RuleCondition): Predicate {
  const read = fieldReader(condition.field);
  const { op, value: expected } = condition;
  switch (op) {
    case 'eq':
    case 'in': {
      const values = Array.isArray(expected) ? expected : [expected];
      const test = elementwise(inListTest(values));
      return (record) => {
        const value = read(record);
        return value !== undefined && value !== null && test(value);
      };
    }
    case 'neq': {
      // Missing or null: true. An array: true when no element equals.
      const test = elementwise(equalsTest(expected as RuleScalar));
      return (record) => {
        const value = read(record);
        return value === undefined || value === null || !test(value);
      };
    }
    case 'contains': {
      const test = containsTest(expected as RuleScalar);
      return (record) => {
        const value = read(record);
        return value !== undefined && value !== null && test(value);
      };
    }
    case 'gte':
    case 'lte': {
      const test = orderTest(condition.field, expected as RuleScalar, op === 'gte');
      return (record) => test(read(record));
    }
  }
}

function shortCircuit(node: RuleExpression): Predicate {
  if (node.kind === 'condition') return conditionPredicate(node);
  const children = node.conditions.map(shortCircuit);
  const and = node.operator === 'and';
  switch (children.length) {
    case 0:
      return and ? () => true : () => false;
    case 1:
      return children[0] as Predicate;
    case 2: {
      const [a, b] = children as [Predicate, Predicate];
      return and ? (r) => a(r) && b(r) : (r) => a(r) || b(r);
    }
    case 3: {
      const [a, b, c] = children as [Predicate, Predicate, Predicate];
      return and ? (r) => a(r) && b(r) && c(r) : (r) => a(r) || b(r) || c(r);
    }
    default:
      return and
        ? (r) => {
            for (const child of children) if (!child(r)) return false;
            return true;
          }
        : (r) => {
            for (const child of children) if (child(r)) return true;
            return false;
          };
  }
}

type Counting = (record: RuleAlertRecord, counts: number[]) => boolean;

function counting(node: RuleExpression, path: string, paths: string[]): Counting {
  const index = paths.length;
  paths.push(path);
  if (node.kind === 'condition') {
    const predicate = conditionPredicate(node);
    return (record, counts) => {
      const hit = predicate(record);
      if (hit) counts[index] = (counts[index] ?? 0) + 1;
      return hit;
    };
  }
  const children = node.conditions.map((child, i) =>
    counting(child, `${path}.conditions[${i}]`, paths),
  );
  const and = node.operator === 'and';
  return (record, counts) => {
    let result = and;
    // Every child runs, so each node's count is its own, whatever its siblings said.
    for (const child of children) {
      const hit = child(record, counts);
      result = and ? result && hit : result || hit;
    }
    if (result) counts[index] = (counts[index] ?? 0) + 1;
    return result;
  };
}

/** Compiles a validated expression (see validateRuleExpression) into closures. */
export function compileRule(expression: RuleExpression, root = 'expression'): CompiledRule {
  const paths: string[] = [];
  const all = counting(expression, root, paths);
  return { matches: shortCircuit(expression), paths, evaluateAll: all };
}
