// The compiled evaluator against a small reference interpreter written straight from the
// evaluation rules, over generated expressions and records drawn from a shared pool of values so
// that conditions hit as often as they miss.
import fc from 'fast-check';
import { compileRule } from './evaluate';
import type { RuleAlertRecord, RuleCondition, RuleExpression, RuleScalar } from './types';
import { validateRuleExpression } from './validate';

// ---- the reference: slow, recursive, one rule per line -------------------------------------

const RANK: Record<string, number> = { info: 1, warning: 2, critical: 3 };
const refNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(v)) return +v;
  return null;
};
const refInstant = (v: unknown): number | null =>
  typeof v === 'string' &&
  /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(v)
    ? Date.parse(v)
    : null;

function refLookup(record: RuleAlertRecord, field: string): unknown {
  const walk = (path: string[]): unknown =>
    path.reduce<unknown>(
      (at, key) =>
        at !== null && typeof at === 'object' && !Array.isArray(at) && Object.hasOwn(at, key)
          ? (at as Record<string, unknown>)[key]
          : undefined,
      record.metadata,
    );
  if (field === 'imo_number') return walk(['imo_number']);
  if (field === 'entity_id') return walk(['imo_number']) ?? record.entity_id;
  if (field.startsWith('metadata.')) return walk(field.split('.').slice(1));
  return (record as Record<string, unknown>)[field];
}

function refEquals(a: unknown, b: RuleScalar): boolean {
  if (typeof a === 'number' && typeof b === 'string') return refNumber(b) === a;
  if (typeof a === 'string' && typeof b === 'number') return refNumber(a) === b;
  return a === b;
}

function refCompare(field: string, a: unknown, b: RuleScalar): number | null {
  if (field === 'severity')
    return typeof a === 'string' && typeof b === 'string' && RANK[a] && RANK[b]
      ? RANK[a]! - RANK[b]!
      : null;
  const [na, nb] = [refNumber(a), refNumber(b)];
  if (na !== null && nb !== null && !Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  const [ta, tb] = [refInstant(a), refInstant(b)];
  if (ta !== null && tb !== null && !Number.isNaN(ta) && !Number.isNaN(tb)) return ta - tb;
  return null;
}

function refCondition(record: RuleAlertRecord, c: RuleCondition): boolean {
  const v = refLookup(record, c.field);
  if (v === undefined || v === null) return c.op === 'neq';
  const values = Array.isArray(v) ? v : [v];
  const one = c.value as RuleScalar;
  switch (c.op) {
    case 'eq':
      return values.some((x) => refEquals(x, one));
    case 'neq':
      return !values.some((x) => refEquals(x, one));
    case 'in':
      return values.some((x) => (c.value as RuleScalar[]).some((y) => refEquals(x, y)));
    case 'contains':
      if (typeof v === 'string')
        return typeof one === 'string' && v.toLowerCase().includes(one.toLowerCase());
      return Array.isArray(v) && v.some((x) => refEquals(x, one));
    case 'gte':
    case 'lte': {
      if (Array.isArray(v)) return false;
      const d = refCompare(c.field, v, one);
      return d !== null && (c.op === 'gte' ? d >= 0 : d <= 0);
    }
  }
}

function refEvaluate(record: RuleAlertRecord, node: RuleExpression): boolean {
  if (node.kind === 'condition') return refCondition(record, node);
  const results = node.conditions.map((child) => refEvaluate(record, child));
  return node.operator === 'and' ? results.every(Boolean) : results.some(Boolean);
}

function refNodes(node: RuleExpression, path = 'expression'): [string, RuleExpression][] {
  if (node.kind === 'condition') return [[path, node]];
  return [
    [path, node],
    ...node.conditions.flatMap((child, i) => refNodes(child, `${path}.conditions[${i}]`)),
  ];
}

// ---- generators ----------------------------------------------------------------------------

const POOL: RuleScalar[] = [
  'maritime',
  'supply_chain',
  'info',
  'warning',
  'critical',
  'Warning',
  'dark_event',
  'platform',
  'kaub',
  'Ocean Star',
  'ocean',
  'STAR',
  '9074729',
  9074729,
  '12',
  12,
  '12.0',
  12.5,
  0,
  '-3',
  '1e1',
  10,
  '',
  true,
  false,
  '2026-11-20T06:00:00.000Z',
  '2026-11-20T08:00:00+02:00',
  '2026-11-21',
  '2026-11-19T23:59:59Z',
];
const scalar = fc.constantFrom(...POOL);
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.array(fc.oneof(scalar, fc.constant(null)), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', 'b'), scalar, { maxKeys: 2 }) },
);
const metaKey = fc.constantFrom('imo_number', 'gap_hours', 'name', 'tags', 'a', 'b');
const record: fc.Arbitrary<RuleAlertRecord> = fc.record(
  {
    product: fieldValue,
    severity: fc.oneof(fc.constantFrom('info', 'warning', 'critical'), fieldValue),
    source: fieldValue,
    event_type: fieldValue,
    entity_id: fieldValue,
    metadata: fc.oneof(
      { weight: 8, arbitrary: fc.dictionary(metaKey, fieldValue, { maxKeys: 6 }) },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
  },
  { requiredKeys: [] },
);
const field = fc.constantFrom(
  'product',
  'severity',
  'source',
  'event_type',
  'entity_id',
  'imo_number',
  'metadata.imo_number',
  'metadata.gap_hours',
  'metadata.name',
  'metadata.tags',
  'metadata.a',
  'metadata.a.b',
  'metadata.missing',
);
const condition: fc.Arbitrary<RuleExpression> = fc
  .tuple(field, fc.constantFrom('eq', 'neq', 'in', 'contains', 'gte', 'lte' as const), scalar)
  .chain(([f, op, value]): fc.Arbitrary<RuleExpression> =>
    op === 'in'
      ? fc
          .array(scalar, { minLength: 1, maxLength: 10 })
          .map((values) => ({ kind: 'condition' as const, field: f, op, value: values }))
      : fc.constant({ kind: 'condition' as const, field: f, op, value }),
  );
const expression = fc.letrec<{ node: RuleExpression }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    condition,
    fc.record({
      kind: fc.constant('group' as const),
      operator: fc.constantFrom('and' as const, 'or' as const),
      conditions: fc.array(tie('node'), { maxLength: 5 }),
    }),
  ),
})).node;

// ---- properties ----------------------------------------------------------------------------

describe('compiled evaluator against the reference', () => {
  it('agrees on every generated expression and record, and counts every node', () => {
    fc.assert(
      fc.property(expression, fc.array(record, { minLength: 1, maxLength: 8 }), (expr, records) => {
        const rule = compileRule(expr);
        const nodes = refNodes(expr);
        expect(rule.paths).toEqual(nodes.map(([path]) => path));
        const counts = rule.paths.map(() => 0);
        const expected = nodes.map(() => 0);
        for (const r of records) {
          const want = refEvaluate(r, expr);
          expect(rule.matches(r)).toBe(want);
          expect(rule.evaluateAll(r, counts)).toBe(want);
          nodes.forEach(([, node], i) => {
            if (refEvaluate(r, node)) expected[i]! += 1;
          });
        }
        expect(counts).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('validates what it generates within the limits, unchanged', () => {
    fc.assert(
      fc.property(expression, (expr) => {
        const nodes = refNodes(expr).length;
        const result = validateRuleExpression(expr);
        if (nodes > 100) expect(result.ok).toBe(false);
        else if (result.ok) expect(result.expression).toEqual(expr);
      }),
      { numRuns: 500 },
    );
  });
});
